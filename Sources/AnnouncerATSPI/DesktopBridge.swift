import AnnouncerClient
import AnnouncerComposer
import AnnouncerDesktop
import AnnouncerElements
import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire
import CAtSpi

/// `announcer-atspi`: the desktop's accessibility events, through `DesktopEventFilter`, to
/// announcerd as an ordinary client (docs/design.md §12). Runs on GLib's main loop: libatspi calls the
/// event callback there, and the filter's wake-ups are GLib timeouts there too.
public final class DesktopBridge {
    public struct Settings: Sendable {
        public var socket: String?
        public var typingEcho: TypingEcho
        /// The locale tables and the configured locale, for the words the bridge says itself.
        public var catalog: LocaleCatalog
        public var locale: String
        /// The review's screen-reader modifier.
        public var modifier: DesktopModifier
        public var log: @Sendable (String) -> Void
        /// Whether each screen-reader modifier press and each review key taken is logged.
        public var logKeys: Bool
        /// Every this many percent a progress bar outside the focus is said (0: never).
        public var progressPercent: Int

        public init(socket: String?, typingEcho: TypingEcho, catalog: LocaleCatalog, locale: String, modifier: DesktopModifier = .insert,
                    logKeys: Bool = false, progressPercent: Int = 10, log: @escaping @Sendable (String) -> Void) {
            self.progressPercent = progressPercent
            self.socket = socket
            self.typingEcho = typingEcho
            self.catalog = catalog
            self.locale = locale
            self.modifier = modifier
            self.logKeys = logKeys
            self.log = log
        }
    }

    var settings: Settings
    var filter: DesktopEventFilter
    let daemon: DaemonLink
    /// The review (docs/design.md §18) and what the shell keeps for it: the keys, the object
    /// last focused, the tree's root and window, its objects by id, and whether it must be read
    /// again before the next review key.
    var review: DesktopReview
    var keyboard: ReviewKeyboard?
    var lastFocused: AccessibleReference?
    var reviewRoot: AccessibleReference?
    var reviewWindow: AccessibleReference?
    var reviewObjects: [String: AccessibleReference] = [:]
    var treeIsStale = true
    /// Whether the focus is a table's cell: Ctrl+Alt+arrows are taken in every mode then.
    var focusInTable = false
    /// A page's document that took the focus: its first item is said once a walk has read its
    /// tree (`walkEnded`).
    var documentWait = DocumentWait()
    /// The walk of the tree under way, and whether it reads the window the review was in.
    var walk: TreeWalk?
    var walkSameWindow = false
    /// Whether a walk cut short is read again (`refreshTree`).
    var cutShortWalks = CutShortWalks()
    /// Review keys pressed and not yet answered: they wait for the accessibility events already
    /// received (`answerKeys`).
    var keys: ReviewKeyQueue
    /// The utterance of the read all's item being said, and the daemon connection's watch.
    var readingUtterance: UtteranceID?
    var watchedDescriptor: Int32?
    /// How each application met gives the review its keys (`takeKeys(asFrom:)`).
    var keyCaptures: [String: KeyCapture] = [:]
    /// The applications asked for their attributes (`ATSPI.wakeApplication`).
    var awakeApplications: Set<String> = []
    /// Which events are read, which applications are silent; the focus each silent one holds,
    /// what the user's keys asked of it, and the root of each application met whose focus is
    /// still to be looked for; the searches and probes due, and the probes' answers not yet
    /// taken (`DesktopBridge+Triage`).
    var triage = EventTriage()
    var held = HeldObjects<AccessibleReference>()
    var focusSearchesDue = DueApplications()
    var probesDue = DueApplications()
    var probeAnswers: [(application: String, result: EventTriage.ProbeResult)] = []
    /// The applications an event came from (logged once each, with --log-keys).
    var heardApplications: Set<String> = []
    /// Progress bars outside the focus (`DesktopBridge+Outside`): which objects are bars, the
    /// window each is in, and the bars whose value waits to be read.
    var progress = ProgressReads<AccessibleReference>()
    /// Windows created, waiting to be read (`windowCreated`), oldest first.
    var createdWindows: [AccessibleReference] = []
    private let origin = ContinuousClock.now
    private var wakeScheduled = false
    /// Idle, the bridge gives back the pages of its program and libraries it is not using, and
    /// its heap's free ones (IdlePages): an event or a review key is activity.
    private lazy var idleTrim = IdleTrim(at: now)

