import AnnouncerTerminal
import CVTerm

/// The screen a program has drawn, kept by libvterm from the bytes it wrote: the terminal
/// door's one importer of libvterm, in its shell. Bytes in; snapshots of the screen, the lines that
/// scrolled off its top, and the main screen as the alternate screen gave it back, out; and
/// the bytes a key makes in the modes the program has set. libvterm's own answers to the
/// program's queries are dropped, since the user's terminal, which sees the same bytes, answers
/// them, unless there is no user's terminal (`answersQueries`).
public final class TerminalScreenModel {
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private let callbacks: UnsafeMutablePointer<VTermScreenCallbacks>
    public private(set) var rows: Int
    public private(set) var columns: Int
    private var scrolledOff = ScrolledOff()
    private var cursorVisible = true
    private var alternate = false
    private var restored: ScreenSnapshot?
    /// Headless (`announce term --keys`): libvterm answers the program's queries (the cursor's
    /// position, the device's attributes), for `takeAnswers()` to send.
    public var answersQueries = false
    private var capturing = false
    private var output: [UInt8] = []

    public init(rows: Int, columns: Int) {
        self.rows = max(rows, 1)
        self.columns = max(columns, 1)
        terminal = vterm_new(Int32(self.rows), Int32(self.columns))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: VTermScreenCallbacks())
        callbacks.pointee.sb_pushline = { columns, cells, user in
            guard let user, let cells else { return 0 }
            Unmanaged<TerminalScreenModel>.fromOpaque(user).takeUnretainedValue().pushed(Int(columns), cells)
            return 1
        }
        callbacks.pointee.settermprop = { property, value, user in
            guard let user, let value else { return 1 }
            Unmanaged<TerminalScreenModel>.fromOpaque(user).takeUnretainedValue().changed(property, announcer_vterm_value_flag(value) != 0)
            return 1
        }
        vterm_screen_set_callbacks(screen, callbacks, Unmanaged.passUnretained(self).toOpaque())
        vterm_output_set_callback(terminal, { bytes, length, user in
            guard let user, let bytes else { return }
            Unmanaged<TerminalScreenModel>.fromOpaque(user).takeUnretainedValue().produced(UnsafeRawBufferPointer(start: bytes, count: length))
        }, Unmanaged.passUnretained(self).toOpaque())
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
    }

    deinit {
        vterm_free(terminal)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = vterm_input_write(terminal, characters.baseAddress, characters.count)
            }
        }
    }

    private func produced(_ bytes: UnsafeRawBufferPointer) {
        if capturing || answersQueries { output += bytes }
    }

    /// What libvterm answered the program since the last call (only with `answersQueries`).
    public func takeAnswers() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// The bytes a terminal sends for `key`, as libvterm makes them: the cursor keys as the
    /// program asked for them (application mode, ESC O A, once vim has set it), Control and Alt
    /// as xterm sends them.
    public func bytes(for key: ScriptKey) -> [UInt8] {
        let answered = takeAnswers()
        capturing = true
        defer {
            capturing = false
            output = answered
        }
        var modifier = VTERM_MOD_NONE.rawValue
        if key.modifiers.contains(.shift) { modifier |= VTERM_MOD_SHIFT.rawValue }
        if key.modifiers.contains(.alt) { modifier |= VTERM_MOD_ALT.rawValue }
        if key.modifiers.contains(.control) { modifier |= VTERM_MOD_CTRL.rawValue }
        let modifiers = VTermModifier(rawValue: modifier)
        switch key.base {
        case .character(let character):
            for scalar in character.unicodeScalars { vterm_keyboard_unichar(terminal, scalar.value, modifiers) }
        case .space: vterm_keyboard_unichar(terminal, 0x20, modifiers)
        case .function(let number): vterm_keyboard_key(terminal, VTermKey(rawValue: VTERM_KEY_FUNCTION_0.rawValue + UInt32(number)), modifiers)
        default: vterm_keyboard_key(terminal, Self.vtermKey(key.base), modifiers)
        }
        return output
    }

    private static func vtermKey(_ base: ScriptKey.Base) -> VTermKey {
        switch base {
        case .enter: VTERM_KEY_ENTER
        case .tab: VTERM_KEY_TAB
        case .backspace: VTERM_KEY_BACKSPACE
        case .escape: VTERM_KEY_ESCAPE
        case .up: VTERM_KEY_UP
        case .down: VTERM_KEY_DOWN
        case .left: VTERM_KEY_LEFT
        case .right: VTERM_KEY_RIGHT
        case .home: VTERM_KEY_HOME
        case .end: VTERM_KEY_END
        case .pageUp: VTERM_KEY_PAGEUP
        case .pageDown: VTERM_KEY_PAGEDOWN
        case .insert: VTERM_KEY_INS
        case .delete: VTERM_KEY_DEL
        case .character, .space, .function: VTERM_KEY_NONE
        }
    }

    public func resize(rows: Int, columns: Int) {
        self.rows = max(rows, 1)
        self.columns = max(columns, 1)
        vterm_set_size(terminal, Int32(self.rows), Int32(self.columns))
    }

    public func snapshot() -> ScreenSnapshot {
        var lines: [ScreenLine] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var cells: [ScreenCell] = []
            cells.reserveCapacity(columns)
            var column = 0
            while column < columns {
                let cell = announcer_vterm_read_cell(screen, Int32(row), Int32(column))
                cells.append(ScreenCell(Self.character(cell.character), look: cell.look))
                let width = max(Int(cell.width), 1)
                for _ in 1..<width where cells.count < columns { cells.append(ScreenCell(" ", look: cell.look, continuesWide: true)) }
                column += width
            }
            lines.append(ScreenLine(cells: cells))
        }
        let cursor = announcer_vterm_cursor(terminal)
        return ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: Int(cursor.row), column: Int(cursor.col)),
                              cursorVisible: cursorVisible, alternate: alternate)
    }

    /// The main screen as it was given back when the program last left the alternate screen
    /// (the shell's lines from before the program started), once: nil after that, and when
    /// the program has not left it since the last call.
    public func takeRestored() -> ScreenSnapshot? {
        defer { restored = nil }
        return restored
    }

    private func changed(_ property: VTermProp, _ flag: Bool) {
        switch property {
        case VTERM_PROP_CURSORVISIBLE:
            cursorVisible = flag
        case VTERM_PROP_ALTSCREEN:
            alternate = flag
            // libvterm has switched back to the main screen's lines: they are what the user
            // heard before the program started, not new output.
            if !flag { restored = snapshot() }
        default:
            break
        }
    }

    /// The lines scrolled off since the last call, and forgets them.
    public func takeScrolledOff() -> ScrolledOff {
        defer { scrolledOff = ScrolledOff() }
        return scrolledOff
    }

    private func pushed(_ count: Int, _ cells: UnsafePointer<VTermScreenCell>) {
        scrolledOff.count += 1
        guard scrolledOff.lines.count < ScrolledOff.keptLines else { return }
        var text = ""
        for column in 0..<count {
            text.append(Self.character(announcer_vterm_pushed_character(cells, Int32(column))))
        }
        scrolledOff.lines.append(ScreenLine(text: text, columns: 0).text)
    }

    private static func character(_ code: UInt32) -> Character {
        guard code != 0, code != 0xFFFF_FFFF, let scalar = Unicode.Scalar(code) else { return " " }
        return Character(scalar)
    }
}
