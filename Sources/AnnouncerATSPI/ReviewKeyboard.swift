import AnnouncerDesktop
import AnnouncerSettings
import CAtSpi

/// The review's keys, taken from the applications (docs/design.md §18) as `KeyCapture` says for
/// the one with the focus: libatspi's device grabs them on the X display, so a taken key never
/// reaches the window with the focus; or a keystroke listener answers the application that asks
/// about each key whether it is taken. The device watches every key go by. The screen-reader
/// modifier (Insert, the keypad's Insert, CapsLock) is a modifier of the device's own when
/// grabbing, and the listener's `AskedKeys` when asked. Runs on GLib's main loop, as the bridge
/// does.
final class ReviewKeyboard {
    private let device: UnsafeMutablePointer<AtspiDevice>
    /// The device's mask for each screen-reader modifier key.
    private let modifierMasks: [UInt32]
    /// What the review takes now, and how.
    private var wanted: Set<ReviewKey> = []
    var capture = KeyCapture.grab {
        didSet { if capture != oldValue { recapture() } }
    }
    private var taken: [ReviewKey: [guint]] = [:]
    /// The keystroke listener while keys are asked of the application, the state of the keys it
    /// was asked about, and the name of each key code the review may take (and the modifiers').
    private var listener: UnsafeMutablePointer<AtspiDeviceListener>?
    private var asked = AskedKeys()
    private var names: [Int32: String] = [:]
    /// The key names `names` holds already (each looked up once, not at every key's `take`).
    private var named: Set<String> = []
    private let modifierCodes: Set<Int32>
    /// Which key a grab's key code and modifiers are.
    private var keys: [Grab: ReviewKey] = [:]
    /// One key definition per grab, made once: libatspi keeps the pointer while it grabs.
    private var definitions: [Grab: UnsafeMutablePointer<AtspiKeyDefinition>] = [:]

    private struct Grab: Hashable {
        var keycode: Int32
        var modifiers: UInt32
    }

    /// What the keys are for: a taken key pressed, and any key pressed at all.
    nonisolated(unsafe) static var pressed: ((ReviewKey) -> Void)?  // Safe: set before the main loop runs, read by libatspi's key callback on that loop's thread only.
    nonisolated(unsafe) static var anyKey: ((_ movesFocus: Bool, _ movesCaret: Bool) -> Void)?  // Safe: the same: set before the loop, read on its thread.
    /// CapsLock's presses, when it is a modifier: it locks capitals only when pressed twice.
    nonisolated(unsafe) static var capsLock: CapsLockTaps?  // Safe: the same: set before the loop, used on its thread.
    /// A screen-reader modifier pressed: libatspi has taken its keys by then (it grabs them when
    /// it sees the modifier go down, before it tells the watchers).
    nonisolated(unsafe) static var modifierDown: ((String) -> Void)?  // Safe: the same: set before the loop, read on its thread.
    /// Control tapped alone: silence now.
    nonisolated(unsafe) static var controlTapped: (() -> Void)?  // Safe: the same: set before the loop, read on its thread.
    /// Control+C, Control+X or Control+V pressed (the clipboard's keys, watched never taken).
    nonisolated(unsafe) static var clipboardKey: ((ClipboardKey) -> Void)?  // Safe: the same: set before the loop, read on its thread.
    /// The Control keys held now.
    nonisolated(unsafe) private static var controlsHeld: Set<UInt32> = []  // Safe: the key watcher's, on the loop's thread only.
    static let clipboardKeysyms: [UInt32: ClipboardKey] = [0x63: .copy, 0x43: .copy, 0x78: .cut, 0x58: .cut, 0x76: .paste, 0x56: .paste]
    nonisolated(unsafe) private static var controlTap = ControlTap()  // Safe: used by the key watcher on the loop's thread only.
    static let capsLockKeysym: UInt32 = 0xffe5
    /// The keysyms of the left and right Control.
    static let controlKeysyms: Set<UInt32> = [0xffe3, 0xffe4]
    /// The keys that move the focus (and a list's selection with it): the arrows, Home, End,
    /// Page Up and Down, on the main keys and the keypad, Tab and Shift+Tab.
    static let focusMovingKeysyms: Set<UInt32> = Set(0xff50...0xff57).union(0xff95...0xff9c).union([0xff09, 0xfe20])
    /// The keys that move a text's caret along its line: Left, Right, Home, End (and the keypad's).
    static let caretMovingKeysyms: Set<UInt32> = [0xff50, 0xff51, 0xff53, 0xff57, 0xff95, 0xff96, 0xff98, 0xff9c]
    /// The keysyms of Insert, the keypad's Insert and CapsLock, by name.
    static let modifierKeysyms: [UInt32: String] = [0xff63: "Insert", 0xff9e: "KP_Insert", 0xffe5: "Caps_Lock"]
    private static let origin = ContinuousClock.now
    /// The names of the modifier keys in use.
    nonisolated(unsafe) private static var modifierNames: Set<String> = []  // Safe: set in init, before the loop; read on its thread.

