import AnnouncerElements
import AnnouncerSettings
import AnnouncerSupport

/// What a braille display shows and what its keys do (docs/design.md §20), with no clock and no
/// I/O: the focus line (or a door's text line) translated into cells; an announcement flashed
/// for `flashMilliseconds` and then the line again; panning by a display's width; routing keys
/// turned into commands for the focus model or the caret. The daemon's shell gives it the lines,
/// the keys and the time, writes its frames to BrlAPI and sends them as `braille` events.
public struct BrailleSession: Sendable {
    /// A key of the display, as BrlAPI gives it.
    public enum Key: Sendable, Equatable {
        case panLeft, panRight
        /// A routing key, by its cell on the display (0 is the leftmost).
        case route(Int)
        case lineUp, lineDown
        case top, bottom
    }

    /// What a key asks of the focus model or of the door whose line is shown.
    public enum Command: Sendable, Equatable {
        /// Move the focus to this element.
        case focus(element: String)
        /// Activate the focused element (a routing key over it).
        case activate(element: String)
        /// Move the caret to this character of the element's text (nil: the door's line).
        case caret(element: String?, offset: Int)
        /// The previous or next element, as the keyboard's arrows move (panning past an end too).
        case previous, next
        case first, last
    }

    /// What the display shows now.
    public struct Frame: Sendable, Equatable {
        public var kind: BrailleLine.Kind
        public var text: String
        /// The whole line's cells (the caret's dots 7–8 in).
        public var cells: [UInt8]
        /// The first cell of the window the display shows.
        public var offset: Int
        /// The window: `width` cells from `offset`, blank past the line's end.
        public var window: [UInt8]
        public var caretCell: Int?
    }

    public var width: Int
    public var grade: BrailleGrade
    public var flashMilliseconds: Int
    public private(set) var line: BrailleLine?
    private var cells: BrailleCells?
    public private(set) var flash: (line: BrailleLine, cells: BrailleCells, until: Milliseconds)?
    public private(set) var offset = 0

    public init(width: Int = 40, grade: BrailleGrade = .uncontracted, flashMilliseconds: Int = 3000) {
        self.width = max(width, 1)
        self.grade = grade
        self.flashMilliseconds = flashMilliseconds
    }

    /// A new line to show (the focus moved, a door's line changed): it ends a flash, and the
    /// window starts at the focus, or keeps the caret in sight.
    public mutating func show(_ line: BrailleLine, translator: some BrailleTranslating) -> Frame {
        let cells = translator.translate(line.text, grade: grade, caret: line.caret)
        self.line = line
        self.cells = cells
        flash = nil
        let start = cells.cell(ofCaret: line.focusStart)
        offset = start - start % width
        if let caret = line.caret {
            let caretCell = cells.cell(ofCaret: caret)
            if caretCell < offset || caretCell >= offset + width { offset = caretCell - caretCell % width }
        }
        return frame
    }

    /// An announcement, shown until `now + flashMilliseconds` (or a key), then the line again.
    public mutating func flash(_ text: String, now: Milliseconds, translator: some BrailleTranslating) -> Frame {
        let line = BrailleLine(kind: .flash, text: text)
        flash = (line, translator.translate(text, grade: grade, caret: nil), now + Milliseconds(flashMilliseconds))
        return frame
    }

    /// When the flash ends, if one is shown.
    public var wake: Milliseconds? { flash?.until }

    /// The time has come: a flash that has had its time gives the line back.
    public mutating func tick(now: Milliseconds) -> Frame? {
        guard let flash, now >= flash.until else { return nil }
        self.flash = nil
        return frame
    }

    /// The display's width changed (it was plugged in, or another one was).
    public mutating func resize(_ width: Int) -> Frame {
        self.width = max(width, 1)
        offset -= offset % self.width
        return frame
    }

    /// A key: panning moves the window (past an end, to the previous or next element, as Orca
    /// and NVDA do); a routing key routes; any key ends a flash first.
    public mutating func press(_ key: Key) -> (frame: Frame?, command: Command?) {
        if flash != nil {
            flash = nil
            return (frame, nil)
        }
        guard let line, let cells else {
            switch key {
            case .lineUp, .panLeft: return (nil, .previous)
            case .lineDown, .panRight: return (nil, .next)
            case .top: return (nil, .first)
            case .bottom: return (nil, .last)
            case .route: return (nil, nil)
            }
        }
        switch key {
        case .panLeft:
            guard offset > 0 else { return (nil, .previous) }
            offset = max(offset - width, 0)
            return (frame, nil)
        case .panRight:
            guard offset + width < cells.cells.count + (line.caret == line.text.count ? 1 : 0) else { return (nil, .next) }
            offset += width
            return (frame, nil)
        case .lineUp: return (nil, .previous)
        case .lineDown: return (nil, .next)
        case .top: return (nil, .first)
        case .bottom: return (nil, .last)
        case .route(let cell):
            let character = cells.character(ofCell: offset + max(cell, 0), textLength: line.text.count)
            guard let region = line.region(at: character) else {
                return (nil, line.kind == .text ? .caret(element: nil, offset: min(character, line.text.count)) : nil)
            }
            if let textStart = region.textStart, character >= textStart {
                return (nil, .caret(element: region.element, offset: character - textStart))
            }
            guard let element = region.element else { return (nil, nil) }
            return (nil, element == line.focused ? .activate(element: element) : .focus(element: element))
        }
    }

    /// What the display shows now: the flash, else the line, else nothing.
    public var frame: Frame {
        if let flash { return Self.frame(flash.line, flash.cells, offset: 0, width: width) }
        guard let line, let cells else { return Self.frame(BrailleLine(kind: .focus, text: ""), BrailleCells(cells: [], cellOfCharacter: [], characterOfCell: []), offset: 0, width: width) }
        return Self.frame(line, cells, offset: offset, width: width)
    }

    static func frame(_ line: BrailleLine, _ cells: BrailleCells, offset: Int, width: Int) -> Frame {
        var all = cells.cells
        var caretCell: Int?
        if let caret = line.caret {
            let cell = cells.cell(ofCaret: caret)
            if cell >= all.count { all += Array(repeating: 0, count: cell - all.count + 1) }
            all[cell] |= BrailleCells.caretDots
            caretCell = cell
        }
        let shown = all.dropFirst(offset).prefix(width)
        let window = Array(shown) + Array(repeating: 0, count: width - shown.count)
        return Frame(kind: line.kind, text: line.text, cells: all, offset: offset, window: window, caretCell: caretCell)
    }
}

extension BrailleSession.Key {
    /// The key's name in a recording ("route 3", "panLeft").
    public var name: String {
        switch self {
        case .panLeft: "panLeft"
        case .panRight: "panRight"
        case .route(let cell): "route \(cell)"
        case .lineUp: "lineUp"
        case .lineDown: "lineDown"
        case .top: "top"
        case .bottom: "bottom"
        }
    }

    public init?(name: String) {
        let parts = name.split(separator: " ")
        switch (parts.first, parts.count) {
        case ("panLeft", 1): self = .panLeft
        case ("panRight", 1): self = .panRight
        case ("lineUp", 1): self = .lineUp
        case ("lineDown", 1): self = .lineDown
        case ("top", 1): self = .top
        case ("bottom", 1): self = .bottom
        case ("route", 2): guard let cell = Int(parts[1]), cell >= 0 else { return nil }; self = .route(cell)
        default: return nil
        }
    }
}
