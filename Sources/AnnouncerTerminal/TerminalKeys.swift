/// A key the user pressed in the terminal, read from the bytes their terminal sent.
public enum TerminalKey: Sendable, Equatable {
    /// A printable character.
    case typed(Character)
    case enter, backspace, tab, escape
    case up, down, left, right
    /// Control+Left and Control+Right (Alt+Left and Alt+Right too, as readline's word moves).
    case wordLeft, wordRight
    case home, end, pageUp, pageDown, delete
    /// A review key: taken by the reader, never sent to the program.
    case review(ReviewCommand)
    /// Alt-S: the settings keys' prefix (`SettingsPrefix`), never sent to the program.
    case settings
    /// The user's terminal answering the program's question (the cursor's position, its
    /// device attributes, focus in and out): sent on, and no key at all.
    case report
    /// Anything else (function keys, control characters): sent on, not spoken.
    case other
}

/// The review keys (docs/design.md §13), as terminal screen reader users know them: Alt-U / Alt-I /
/// Alt-O previous, current, next line; Alt-J / Alt-K / Alt-L word; Alt-M / Alt-, / Alt-.
/// character.
public enum ReviewCommand: Sendable, Equatable, CaseIterable {
    case previousLine, currentLine, nextLine
    case previousWord, currentWord, nextWord
    case previousCharacter, currentCharacter, nextCharacter

    static let byKey: [UInt8: ReviewCommand] = [
        UInt8(ascii: "u"): .previousLine, UInt8(ascii: "i"): .currentLine, UInt8(ascii: "o"): .nextLine,
        UInt8(ascii: "j"): .previousWord, UInt8(ascii: "k"): .currentWord, UInt8(ascii: "l"): .nextWord,
        UInt8(ascii: "m"): .previousCharacter, UInt8(ascii: ","): .currentCharacter, UInt8(ascii: "."): .nextCharacter,
    ]
}

/// One key and the bytes that made it (sent on to the program unless it is a review key).
public struct KeyInput: Sendable, Equatable {
    public var key: TerminalKey
    public var bytes: [UInt8]

    public init(_ key: TerminalKey, _ bytes: [UInt8]) {
        self.key = key
        self.bytes = bytes
    }

    public var isForwarded: Bool {
        if case .review = key { return false }
        return key != .settings
    }
}

public enum TerminalKeys {
    /// The keys in one read from the user's terminal. An escape sequence split across reads is
    /// read as the keys its bytes make (every byte is still sent on; only speech can differ).
    public static func decode(_ bytes: [UInt8]) -> [KeyInput] {
        var keys: [KeyInput] = []
        var index = 0
        while index < bytes.count {
            let (key, length) = decodeOne(bytes[index...])
            keys.append(KeyInput(key, Array(bytes[index..<index + length])))
            index += length
        }
        return keys
    }

    private static func decodeOne(_ bytes: ArraySlice<UInt8>) -> (TerminalKey, Int) {
        let start = bytes.startIndex
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            guard bytes.count > 1 else { return (.escape, 1) }
            let next = bytes[start + 1]
            if next == UInt8(ascii: "["), bytes.count > 2 { return controlSequence(bytes) }
            if next == UInt8(ascii: "O"), bytes.count > 2 { return (cursorKey(bytes[start + 2]) ?? .other, 3) }
            if let command = ReviewCommand.byKey[next] { return (.review(command), 2) }
            if next == UInt8(ascii: "s") { return (.settings, 2) }
            if next == UInt8(ascii: "b") { return (.wordLeft, 2) }
            if next == UInt8(ascii: "f") { return (.wordRight, 2) }
            return (.other, next == 0x1B ? 1 : 2)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x00..<0x20: return (.other, 1)
        case 0x20..<0x7F: return (.typed(Character(Unicode.Scalar(byte))), 1)
        default:
            // UTF-8: the lead byte says how long the character is.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard length > 1, bytes.count >= length,
                  let text = String(validating: bytes[start..<start + length], as: UTF8.self), let character = text.first
            else { return (.other, 1) }
            return (.typed(character), length)
        }
    }

    /// ESC [ parameters final: arrows (with modifiers), Home, End, Page Up/Down, Delete.
    private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (TerminalKey, Int) {
        let start = bytes.startIndex
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return (.other, bytes.count) }
        let final = bytes[end]
        let length = end - start + 1
        // ESC [ row ; column R (the cursor's position), ESC [ ? … c or ESC [ > … c (device
        // attributes), ESC [ I and ESC [ O (focus in and out).
        let first = end > start + 2 ? bytes[start + 2] : 0
        if final == UInt8(ascii: "R") || (final == UInt8(ascii: "c") && (first == UInt8(ascii: "?") || first == UInt8(ascii: ">")))
            || (end == start + 2 && (final == UInt8(ascii: "I") || final == UInt8(ascii: "O"))) {
            return (.report, length)
        }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(separator: ";")
        let modifier = parameters.count > 1 ? Int(parameters[1]) ?? 1 : 1
        if final == UInt8(ascii: "~") {
            switch parameters.first {
            case "1", "7": return (.home, length)
            case "4", "8": return (.end, length)
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            case "3": return (.delete, length)
            default: return (.other, length)
            }
        }
        guard let key = cursorKey(final) else { return (.other, length) }
        // Control (5) or Alt (3) with Left/Right moves by word.
        if modifier == 5 || modifier == 3 {
            if key == .left { return (.wordLeft, length) }
            if key == .right { return (.wordRight, length) }
        }
        return (key, length)
    }

    private static func cursorKey(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }
}