    static let shiftMask: UInt32 = 1
    /// X's Control and Mod1 (Alt) masks, held together.
    static let controlAltMask: UInt32 = 4 | 8
    static let controlMask: UInt32 = 4
    static let altMask: UInt32 = 8

    /// The keyboard of the X display; nil when there is none (libatspi's device needs X).
    init?(modifier: DesktopModifier) {
        guard announcer_atspi_keycode("Insert") != 0, let device = atspi_device_new() else { return nil }
        self.device = device
        let names: [String] = switch modifier {
        case .insert: ["Insert", "KP_Insert"]
        case .capslock: ["Caps_Lock"]
        case .both: ["Insert", "KP_Insert", "Caps_Lock"]
        }
        var masks: [UInt32] = []
        for name in names {
            let code = announcer_atspi_keycode(name)
            guard code != 0 else { continue }
            let mask = UInt32(atspi_device_map_modifier(device, code))
            if mask != 0, !masks.contains(mask) { masks.append(mask) }
        }
        modifierMasks = masks
        modifierCodes = Set(names.map { Int32(announcer_atspi_keycode($0)) }.filter { $0 != 0 })
        Self.modifierNames = Set(names)
        if modifier != .insert { Self.capsLock = CapsLockTaps(locked: announcer_atspi_caps_locked() != 0) }
        atspi_device_add_key_watcher(device, { _, pressed, _, keysym, _, _, _ in
            ReviewKeyboard.watched(pressed: pressed != 0, keysym: UInt32(keysym))
        }, nil, nil)
    }

    /// Every key, pressed and released: a read all stops at any press; CapsLock's lock is put
    /// back where its taps say once it is released (the X server toggled it at the press);
    /// Control tapped alone stops all speech.
    private static func watched(pressed: Bool, keysym: UInt32) {
        let control = controlKeysyms.contains(keysym)
        if control {
            if pressed { controlsHeld.insert(keysym) } else { controlsHeld.remove(keysym) }
        }
        if pressed, !controlsHeld.isEmpty, let key = clipboardKeysyms[keysym] { clipboardKey?(key) }
        if pressed {
            controlTap.pressed(control: control)
        } else if controlTap.released(control: control) {
            controlTapped?()
        }
        if var taps = capsLock {
            if keysym == capsLockKeysym {
                if pressed {
                    taps.pressed(at: (ContinuousClock.now - origin).milliseconds)
                } else {
                    announcer_atspi_lock_caps(taps.locked ? 1 : 0)
                }
            } else if pressed {
                taps.otherKey()
            }
            capsLock = taps
        }
        if pressed, let name = modifierKeysyms[keysym], modifierNames.contains(name) { modifierDown?(name) }
        if pressed { anyKey?(focusMovingKeysyms.contains(keysym), caretMovingKeysyms.contains(keysym)) }
    }

    /// Takes exactly `wanted` from the applications: what is no longer wanted is given back.
    func take(_ wanted: Set<ReviewKey>) {
        self.wanted = wanted
        switch capture {
        case .grab:
            grab(wanted)
        case .application:
            for key in wanted where named.insert(key.name).inserted {
                let code = Int32(announcer_atspi_keycode(key.name))
                if code != 0 { names[code] = key.name }
            }
        }
    }