    /// The one bridge of the process, for libatspi's C callbacks (which carry no context).
    nonisolated(unsafe) static var current: DesktopBridge?  // Safe: set once before the main loop runs, read by libatspi's callbacks on that loop's thread only.

    public init(settings: Settings) {
        self.settings = settings
        self.filter = DesktopEventFilter(typingEcho: settings.typingEcho, catalog: settings.catalog, locale: settings.locale)
        filter.progressBars.stepPercent = settings.progressPercent
        self.keys = ReviewKeyQueue(longestWaitMs: filter.longestWaitMs)
        self.review = DesktopReview(composer: UtteranceComposer(catalog: settings.catalog, locale: settings.locale, hintStyle: .keyboard))
        let log = settings.log
        var link = DaemonLink.Settings(socket: settings.socket, client: "announcer-atspi", hints: .keyboard)
        // A read all goes on when its item has been said.
        link.subscriptions = ["finished", "settings"]
        daemon = DaemonLink(settings: link) { notice in
            switch notice {
            // Said once per outage, not at every event.
            case .unreachable(let error): log("announcer-atspi: cannot reach announcerd (\(error)); trying again at the next event")
            case .reconnected: log("announcer-atspi: connected to announcerd again")
            }
        }
    }

    /// Connects to the accessibility bus and serves until the process ends, or until that bus
    /// goes away: then `.temporaryFailure`, and the caller starts again (see main.swift).
    public func run() -> ExitStatus {
        guard ATSPI.initialize() else {
            settings.log("announcer-atspi: cannot reach the accessibility bus (is at-spi2-core running, and DBUS_SESSION_BUS_ADDRESS set?)")
            return .unavailable
        }
        Self.current = self
        // Firefox exposes its tree only to a desktop that says it has a screen reader.
        if !ATSPI.enableAccessibility() {
            settings.log("announcer-atspi: could not set org.a11y.Status.IsEnabled; some applications (Firefox) may stay silent")
        }
        let failed = ATSPI.listen { event in
            guard let event else { return }
            // libatspi hands each listener a copy of its own (transfer full), to free.
            defer { ATSPI.free(event) }
            DesktopBridge.current?.handle(event)
        }
        if !failed.isEmpty { settings.log("announcer-atspi: could not listen for \(failed.joined(separator: ", "))") }
        if !ATSPI.watchBus({ DesktopBridge.current?.busLost() }) {
            settings.log("announcer-atspi: cannot watch the accessibility bus; a restart of it will not be noticed")
        }
        daemon.connectIfNeeded()
        watchDaemon()
        startReview()
        settings.log("announcer-atspi: listening to the accessibility bus")
        // The focus an application already held, of which it sent no event.
        for (application, root) in ATSPI.applications() { meet(application, root: root) }
        noteActivity()
        ATSPI.runMainLoop()
        return busGone ? .temporaryFailure : .success
    }

    private var busGone = false

    /// The accessibility bus went away (at-spi2-core restarted, or the session's bus launcher
    /// was replaced): a moment for its successor to start, then the main loop ends.
    private func busLost() {
        guard !busGone else { return }
        busGone = true
        settings.log("announcer-atspi: the accessibility bus went away")
        ATSPI.after(milliseconds: 500) { _ in
            ATSPI.quitMainLoop()
            return 0  // G_SOURCE_REMOVE
        }
    }

    var now: Milliseconds { (ContinuousClock.now - origin).milliseconds }

