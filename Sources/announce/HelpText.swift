/// A program's --help, read as the parts a man page is made of: the usage forms, then
/// paragraphs and two-column lists (an option or a key, and what it does). Every --help of
/// Announcer's programs is written in that one shape: "usage:" lines first, paragraphs at the
/// margin, list rows indented two spaces with their text after three or more spaces, and a
/// row's further lines indented deeper.
struct HelpText: Equatable {
    enum Block: Equatable {
        case paragraph(String)
        case list([Row])
    }

    struct Row: Equatable {
        var term: String
        var text: String
    }

    var usages: [String]
    var blocks: [Block]

    init(_ help: String) {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let usageEnd = lines.firstIndex { $0.trimmed.isEmpty } ?? lines.endIndex
        usages = Self.usageForms(lines[..<usageEnd])
        blocks = Self.blocks(lines[usageEnd...])
    }

    /// One form per line that starts with the program's name; other lines continue the form
    /// above them.
    private static func usageForms(_ lines: ArraySlice<String>) -> [String] {
        var forms: [String] = []
        var program = ""
        for line in lines {
            var text = line.trimmed
            if text.hasPrefix("usage: ") {
                text.removeFirst("usage: ".count)
                program = String(text.prefix { $0 != " " })
            }
            if forms.isEmpty || text == program || text.hasPrefix(program + " ") {
                forms.append(text)
            } else {
                forms[forms.count - 1] += " " + text
            }
        }
        return forms
    }

    private static func blocks(_ lines: ArraySlice<String>) -> [Block] {
        var blocks: [Block] = []
        var paragraph: [String] = []
        var rows: [Row] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(paragraph.joined(separator: " "))) }
            if !rows.isEmpty { blocks.append(.list(rows)) }
            paragraph = []
            rows = []
        }
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let text = line.trimmed
            if text.isEmpty || (indent == 0) != rows.isEmpty { flush() }
            if text.isEmpty { continue }
            if indent == 0 {
                paragraph.append(text)
            } else if indent > 2, let last = rows.indices.last {
                rows[last].text = rows[last].text.isEmpty ? text : rows[last].text + " " + text
            } else {
                rows.append(Row(text))
            }
        }
        flush()
        return blocks
    }
}

extension HelpText.Row {
    /// A row's term ends at its first run of three or more spaces ("Alt-U  Alt-I  Alt-O    …"
    /// keeps its two-space gaps in the term).
    init(_ line: String) {
        let characters = Array(line)
        var index = 0
        while index + 2 < characters.count {
            if characters[index...index + 2].allSatisfy({ $0 == " " }) {
                self.init(term: String(characters[..<index]), text: String(characters[index...]).trimmed)
                return
            }
            index += 1
        }
        self.init(term: line, text: "")
    }
}
