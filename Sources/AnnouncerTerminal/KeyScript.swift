/// A key as a test names it: tmux's names ("Down", "Enter", "Escape", "Tab", "BSpace", "F2",
/// "PageUp", "C-c", "M-i", "S-Tab"), or one character. The bytes it makes are the terminal's
/// business (`TerminalScreenModel.bytes(for:)`: libvterm's, in the modes the program has set).
public struct ScriptKey: Sendable, Equatable {
    public enum Base: Sendable, Equatable {
        case character(Character)
        case enter, tab, backspace, escape, space
        case up, down, left, right
        case home, end, pageUp, pageDown, insert, delete
        case function(Int)
    }

    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var base: Base
    public var modifiers: Modifiers

    public init(_ base: Base, _ modifiers: Modifiers = []) {
        self.base = base
        self.modifiers = modifiers
    }

    /// The names, lowercased, with tmux's own spellings beside the plain ones.
    static let names: [String: Base] = [
        "enter": .enter, "return": .enter, "tab": .tab, "bspace": .backspace, "backspace": .backspace,
        "escape": .escape, "esc": .escape, "space": .space,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end, "pageup": .pageUp, "pgup": .pageUp, "ppage": .pageUp,
        "pagedown": .pageDown, "pgdn": .pageDown, "npage": .pageDown,
        "ic": .insert, "insert": .insert, "dc": .delete, "delete": .delete,
    ]

    /// The key a name names, or nil.
    public static func named(_ name: Substring) -> ScriptKey? {
        var rest = name
        var modifiers: Modifiers = []
        // "C-M-x": each prefix is a letter and a dash, before a key that is not itself empty.
        while rest.count > 2, rest.dropFirst().first == "-" {
            switch rest.first {
            case "C", "c": modifiers.insert(.control)
            case "M", "m": modifiers.insert(.alt)
            case "S", "s": modifiers.insert(.shift)
            default: return nil
            }
            rest = rest.dropFirst(2)
        }
        if rest.count == 1, let character = rest.first { return ScriptKey(.character(character), modifiers) }
        let lowered = rest.lowercased()
        if lowered == "btab" { return ScriptKey(.tab, modifiers.union(.shift)) }
        if let base = names[lowered] { return ScriptKey(base, modifiers) }
        if lowered.first == "f", let number = Int(lowered.dropFirst()), (1...20).contains(number) {
            return ScriptKey(.function(number), modifiers)
        }
        return nil
    }
}

/// A test's keys, one step a line (`announce term --keys FILE`): a key name, `type TEXT` (typed
/// a character at a time), `wait MS` (time for the program, its speech heard meanwhile), or
/// `screen` (the screen as the program has drawn it, shown). Blank lines and lines starting
/// with `#` are skipped.
public enum KeyScript {
    public enum Step: Sendable, Equatable {
        case key(ScriptKey)
        case type(String)
        case wait(milliseconds: Int)
        case screen
    }

    public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// The step on one line; nil for a blank line or a comment.
    public static func step(_ text: Substring, line: Int) throws(LineError) -> Step? {
        var text = text
        if text.last == "\r" { text = text.dropLast() }
        let trimmed = text.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.isEmpty || trimmed.first == "#" { return nil }
        // `type` keeps every character after its one space, spaces at either end included.
        if trimmed.hasPrefix("type ") { return .type(String(trimmed.dropFirst(5))) }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch words.first {
        case "type":
            throw LineError(line: line, reason: "type needs the text to type (type TEXT)")
        case "wait":
            guard words.count == 2, let milliseconds = Int(words[1]), (0...600_000).contains(milliseconds) else {
                throw LineError(line: line, reason: "wait needs a time in milliseconds, 0 to 600000 (wait MS)")
            }
            return .wait(milliseconds: milliseconds)
        case "screen" where words.count == 1:
            return .screen
        default:
            guard words.count == 1, let key = ScriptKey.named(words[0]) else {
                throw LineError(line: line, reason: "\"\(trimmed)\" is not a key name (Down, Enter, Escape, Tab, BSpace, Space, F2, PageUp, C-c, M-i, a character), type TEXT, wait MS or screen")
            }
            return .key(key)
        }
    }

    /// Every step of a file; every bad line is reported, not only the first.
    public static func steps(_ text: String) -> (steps: [(line: Int, step: Step)], errors: [LineError]) {
        var steps: [(line: Int, step: Step)] = []
        var errors: [LineError] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            do {
                if let step = try step(line, line: index + 1) { steps.append((index + 1, step)) }
            } catch {
                errors.append(error)
            }
        }
        return (steps, errors)
    }
}
