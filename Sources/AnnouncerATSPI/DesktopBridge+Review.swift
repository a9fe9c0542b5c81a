import AnnouncerClient
import AnnouncerDesktop
import AnnouncerElements
import AnnouncerSettings
import AnnouncerSystem
import CAtSpi

/// The review's shell (docs/design.md §18): the keys from the X display, the tree read from
/// libatspi, and what `DesktopReview` asks done, on GLib's main loop.
extension DesktopBridge {
    func startReview() {
        guard let keyboard = ReviewKeyboard(modifier: settings.modifier) else {
            settings.log("announcer-atspi: no X display: the review keys are off (speech of the focus goes on)")
            return
        }
        self.keyboard = keyboard
        ReviewKeyboard.pressed = { key in DesktopBridge.current?.keyPressed(key) }
        if settings.logKeys {
            let log = settings.log
            ReviewKeyboard.modifierDown = { name in log("announcer-atspi: key: \(name) down, its keys taken") }
        }
        ReviewKeyboard.anyKey = { movesFocus, movesCaret in
            DesktopBridge.current?.receive(.keyPressed(movesFocus: movesFocus, movesCaret: movesCaret))
            DesktopBridge.current?.perform(DesktopBridge.current?.review.keyPressed() ?? [])
        }
        ReviewKeyboard.controlTapped = { DesktopBridge.current?.perform([.stopSpeech]) }
        ReviewKeyboard.clipboardKey = { key in DesktopBridge.current?.receive(.clipboard(key)) }
        keyboard.take(reviewKeys)
    }

    /// What the review keeps of an event before the event is spoken: the object focused (`item`
    /// in a list that manages its items), the window activated, and whether the tree changed.
    func noteForReview(_ event: UnsafePointer<AtspiEvent>, item: AccessibleReference?) {
        guard let type = event.pointee.type.map({ String(cString: $0) }), let source = event.pointee.source else { return }
        if type == "window:activate" || type == "object:state-changed:focused" {
            ATSPI.wakeApplication(of: source, awake: &awakeApplications)
            if type == "window:activate" || event.pointee.detail1 == 1 { takeKeys(asFrom: source) }
        }
        switch type {
        case "object:state-changed:focused" where event.pointee.detail1 == 1:
            lastFocused = item ?? AccessibleReference(retaining: source)
        case "object:active-descendant-changed":
            var data = event.pointee.any_data
            if let child = announcer_atspi_value_accessible(&data) { lastFocused = AccessibleReference(retaining: child) }
        case "window:activate":
            let window = AccessibleReference(retaining: source)
            if reviewRoot == nil || reviewWindow?.id != window.id {
                reviewWindow = window
                reviewRoot = window
                treeIsStale = true
            }
        case _ where type.hasPrefix("object:children-changed") || type.hasPrefix("object:text-changed") || type.hasPrefix("document:")
                    || type == "object:property-change:accessible-name" || Self.treeStates.contains(type):
            treeIsStale = true
        default:
            break
        }
    }

    /// The review's keys are taken from the application with the focus as its toolkit allows
    /// (`KeyCapture`), known once per application.
    func takeKeys(asFrom source: UnsafeMutablePointer<AtspiAccessible>) {
        guard let keyboard else { return }
        let application = ATSPI.application(of: source)
        let capture = keyCaptures[application] ?? KeyCapture.of(toolkit: ATSPI.toolkit(of: source))
        keyCaptures[application] = capture
        guard keyboard.capture != capture else { return }
        keyboard.capture = capture
        if keyboard.capture != capture {
            settings.log("announcer-atspi: the accessibility registry does not pass on \(application)'s keys; they are grabbed")
            keyCaptures[application] = .grab
        } else if settings.logKeys {
            settings.log("announcer-atspi: keys of \(application): \(capture)")
        }
    }

    /// The state changes that make the review's tree stale: a radio button the page checked
    /// while another had the focus is said checked by the next review key.
    static let treeStates: Set<String> = [
        "object:state-changed:checked", "object:state-changed:indeterminate", "object:state-changed:pressed",
        "object:state-changed:expanded", "object:state-changed:selected", "object:state-changed:sensitive",
    ]