    /// Grabs exactly `wanted` on the X display.
    private func grab(_ wanted: Set<ReviewKey>) {
        for (key, ids) in taken where !wanted.contains(key) {
            for id in ids { atspi_device_remove_key_grab(device, id) }
            taken[key] = nil
        }
        for key in wanted where taken[key] == nil {
            taken[key] = grabs(for: key).map { grab in
                let definition = definitions[grab] ?? {
                    let made = UnsafeMutablePointer<AtspiKeyDefinition>.allocate(capacity: 1)
                    made.initialize(to: AtspiKeyDefinition(keycode: grab.keycode, keysym: 0, keystring: nil, modifiers: grab.modifiers))
                    definitions[grab] = made
                    return made
                }()
                keys[grab] = key
                return atspi_device_add_key_grab(device, definition, { _, pressed, keycode, _, modifiers, _, data in
                    guard pressed != 0, let keyboard = data.map({ Unmanaged<ReviewKeyboard>.fromOpaque($0).takeUnretainedValue() }) else { return }
                    keyboard.grabbed(keycode: Int32(keycode), modifiers: UInt32(modifiers))
                }, Unmanaged.passUnretained(self).toOpaque(), nil)
            }
        }
    }

    /// The capture changed (the focus went to an application that takes keys the other way):
    /// the grabs are given back before the listener asks, or the listener stops before the
    /// keys are grabbed again.
    private func recapture() {
        switch capture {
        case .application:
            // No registry to ask through (at-spi2-registryd gone): the keys stay grabbed.
            guard listen(true) else {
                listen(false)
                capture = .grab
                return
            }
            grab([])
            asked = AskedKeys()
            take(wanted)
        case .grab:
            listen(false)
            grab(wanted)
        }
    }

    /// Every combination of X's Shift, Lock, Control, Mod1 (Alt) and Mod2 (Num Lock): the
    /// registry gives a listener only the keys pressed with exactly the modifiers it named.
    private static let askedMasks = 0..<UInt32(32)
    /// Key presses and releases (AtspiKeyEventMask's bits of ATSPI_KEY_PRESSED_EVENT and
    /// ATSPI_KEY_RELEASED_EVENT).
    private static let pressesAndReleases: AtspiKeyEventMask = 1 << 0 | 1 << 1

