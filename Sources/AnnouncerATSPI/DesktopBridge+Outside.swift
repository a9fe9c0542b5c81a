import AnnouncerDesktop
import AnnouncerSupport
import CAtSpi

// What happens outside the focus that is said: progress bars and notifications.

/// What the bridge keeps to read progress bars outside the focus at a bounded cost: an
/// application's bar that changes a thousand times a second costs one call for its role, one
/// walk up to its window, and a read of its value at most every `readEveryMs`.
struct ProgressReading {
    /// Whether each object heard changing its value is a progress bar, the window it is in, and
    /// its bounds (read once).
    var bars: [String: (isBar: Bool, window: String?, minimum: Double?, maximum: Double?)] = [:]
    /// A bar's latest change, waiting to be read, and when each bar was read last.
    var waiting: [String: AccessibleReference] = [:]
    var readAt: [String: Milliseconds] = [:]
    static let readEveryMs: Milliseconds = 100
    /// The most objects remembered: past it the oldest knowledge is let go and read again.
    static let remembered = 512
}

extension DesktopBridge {
    static let valueChanges: Set<String> = ["object:property-change:accessible-value", "object:value-changed"]

    /// A value changed outside the focus: read when it is a progress bar's (its role asked once),
    /// at once or, when the bar was read less than `readEveryMs` ago, once that time is up (the
    /// latest change then: 100% is never lost).
    func progressChanged(_ source: UnsafeMutablePointer<AtspiAccessible>, application: String) {
        guard filter.progressBars.stepPercent > 0, !triage.isSilent(application) else { return }
        let object = AccessibleReference(retaining: source)
        let id = object.id
        if progress.bars[id] == nil {
            guard let known = timed(application, { () -> (isBar: Bool, window: String?, minimum: Double?, maximum: Double?) in
                guard object.role == "progress bar" else { return (false, nil, nil, nil) }
                let bounds = ATSPI.valueBounds(object.pointer)
                return (true, ATSPI.place(of: object).window?.id, bounds.minimum, bounds.maximum)
            }) else { return }
            if progress.bars.count >= ProgressReading.remembered { progress.bars.removeAll() }
            progress.bars[id] = known
        }
        // A bar in another window is not said: it is not read either (a flooding application's
        // bar costs nothing while its window is in the background).
        guard let bar = progress.bars[id], bar.isBar, filter.activeWindowID.map({ $0 == bar.window }) ?? true else { return }
        let waited = progress.waiting[id] != nil
        progress.waiting[id] = object
        let last = progress.readAt[id] ?? -.infinity
        if now - last >= ProgressReading.readEveryMs {
            readProgress(id)
        } else if !waited {
            ATSPI.after(milliseconds: Int((last + ProgressReading.readEveryMs - now).rounded(.up))) { _ in
                DesktopBridge.current?.readProgress(nil)
                return 0  // G_SOURCE_REMOVE
            }
        }
    }

    /// Reads the waiting change of bar `id`, or of every bar whose time is up (nil).
    func readProgress(_ id: String?) {
        let due = id.map { [$0] } ?? progress.waiting.keys.filter { now - (progress.readAt[$0] ?? -.infinity) >= ProgressReading.readEveryMs - 1 }
        for id in due {
            guard let object = progress.waiting.removeValue(forKey: id) else { continue }
            progress.readAt[id] = now
            if progress.readAt.count > ProgressReading.remembered { progress.readAt = [id: now] }
            // One call: the value; its bounds were read with its role.
            guard answers(object), let bar = progress.bars[id], let value = timed(ATSPI.application(of: object.pointer), { ATSPI.currentValue(object.pointer) }) ?? nil,
                  let percent = ProgressBars.percent(value: value, minimum: bar.minimum, maximum: bar.maximum) else { continue }
            receive(.progressChanged(id: id, percent: percent, window: progress.bars[id]?.window))
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