    /// The focus was said: the review's cursor follows it, and its window or document becomes
    /// the one the review reads.
    func focusMoved(_ element: Element) {
        guard let object = lastFocused, let id = element.id, object.id == id else { return }
        // A change to the focused object (a slider's every step) moves nothing: its place is
        // not looked up again over the bus.
        if review.focused?.object == id {
            _ = review.focusMoved(to: id, element: element, inDocument: review.mode != .desktop, takesArrows: review.mode == .focus)
            return
        }
        let place = ATSPI.place(of: object)
        filter.focusedDocument = place.document?.id
        let root = place.document ?? place.window
        if let root, root.id != reviewRoot?.id {
            reviewRoot = root
            reviewWindow = place.window
            treeIsStale = true
            // Read while the user listens to the focus, so that the first review key is quick;
            // a page whose document took the focus says its first item once its title is said.
            documentWait.rootChanged(document: place.document?.id, focus: id)
            readNewWindowsTree(afterMs: 0)
        }
        let takesArrows = ReviewKeyMap.takesArrows(role: object.role, traits: element.traits)
        // An option of a combo box's popup (the box's active descendant, or focused in a list the
        // box controls), though the review did not see the box open.
        let comboBoxItem = place.document != nil && element.context.map { if case .series = $0 { true } else { false } } == true
            && ATSPI.comboBoxOfPopupItem(object.pointer) != nil
        // In a table's cell, Ctrl+Alt+arrows move by cell wherever it is (GTK's and Qt's tables).
        focusInTable = ReviewTree.cellRoles.contains(object.role)
        performTakingKeys(review.focusMoved(to: id, element: element, inDocument: place.document != nil, takesArrows: takesArrows,
                                            comboBoxItem: comboBoxItem))
    }

    /// Reads the tree of the window or document the review just moved to, `afterMs` from now,
    /// on the main loop.
    private func readNewWindowsTree(afterMs: Int) {
        ATSPI.after(milliseconds: afterMs) { _ in
            DesktopBridge.current?.refreshTree(sameWindow: false)
            return 0  // G_SOURCE_REMOVE
        }
    }

    /// Starts reading the review's tree again from its root, when it is stale and its
    /// application answers: a slice at a time between events (`TreeWalk`), or, `whole`, at once
    /// (a review key is answered from it). A walk under way goes on unless the root changed, or
    /// a key is to be answered and the tree changed since the walk began: the walk may have read
    /// an object before its change (Firefox's disclosure read collapsed after the page expanded
    /// it, its new links missing), and the key is answered from the page as it is now.
    func refreshTree(sameWindow: Bool, whole: Bool = false) {
        if treeIsStale, let root = reviewRoot ?? lastFocused.flatMap({ answers($0) ? ATSPI.place(of: $0).window : nil }), answers(root),
           walk?.root.id != root.id || whole {
            // A walk of a window new to the review that is begun again still reads a new window.
            let newWindow = walk.map { $0.root.id == root.id && !walkSameWindow } ?? false
            reviewRoot = root
            // Before the walk: a change heard from here on is one the walk may have missed.
            treeIsStale = false
            walk = TreeWalk(root)
            walkSameWindow = sameWindow && !newWindow
            if !whole { scheduleWalk() }
        }
        guard whole, let walk else { return }
        walk.walk(for: ATSPI.longestWalk)
        walkEnded(walk)
    }

    private func scheduleWalk() {
        ATSPI.whenIdle { _ in
            guard let bridge = DesktopBridge.current, let walk = bridge.walk else { return 0 }
            guard walk.walk(for: ATSPI.walkSlice) else { return 1 }  // G_SOURCE_CONTINUE
            bridge.walkEnded(walk)
            return 0  // G_SOURCE_REMOVE
        }
    }