    /// Starts or stops answering the applications that ask about their keys; false when the
    /// registry refused to pass them on.
    @discardableResult
    private func listen(_ on: Bool) -> Bool {
        if on, listener == nil {
            guard let made = atspi_device_listener_new({ event, data in
                guard let event, let keyboard = data.map({ Unmanaged<ReviewKeyboard>.fromOpaque($0).takeUnretainedValue() }) else { return 0 }
                // libatspi hands each callback a copy of its own, to free.
                defer { announcer_atspi_device_event_free(event) }
                return keyboard.askedAbout(keycode: Int32(event.pointee.hw_code), pressed: event.pointee.type == ATSPI_KEY_PRESSED_EVENT,
                                           modifiers: UInt32(event.pointee.modifiers)) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque(), nil) else { return false }
            listener = made
            let sync = AtspiKeyListenerSyncType(rawValue: ATSPI_KEYLISTENER_SYNCHRONOUS.rawValue | ATSPI_KEYLISTENER_CANCONSUME.rawValue)
            for mask in Self.askedMasks {
                // Only a failed call counts: at-spi2-core 2.46's registry answers false to every
                // registration, done or not.
                guard ATSPI.checked({ atspi_register_keystroke_listener(made, nil, mask, Self.pressesAndReleases, sync, &$0) }) != nil else {
                    return false
                }
            }
        } else if !on, let made = listener {
            for mask in Self.askedMasks {
                _ = atspi_deregister_keystroke_listener(made, nil, mask, Self.pressesAndReleases, nil)
            }
            g_object_unref(made)
            listener = nil
        }
        return true
    }

    /// An application asks whether its key is the review's: answered at once (the application
    /// waits), the key itself answered as a grabbed one is, once the callback has returned.
    private func askedAbout(keycode: Int32, pressed: Bool, modifiers: UInt32) -> Bool {
        guard capture == .application else { return false }
        let isModifier = modifierCodes.contains(keycode)
        guard isModifier || names[keycode] != nil else { return false }
        let (isTaken, key) = asked.asked(names[keycode] ?? "", pressed: pressed, shift: modifiers & Self.shiftMask != 0,
                                         control: modifiers & Self.controlMask != 0, alt: modifiers & Self.altMask != 0,
                                         isModifier: isModifier, wanted: wanted)
        if let key { answer(key) }
        return isTaken
    }

    /// The key code and modifiers of each grab a key needs: one per screen-reader modifier, and
    /// each again with every lock on (`lockMasks`).
    private func grabs(for key: ReviewKey) -> [Grab] {
        let code = announcer_atspi_keycode(key.name)
        guard code != 0 else { return [] }
        let held = (key.shift ? Self.shiftMask : 0) | (key.controlAlt ? Self.controlAltMask : key.control ? Self.controlMask : 0)
        let modifiers = key.modifier ? modifierMasks.map { $0 | held } : [held]
        return modifiers.flatMap { modifier in lockMasks.map { Grab(keycode: code, modifiers: modifier | $0) } }
    }

    /// X's Lock (Caps Lock on) and Mod2 (Num Lock on, as X's keymaps map it) masks.
    static let capsLockMask: UInt32 = 2
    static let numLockMask: UInt32 = 16

    /// The locks a key is grabbed with too, each alone and together: X matches a grab's
    /// modifiers exactly, and with Num Lock on (as many desktops start) every review key went
    /// to the application instead. Caps Lock is no lock when it is the screen reader's modifier.
    private var lockMasks: [UInt32] {
        let locks = Self.modifierNames.contains("Caps_Lock") ? [Self.numLockMask] : [Self.numLockMask, Self.capsLockMask]
        return locks.reduce([0]) { masks, lock in masks + masks.map { $0 | lock } }
    }

    /// A taken key pressed. It is answered once libatspi has returned, never inside its callback:
    /// libatspi walks its list of grabs around the callback, and an answer that takes the keys
    /// of a new mode (Return on a field: focus mode) would free the node it stands on.
    private func grabbed(keycode: Int32, modifiers: UInt32) {
        let held = modifiers & (Self.shiftMask | Self.controlAltMask)
        let modifier = modifierMasks.first { modifiers & $0 != 0 } ?? 0
        guard let key = keys[Grab(keycode: keycode, modifiers: modifier | held)] else { return }
        answer(key)
    }

    /// A taken key: answered once the callback that reported it has returned.
    private func answer(_ key: ReviewKey) {
        // A key taken with Control held (Insert+Ctrl+Up) is another key: its Control was no tap.
        Self.controlTap.pressed(control: false)
        Self.waiting.append(key)
        // Ahead of every other source of the main loop: the accessibility bus's events of the
        // key come after its answer, as they did when it was answered in the callback.
        if Self.waiting.count == 1 {
            g_idle_add_full(G_PRIORITY_HIGH, { _ in
                ReviewKeyboard.answerWaiting()
                return gboolean(G_SOURCE_REMOVE)
            }, nil, nil)
        }
    }

    /// The taken keys pressed and not yet answered, in order.
    nonisolated(unsafe) private static var waiting: [ReviewKey] = []  // Safe: the key callback's and the main loop's, one thread.

    private static func answerWaiting() {
        while !waiting.isEmpty {
            let key = waiting.removeFirst()
            pressed?(key)
        }
    }

    /// What libatspi does when the X server reports that the key named `keysymName` went down
    /// with the X modifiers `modifiers`: the watchers are told, then a grab that matches.
    func notifyPressed(_ keysymName: String, modifiers: UInt32 = 0) {
        let keysym = keysymName.withCString { Int32(truncatingIfNeeded: XStringToKeysym($0)) }
        _ = atspi_device_notify_key(device, 1, Int32(announcer_atspi_keycode(keysymName)), keysym, Int32(modifiers), nil)
    }

    /// Runs what the main loop has ready, without waiting.
    static func dispatchReady() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}
