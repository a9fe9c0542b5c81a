import AnnouncerSupport

/// A man page in roff (man(7) macros), in real sections, made from a program's --help and the
/// catalog's description of the page (CommandCatalog+Manual). Text is always filled (never
/// `.nf`), so that man renders every line within its width.
struct ManualPage {
    /// What the catalog says of a page beyond its --help.
    struct Description {
        var name: String
        var section: Int
        var summary: String
        var files: [HelpText.Row] = []
        var environment: [HelpText.Row] = []
        var exitStatus: [HelpText.Row] = []
        /// What each example does, and the command.
        var examples: [HelpText.Row] = []
        var seeAlso: [String]
    }

    var description: Description
    var synopsis: [String] = []
    var sections: [(title: String, lines: [String])] = []

    /// The page: header, NAME, SYNOPSIS, the sections given, then FILES, ENVIRONMENT,
    /// EXIT STATUS, EXAMPLES and SEE ALSO from the description.
    func roff(date: String) -> String {
        let page = description
        var lines = [".TH \(page.name.uppercased()) \(page.section) \"\(date)\" \"Announcer \(AnnouncerVersion.current)\" \"\(page.section == 5 ? "File Formats" : "User Commands")\"",
                     ".nh", ".ad l", ".SH NAME", Self.escaped("\(page.name) \\- \(page.summary)", keepingBackslashes: true), ".SH SYNOPSIS"]
        lines += synopsis
        for section in sections { lines += [".SH \(Self.quoted(section.title))"] + section.lines }
        let tables = [("FILES", page.files), ("ENVIRONMENT", page.environment), ("EXIT STATUS", page.exitStatus)]
        for (title, rows) in tables where !rows.isEmpty { lines += [".SH \(Self.quoted(title))"] + Self.list(rows) }
        if !page.examples.isEmpty {
            lines.append(".SH EXAMPLES")
            for example in page.examples { lines += [".PP", Self.escaped(example.term), ".RS 4", "\\fB" + Self.escaped(example.text) + "\\fR", ".RE"] }
        }
        lines.append(".SH \"SEE ALSO\"")
        lines += page.seeAlso.enumerated().map { index, reference in
            let parts = reference.split(separator: "(")
            return ".BR \(parts[0]) (\(parts[1])\(index < page.seeAlso.count - 1 ? "," : "")"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Usage forms, one a line hanging 4 columns, their first `bold` words in bold.
    static func synopsis(_ forms: [String], bold: Int) -> [String] {
        forms.enumerated().flatMap { index, form -> [String] in
            let words = form.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            let name = words.prefix(bold).joined(separator: " "), rest = words.dropFirst(bold).joined(separator: " ")
            return [index == 0 ? ".PP" : ".br", ".in +4n", ".ti -4n", "\\fB\(escaped(name))\\fR \(escaped(rest))", ".in -4n"]
        }
    }

    /// Paragraphs and lists of a --help; `options` takes the lists whose terms are all options
    /// out (with the "Options:" heading before them) and returns them apart, for an OPTIONS
    /// section.
    static func body(_ blocks: [HelpText.Block], optionsApart: Bool = false) -> (text: [String], options: [String]) {
        var text: [String] = [], options: [String] = []
        for block in blocks {
            switch block {
            case .paragraph(let paragraph):
                if optionsApart && paragraph == "Options:" { continue }
                text += [".PP", escaped(paragraph)]
            case .list(let rows):
                if optionsApart && rows.allSatisfy({ $0.term.hasPrefix("-") }) { options += list(rows) } else { text += list(rows) }
            }
        }
        return (text, options)
    }

    /// A two-column list as tagged paragraphs; one whose rows are lines alone (examples) as
    /// indented lines.
    static func list(_ rows: [HelpText.Row]) -> [String] {
        if rows.contains(where: { $0.text.isEmpty }) {
            return [".PP", ".RS 4"] + rows.flatMap { [escaped($0.text.isEmpty ? $0.term : $0.term + "  " + $0.text), ".br"] } + [".RE"]
        }
        return rows.flatMap { [".TP", "\\fB" + escaped($0.term) + "\\fR", escaped($0.text)] }
    }

    /// Text as roff shows it: backslashes as `\e` (unless the text is roff already), and a
    /// leading dot or quote made literal.
    static func escaped(_ text: String, keepingBackslashes: Bool = false) -> String {
        let shown = keepingBackslashes ? text : text.replacing("\\", with: "\\e")
        return shown.hasPrefix(".") || shown.hasPrefix("'") ? "\\&" + shown : shown
    }

    static func quoted(_ title: String) -> String { title.contains(" ") ? "\"\(title)\"" : title }
}