    /// A walk is done: its tree is the review's, read again when it was cut short while the
    /// application catches up (`CutShortWalks`).
    private func walkEnded(_ walk: TreeWalk) {
        guard self.walk === walk else { return }
        self.walk = nil
        if walk.timedOut { act(triage.timedOut(ATSPI.application(of: walk.root.pointer), at: now)) }
        guard let node = walk.tree else {
            treeIsStale = true
            return
        }
        let window = reviewWindow ?? walk.root
        let items = ReviewTree.items(node, catalog: settings.catalog, locale: settings.locale)
        review.read(items, window: (window.name, AccessibleMapping.windowRole(window.role)), sameWindow: walkSameWindow)
        reviewObjects = walk.objects
        if let waiting = documentWait.walked(root: walk.root.id) {
            if let actions = review.documentShown(waiting.document, waitedEnough: waiting.waitedEnough) {
                documentWait.said()
                perform(actions)
            } else {
                // Its first item has no words yet: the page is still being laid out.
                treeIsStale = true
                readNewWindowsTree(afterMs: documentWait.readAgain())
            }
        }
        if cutShortWalks.ended(cutShort: walk.cutShort, ranOutOfTime: walk.ranOutOfTime, objects: walk.objects.count) { treeIsStale = true }
    }

    /// A review key: answered once the accessibility events already received have been taken,
    /// as a focus waits for the rest of its storm (`wake`), at most `longestWaitMs`. They may
    /// say that the tree changed (a page that went on loading while the last walk read it), and
    /// a key answered before them would be answered from the tree as it was.
    func keyPressed(_ key: ReviewKey) {
        if settings.logKeys { settings.log("announcer-atspi: key: \(key)") }
        noteActivity()
        if keys.pressed(key, at: now) { answerKeys() }
    }

    func answerKeys() {
        guard let answered = keys.answer(eventsWaiting: ATSPI.eventsWaiting, at: now) else {
            ATSPI.after(milliseconds: 1) { _ in
                DesktopBridge.current?.answerKeys()
                return 0  // G_SOURCE_REMOVE
            }
            return
        }
        for key in answered { reviewKey(key) }
    }

    func reviewKey(_ key: ReviewKey) {
        guard let command = ReviewKeyMap.command(for: key, in: review.mode) else { return }
        if treeIsStale || walk != nil { refreshTree(sameWindow: true, whole: true) }
        // The focus as it is now, and the containers it is in (Insert+Tab names them).
        if [.whereAmI, .reportFocus, .sayLine, .leaveFocusMode].contains(command), let object = lastFocused, answers(object),
           var snapshot = ATSPI.snapshot(object.pointer) {
            snapshot.containers = ATSPI.containers(of: object.pointer)
            let element = AccessibleMapping.element(snapshot, catalog: settings.catalog, locale: settings.locale)
            review.focusReadAgain(snapshot.id, element: element, takesArrows: ReviewKeyMap.takesArrows(role: snapshot.role, traits: element.traits),
                                  containers: AccessibleMapping.placedContainers(snapshot.containers).map(\.container))
        }
        performTakingKeys(review.perform(command, presses: keys.presses(of: key, at: now)))
        // A change to the item the cursor is on (its own object, not a run of a text's) is said.
        // Tab moved the cursor to the item it focuses without saying it: the focus says it.
        if case .tab = command {
            filter.reviewed = nil
        } else if let item = review.cursor.current, item.element.id == item.object {
            filter.reviewed = (item.object, item.element)
        }
    }

    /// The keys of the review's new mode are taken (or given back) before what it says is sent:
    /// a user, or a test, who presses the next key on hearing the answer must find the keys
    /// of the mode that answer belongs to, not the last mode's (on a loaded machine a key of
    /// the rotor reached the application as a letter). Taken again after, for a mode that
    /// carrying out the actions changed.
    func performTakingKeys(_ actions: [ReviewAction]) {
        keyboard?.take(reviewKeys)
        perform(actions)
        keyboard?.take(reviewKeys)
    }

    /// The keys the review takes now: its mode's, with Escape left to a menu that has the focus,
    /// and to the page in focus mode the user chose.
    var reviewKeys: Set<ReviewKey> {
        ReviewKeyMap.keys(in: review.mode, escapeToPage: review.focused?.element.traits.contains(.menuItem) == true || review.escapeIsThePages,
                          inTable: focusInTable, tabs: review.tabs)
    }

