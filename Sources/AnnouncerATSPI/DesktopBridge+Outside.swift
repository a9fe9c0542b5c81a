import AnnouncerDesktop
import AnnouncerSupport
import CAtSpi

// What happens outside the focus that is said: progress bars and notifications.

extension DesktopBridge {
    static let valueChanges: Set<String> = ["object:property-change:accessible-value", "object:value-changed"]

    /// A value changed outside the focus: read when it is a progress bar's (its role asked once),
    /// at once or, when the bar was read less than `readEveryMs` ago, once that time is up (the
    /// latest change then: 100% is never lost), as `ProgressReads` decides. An application's bar
    /// that changes a thousand times a second costs one call for its role, one walk up to its
    /// window, and a read of its value at most every `readEveryMs`.
    func progressChanged(_ source: UnsafeMutablePointer<AtspiAccessible>, application: String) {
        guard filter.progressBars.stepPercent > 0, !triage.isSilent(application) else { return }
        let object = AccessibleReference(retaining: source)
        let id = object.id
        if progress.bar(id) == nil {
            guard let known = timed(application, { () -> ProgressReads<AccessibleReference>.Bar in
                guard object.role == "progress bar" else { return .init(isBar: false) }
                let bounds = ATSPI.valueBounds(object.pointer)
                return .init(isBar: true, window: ATSPI.place(of: object).window?.id, minimum: bounds.minimum, maximum: bounds.maximum)
            }) else { return }
            progress.learned(id, known)
        }
        // A bar in another window is not said: it is not read either (a flooding application's
        // bar costs nothing while its window is in the background).
        guard let bar = progress.bar(id), bar.isBar, filter.activeWindowID.map({ $0 == bar.window }) ?? true else { return }
        switch progress.changed(id, object: object, at: now) {
        case .now:
            readProgress(id)
        case .after(let wait):
            ATSPI.after(milliseconds: Int(wait.rounded(.up))) { _ in
                DesktopBridge.current?.readProgress(nil)
                return 0  // G_SOURCE_REMOVE
            }
        case .waits:
            break
        }
    }

    /// Reads the waiting change of bar `id`, or of every bar whose time is up (nil).
    func readProgress(_ id: String?) {
        for id in id.map({ [$0] }) ?? progress.due(at: now) {
            guard let object = progress.take(id, at: now) else { continue }
            // One call: the value; its bounds were read with its role.
            guard answers(object), let bar = progress.bar(id), let value = timed(ATSPI.application(of: object.pointer), { ATSPI.currentValue(object.pointer) }) ?? nil,
                  let percent = ProgressBars.percent(value: value, minimum: bar.minimum, maximum: bar.maximum) else { continue }
            receive(.progressChanged(id: id, percent: percent, window: progress.bar(id)?.window))
        }
    }
}

extension DesktopBridge {
    /// How long after a window is created its texts are read: a notification's body is set
    /// just after its window is made.
    static let createdWindowReadMs = 100

    /// A window was created: a moment later, if it is of a notification's roles, its labels are
    /// read and it is told to the filter, which says it unless it became the active window. A
    /// window of the application that has the focus is its own (a dialog, a popup), never a
    /// notification: those come from the notification server, another process.
    func windowCreated(_ source: UnsafeMutablePointer<AtspiAccessible>, application: String) {
        guard !triage.isSilent(application), lastFocused.map({ ATSPI.application(of: $0.pointer) }) != application else { return }
        let window = AccessibleReference(retaining: source)
        createdWindows.append(window)
        ATSPI.after(milliseconds: Self.createdWindowReadMs) { _ in
            guard let bridge = DesktopBridge.current, !bridge.createdWindows.isEmpty else { return 0 }
            let window = bridge.createdWindows.removeFirst()
            let application = ATSPI.application(of: window.pointer)
            guard bridge.answers(window), let read = bridge.timed(application, { () -> (role: String, texts: [String])? in
                let role = window.role
                guard AccessibleMapping.notificationRoles.contains(role) else { return nil }
                return (role, ATSPI.labels(in: window.pointer))
            }), let read else { return 0 }
            bridge.receive(.windowCreated(id: window.id, role: read.role, texts: read.texts))
            return 0  // G_SOURCE_REMOVE
        }
    }
}
