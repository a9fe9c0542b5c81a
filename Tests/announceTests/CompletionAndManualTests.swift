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
        #expect(try bashCompletes(["announce", "s"]) == ["say", "stop", "send", "status"])
        #expect(try bashCompletes(["announce", "say", "--pu"]) == ["--punctuation"])
        #expect(try bashCompletes(["announce", "say", "--priority", ""]) == ["high", "default", "low"])
        #expect(try bashCompletes(["announce", "term", "--typing-echo", ""]) == ["characters", "words", "none"])
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

    /// scripts/manpages renders each page without a warning, and announce(1) carries every
    /// command's --help.
    @Test func theManPagesAreGeneratedFromHelp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("man-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let build = URL(fileURLWithPath: announceBinary).deletingLastPathComponent().path
        let made = try run(packageRoot.appendingPathComponent("scripts/manpages").path, [directory, build])
        #expect(made.status == 0, "\(made.stderr)")
        for page in ["announce.1", "announcerd.1", "announcer-atspi.1", "announcer.conf.5"] {
            let checked = try run("/usr/bin/groff", ["-k", "-man", "-ww", "-z", directory + "/" + page])
            #expect(checked.status == 0 && checked.stderr.isEmpty, "\(page): \(checked.stderr)")
        }
        let manual = try String(contentsOfFile: directory + "/announce.1", encoding: .utf8)
        for command in CommandCatalog.commands {
            #expect(manual.contains(".SS \"announce \(command.name)\""), "\(command.name)")
            let helpLines = try run(announceBinary, [command.name, "--help"]).stdout.split(separator: "\n")
            for line in helpLines where !line.contains("\\") && !line.hasPrefix(".") {
                #expect(manual.contains(line), "announce \(command.name) --help: \(line)")
            }
        }
        let daemonManual = try String(contentsOfFile: directory + "/announcerd.1", encoding: .utf8)
        #expect(daemonManual.contains("--version       print the version"))
    }
}