    func perform(_ actions: [ReviewAction]) {
        for action in actions {
            switch action {
            case .speak(let element):
                _ = daemon.request(.focus(element))
            case .read(let element):
                if case .ok(let accepted)? = daemon.request(.focus(element))?.body {
                    readingUtterance = accepted.utterance
                } else {
                    perform(review.readingFinished(spoken: false))
                }
            case .queue(let element):
                let text = review.composer.compose(element).description
                if !text.isEmpty { _ = daemon.request(.announce(Announcement(text: text, priority: .low))) }
            case .say(let text, let unit):
                _ = daemon.request(.echo(text: text, unit: unit, language: nil))
            case .activate(let object):
                if let object = reviewObjects[object] { request(.activate, of: object) }
            case .focus(let id):
                filter.askFocus(id, at: now)
                if let object = reviewObjects[id] { request(.focus, of: object) }
            case .tabTo(let id):
                filter.askFocus(id, at: now)
                if let object = reviewObjects[id] { request(.tabTo, of: object) }
            case .stopSpeech:
                readingUtterance = nil
                _ = daemon.request(.stop)
            case .saySetting(let setting):
                // Its value as the daemon holds it now, in the configured locale's words.
                guard case .settings(let values, _)? = daemon.request(.settings([]))?.body else { break }
                let words = settings.catalog.words(for: nil, configured: settings.locale)
                _ = daemon.request(.echo(text: Configuration(settings: values).spoken(setting, in: words), unit: .word, language: nil))
            case .changeSetting(let change):
                _ = daemon.request(.settings([change]))
            }
        }
        watchDaemon()
        readEvents()
    }

    // MARK: - announcerd's events (a read all's progress)

    /// Watches the daemon's connection for events, once per connection.
    func watchDaemon() {
        guard let descriptor = daemon.descriptor?.rawValue, descriptor != watchedDescriptor else { return }
        watchedDescriptor = descriptor
        announcer_atspi_watch_descriptor(descriptor) { descriptor, _, _ in
            guard let bridge = DesktopBridge.current, bridge.daemon.descriptor?.rawValue == descriptor else { return 0 }
            bridge.readEvents(readingSocket: true)
            return bridge.daemon.descriptor?.rawValue == descriptor ? 1 : 0  // G_SOURCE_CONTINUE while connected
        }
    }

    /// The object this door showed by its id: the focus, or an item of the review's tree.
    func object(withID id: String?) -> AccessibleReference? {
        guard let id else { return nil }
        if let focused = lastFocused, focused.id == id { return focused }
        return reviewObjects[id]
    }

    func readEvents(readingSocket: Bool = false) {
        for event in daemon.takeEvents(readingSocket: readingSocket) {
            // The typing echo or the locale changed (a settings key, `announce set`): followed
            // from now.
            if case .settings(let values) = event {
                let changed = Configuration(settings: values)
                filter.typingEcho = changed.typingEcho
                if changed.locale != settings.locale, settings.catalog.table(for: changed.locale) != nil {
                    settings.locale = changed.locale
                    filter.locale = changed.locale
                    review.composer.locale = changed.locale
                }
                continue
            }
            // A braille display's routing key over what this door showed: the caret to the cell
            // pressed, or the focus to the object; over the focus, its action.
            if case .route(let id, let offset) = event {
                if let object = object(withID: id) {
                    if let offset { ATSPI.setCaretOffset(object, offset) } else { ATSPI.grabFocus(object) }
                }
                continue
            }
            if case .activate(let id) = event {
                if let object = object(withID: id) { ATSPI.doDefaultAction(object) }
                continue
            }
            guard case .finished(let utterance, let status, _) = event, utterance == readingUtterance else { continue }
            readingUtterance = nil
            perform(review.readingFinished(spoken: status == .spoken))
        }
        if daemon.descriptor == nil { watchedDescriptor = nil }
    }
}
