import AnnouncerDesktop
import CAtSpi

/// The shell of `EventTriage` (docs/design.md §12): calls timed, silent applications probed,
/// and the focus a silent one held read once it answers.
extension DesktopBridge {
    /// Runs `read`, calls to `application`; nil when it took a call's timeout or longer (the
    /// application is then silent, and what was read is not to be trusted).
    func timed<T>(_ application: String, _ read: () -> T) -> T? {
        let started = ContinuousClock.now
        let result = read()
        guard ContinuousClock.now - started < .milliseconds(ATSPI.callTimeoutMs) else {
            act(triage.timedOut(application, at: now))
            return nil
        }
        return result
    }

    /// Keeps the object of a focus event of a silent application, to read when it answers.
    func hold(_ event: UnsafePointer<AtspiEvent>, of application: String) {
        guard let type = event.pointee.type.map({ String(cString: $0) }), let source = event.pointee.source else { return }
        var object = source
        if type == "object:active-descendant-changed" {
            var data = event.pointee.any_data
            guard let child = announcer_atspi_value_accessible(&data) else { return }
            object = child
        }
        hold(AccessibleReference(retaining: object), of: application)
    }

    /// Keeps `object`, a focus of `application` (silent now), to read when it answers.
    func hold(_ object: AccessibleReference, of application: String) {
        held.holdFocus(object, of: application)
        triage.holdFocus(of: application)
    }

    /// An application met (on the desktop when the bridge started, or joining it): its focus is
    /// looked for, now or once it answers (`EventTriage.met`).
    func meet(_ application: String, root: AccessibleReference) {
        guard !application.isEmpty else { return }
        if settings.logKeys { settings.log("announcer-atspi: met \(application); its focus is looked for") }
        held.met(application, root: root)
        act(triage.met(application))
    }

    /// A focus event whose object could not be read: the application's focus is looked for
    /// again (`EventTriage.focusUnread`), from its root.
    func focusUnread(_ object: UnsafeMutablePointer<AtspiAccessible>, of application: String) {
        guard let root = ATSPI.root(of: object) else { return }
        if settings.logKeys { settings.log("announcer-atspi: a focus of \(application) could not be read; its focus is looked for") }
        held.met(application, root: root)
        act(triage.focusUnread(application))
    }

    /// What the user's keys asked of an object (the review's focus, or its action): made now,
    /// or, while its application is silent, once it answers (`EventTriage.holdRequest`).
    func request(_ request: HeldRequest, of object: AccessibleReference) {
        let application = ATSPI.application(of: object.pointer)
        if triage.holdRequest(of: application) {
            held.hold(request, of: object, in: application)
            return
        }
        // Timed out, it was asked all the same (the application takes it when it wakes), and
        // is silent from now.
        _ = timed(application) {
            switch request {
            case .focus: ATSPI.grabFocus(object)
            case .tabTo:
                // As the browser's Tab does: a field's text selected (its focus, asked for, is
                // not), first, so that the focus is read with it (a field keeps its selection).
                ATSPI.selectAllText(of: object)
                ATSPI.grabFocus(object)
            case .activate: ATSPI.doDefaultAction(object)
            }
        }
    }

    /// Whether calls to the application `object` is in may be made now.
    func answers(_ object: AccessibleReference) -> Bool {
        !triage.isSilent(ATSPI.application(of: object.pointer))
    }

    func act(_ actions: [EventTriage.Action]) {
        for action in actions {
            switch action {
            case .log(let text):
                settings.log("announcer-atspi: \(text)")
            case .probe(let application, let afterMs):
                probesDue.add(application, at: now + afterMs)
                ATSPI.after(milliseconds: Int(afterMs)) { _ in
                    DesktopBridge.current?.probeDue()
                    return 0  // G_SOURCE_REMOVE
                }
            case .findFocus(let application, let afterMs):
                focusSearchesDue.add(application, at: now + afterMs)
                ATSPI.after(milliseconds: Int(afterMs)) { _ in
                    DesktopBridge.current?.focusSearchDue()
                    return 0  // G_SOURCE_REMOVE
                }
            case .performHeldRequests(let application):
                for (asked, object) in held.takeRequests(of: application) { request(asked, of: object) }
            case .readHeldFocus(let application):
                guard let object = held.takeFocus(of: application) else { continue }
                lastFocused = object
                guard let read = timed(application, { ATSPI.snapshot(object.pointer) }) else {
                    // Timed out again: silent again, and the focus still held, read once it answers
                    // (dropped, the application's focus would never be said).
                    hold(object, of: application)
                    continue
                }
                guard let snapshot = read else { continue }
                receive(.focused(snapshot))
            }
        }
    }

    private func focusSearchDue() {
        for application in focusSearchesDue.take(at: now) { findFocus(of: application) }
    }

    /// Looks for the focus of an application met (`EventTriage.met`) and reads it as a focus,
    /// unless a focus event came while its calls waited (libatspi takes events then).
    private func findFocus(of application: String) {
        guard let root = held.root(of: application), triage.searchesFocus(of: application) else {
            forgetMetApplications()
            return
        }
        let focuses = triage.focusesSeen
        // Timed out: the application is silent, and the search is made again once it answers.
        guard let found = timed(application, { ATSPI.focusedObject(in: root.pointer) }), triage.focusesSeen == focuses else {
            forgetMetApplications()
            return
        }
        guard let object = found else {
            searched(application, found: nil)
            return
        }
        guard let snapshot = timed(application, { ATSPI.snapshot(object.pointer) }) else {
            // Silent now: held, and read once it answers, as a focus event's would be.
            searched(application, found: object)
            hold(object, of: application)
            return
        }
        guard triage.focusesSeen == focuses else { return }
        // Found but not readable (still being exported): not found yet, looked for again.
        guard let snapshot else {
            searched(application, found: nil)
            return
        }
        searched(application, found: object)
        lastFocused = object
        receive(.focused(snapshot))
    }

    private func searched(_ application: String, found: AccessibleReference?) {
        if settings.logKeys { settings.log("announcer-atspi: \(application)'s focus \(found == nil ? "not found" : "found")") }
        act(triage.focusSearched(application, found: found != nil))
        forgetMetApplications()
    }

    /// The applications met whose focus is no longer to be looked for are let go.
    func forgetMetApplications() {
        held.keepRoots { triage.wantsFocus(of: $0) }
    }

    private func probeDue() {
        for application in probesDue.take(at: now) { probe(application) }
    }

    private func probe(_ application: String) {
        guard triage.isSilent(application) else { return }
        let sent = ATSPI.probe(application) { name, result in
            // Perhaps inside another call's wait: noted here, taken on the main loop.
            guard let name, let bridge = DesktopBridge.current else { return }
            bridge.probeAnswers.append((String(cString: name), result == 0 ? .answered : result == 1 ? .noReply : .gone))
            ATSPI.after(milliseconds: 0) { _ in
                DesktopBridge.current?.takeProbeAnswers()
                return 0  // G_SOURCE_REMOVE
            }
        }
        if !sent { act(triage.probed(application, .noReply, at: now)) }
    }

    private func takeProbeAnswers() {
        let answers = probeAnswers
        probeAnswers = []
        for (application, result) in answers {
            if result == .gone { held.gone(application) }
            act(triage.probed(application, result, at: now))
        }
    }
}
