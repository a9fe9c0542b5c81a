@testable import announce
import AnnouncerSystem
import Foundation
import Testing
import AnnouncerTestSupport

/// The shell completions and the man pages come from the description the commands parse with
/// (CommandCatalog) and from --help, so they cannot drift from what the programs accept.
@Suite struct CompletionAndManualTests {
    /// Runs bash's completion function for the words typed so far.
    func bashCompletes(_ words: [String]) throws -> [String] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString).bash").path
        try CompletionCommand.bash.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try run("/bin/bash", ["-c", "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _announce; printf '%s\\n' \"${COMPREPLY[@]}\""])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndTheirValues() throws {
        #expect(try bashCompletes(["announce", "s"]) == ["say", "stop", "send", "status", "set"])
        #expect(try bashCompletes(["announce", "say", "--pu"]) == ["--punctuation"])
        #expect(try bashCompletes(["announce", "say", "--priority", ""]) == ["high", "default", "low", "progress"])
        #expect(try bashCompletes(["announce", "term", "--typing-echo", ""]) == ["characters", "words", "both", "none"])
        #expect(try bashCompletes(["announce", "compose", "--hint-style", "k"]) == ["keyboard"])
        #expect(try bashCompletes(["announce", "say", "--delay", ""]) == [])
    }

    @Test func everyOptionOfEveryCommandIsInBothScripts() {
        for command in CommandCatalog.commands {
            for option in command.scanner.flags.union(command.scanner.options).subtracting(["-h"]) {
                #expect(CompletionCommand.bash.contains(option), "\(command.name) \(option)")
                #expect(CompletionCommand.zsh.contains("'\(option)"), "\(command.name) \(option)")
            }
        }
    }

    @Test func theZshScriptIsValidZsh() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("_announce-\(UUID().uuidString)").path
        try CompletionCommand.zsh.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let checked = try run("/usr/bin/zsh", ["-n", script])
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    @Test func theUsageListsEveryCommand() throws {
        let usage = try run(announceBinary, ["--help"]).stdout
        for command in CommandCatalog.commands { #expect(usage.contains("\n  \(command.synopsis)"), "\(command.name)") }
    }

    /// scripts/manpages makes each page in real sections, renders it without a warning and
    /// within 80 columns (man -l, MANWIDTH=80), and announce(1) carries every command's --help
    /// (its text, refilled by man).
    @Test func theManPagesHaveRealSectionsWithin80Columns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("man-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let build = URL(fileURLWithPath: announceBinary).deletingLastPathComponent().path
        let made = try run(packageRoot.appendingPathComponent("scripts/manpages").path, [directory, build])
        #expect(made.status == 0, "\(made.stderr)")
        let common = ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"]
        let pages = [("announce.1", ["COMMANDS", "FILES", "EXIT STATUS"]), ("announcerd.1", ["OPTIONS", "FILES", "EXIT STATUS"]),
                     ("announcer-atspi.1", ["OPTIONS", "EXIT STATUS"]), ("announcer.conf.5", ["SETTINGS", "FILES"])]
        var rendered: [String: String] = [:]
        for (page, sections) in pages {
            let checked = try run("/usr/bin/groff", ["-k", "-man", "-ww", "-z", directory + "/" + page])
            #expect(checked.status == 0 && checked.stderr.isEmpty, "\(page): \(checked.stderr)")
            let shown = try run("/usr/bin/man", ["-l", directory + "/" + page], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""])
            #expect(shown.status == 0, "\(page): \(shown.stderr)")
            let lines = shown.stdout.split(separator: "\n")
            for section in common + sections { #expect(lines.contains(Substring(section)), "\(page): no \(section)") }
            for line in lines where line.count > 80 { Issue.record("\(page): \(line.count) columns: \(line)") }
            rendered[page] = lines.map { String($0).trimmed }.joined(separator: " ")
        }
        for command in CommandCatalog.commands {
            #expect(rendered["announce.1"]!.contains("announce \(command.name)"), "\(command.name)")
            let help = HelpText(try run(announceBinary, [command.name, "--help"]).stdout)
            for case .paragraph(let text) in help.blocks {
                #expect(rendered["announce.1"]!.contains(text), "announce \(command.name) --help: \(text)")
            }
        }
        #expect(rendered["announcerd.1"]!.contains("print the version"))
        #expect(rendered["announcerd.1"]!.contains(SocketPath.lookup.split(separator: "\n").joined(separator: " ")))
    }

    /// --help is read in one shape: usage forms, paragraphs, and rows whose term ends at three
    /// spaces and whose further lines are indented deeper.
    @Test func helpTextIsReadAsUsagesParagraphsAndRows() {
        let help = HelpText("""
            usage: tool [--a]
                        [--b]
                   tool --c

            Does things.
            Second line:
              --a X          one
                             more
              Alt-U  Alt-I   two
              a whole line

            """)
        #expect(help.usages == ["tool [--a] [--b]", "tool --c"])
        #expect(help.blocks == [
            .paragraph("Does things. Second line:"),
            .list([.init(term: "--a X", text: "one more"), .init(term: "Alt-U  Alt-I", text: "two"), .init(term: "a whole line", text: "")]),
        ])
    }
}