    private func handle(_ event: UnsafePointer<AtspiEvent>) {
        noteActivity()
        guard let type = event.pointee.type.map({ String(cString: $0) }), let source = event.pointee.source else { return }
        let application = ATSPI.application(of: source)
        // For a session's log (--log-keys): whether an application's events reach the bridge.
        if settings.logKeys, heardApplications.insert(application).inserted {
            settings.log("announcer-atspi: first event of \(application): \(type)")
        }
        if type == "window:create" {
            windowCreated(source, application: application)
            return
        }
        // An application joined the desktop: its focus may come before its first event.
        if type.hasPrefix("object:children-changed:add") {
            var data = event.pointee.any_data
            if let child = announcer_atspi_value_accessible(&data), ATSPI.joinsDesktop(child, parent: source) {
                meet(ATSPI.application(of: child), root: AccessibleReference(retaining: child))
                return
            }
        }
        let cost = EventTriage.cost(of: type, detail1: Int(event.pointee.detail1))
        defer { if cost == .focus { forgetMetApplications() } }
        switch triage.decide(cost, application: application, object: ATSPI.identifier(source), focused: lastFocused?.id,
                             reviewed: filter.reviewed?.id, window: filter.waitingWindow) {
        case .skip:
            // What the review must know of it costs no call.
            if cost == .change { noteForReview(event, item: nil) }
            // A progress bar's value outside the focus may yet be said.
            if Self.valueChanges.contains(type) { progressChanged(source, application: application) }
            return
        case .hold:
            hold(event, of: application)
            return
        case .read:
            break
        }
        let read = timed(application) { () -> DesktopEvent? in
            let item = ATSPI.focusedItem(event)
            noteForReview(event, item: item)
            return ATSPI.event(event, item: item, focused: lastFocused?.id)
        }
        guard let read else {
            if cost == .focus { hold(event, of: application) }
            return
        }
        guard let desktopEvent = read else {
            if cost == .focus { focusUnread(source, of: application) }
            return
        }
        receive(desktopEvent)
    }

    func receive(_ event: DesktopEvent) {
        if settings.logKeys, case .focused(let object) = event {
            settings.log("announcer-atspi: focus: \(object.role) \"\(object.name)\"")
        }
        deliver(filter.receive(event, at: now))
        // A braille display follows the field's text and caret as it is edited (the reply read,
        // as every request's is, so that none pile up unread).
        if let edit = filter.brailleText(for: event) {
            _ = daemon.request(.braille(text: edit.text, caret: edit.caret, element: edit.element))
        }
        scheduleWake()
    }

    private func wake() {
        wakeScheduled = false
        // Events still to be read belong to the storm (on a loaded machine reading each one
        // takes longer than the wait): they come first, then the focus.
        if ATSPI.eventsWaiting, filter.mayWaitLonger(at: now) {
            scheduleWake(at: now + 1)
            return
        }
        deliver(filter.due(at: now))
        scheduleWake()
    }

    private func scheduleWake(at time: Milliseconds? = nil) {
        guard !wakeScheduled, let deadline = time ?? filter.deadline else { return }
        wakeScheduled = true
        ATSPI.after(milliseconds: Int((deadline - now).rounded(.up))) { _ in
            DesktopBridge.current?.wake()
            return 0  // G_SOURCE_REMOVE
        }
    }

    func noteActivity() {
        if let due = idleTrim.activity(at: now) { setIdleTrimTimer(for: due) }
    }

    private func setIdleTrimTimer(for due: Milliseconds) {
        ATSPI.after(milliseconds: Int((due - now).rounded(.up))) { _ in
            DesktopBridge.current?.idleTrimTimerFired()
            return 0  // G_SOURCE_REMOVE
        }
    }

    private func idleTrimTimerFired() {
        switch idleTrim.timerFired(at: now) {
        case .trim: IdlePages.release()
        case .again(let due): setIdleTrimTimer(for: due)
        case nil: break
        }
    }

    // MARK: - announcerd

    func deliver(_ requests: [DesktopRequest]) {
        for request in requests {
            let wire: Request
            var focus: Element?
            switch request {
            case .focus(let element):
                wire = .focus(element)
                focus = element
            case .focusHeard(let element):
                // Said already, by the browse cursor: the review follows it, nothing is sent.
                focusMoved(element)
                readEvents()
                continue
            case .announce(let announcement):
                wire = .announce(announcement)
            case .echo(let text, let unit):
                // Said at once; a newer keystroke's echo replaces this one, as VoiceOver's does.
                wire = .echo(text: text, unit: unit, language: nil)
            case .window(let title, let role):
                wire = .window(title: title, role: role, language: nil)
            case .notification(let text):
                // Polite: after what is being said. Kept for Insert+N.
                review.notified(text)
                wire = .announce(Announcement(text: text))
            }
            // A daemon that restarted is reached again, and the request is not lost; the reply
            // is awaited, so that none pile up unread.
            _ = daemon.request(wire)
            if let focus { focusMoved(focus) }
            readEvents()
        }
    }
}
