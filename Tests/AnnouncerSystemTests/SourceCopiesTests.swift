import AnnouncerSystem
import AnnouncerTestSupport
import Testing

/// One path per behaviour: a source file that stands again, letter for letter, under the same
/// name in another module is a copy that will drift; what two modules share belongs in one
/// module both import (as `configurationSources` in AnnouncerConfiguration).
@Suite struct SourceCopiesTests {
    @Test func noSourceFileIsCopiedIntoAnotherModule() throws {
        var byName: [String: [String]] = [:]
        for path in try SourceScan.swiftFiles(under: ["Sources"]) {
            byName[Path.lastComponent(of: path), default: []].append(packageRoot.path + "/" + path)
        }
        #expect(byName.count > 100, "the scan found too few files to be a scan of Sources")
        for (name, paths) in byName where paths.count > 1 {
            let texts = try paths.map { try Files.read($0) }
            for first in texts.indices {
                for second in texts.indices where second > first && texts[first] == texts[second] {
                    Issue.record("\(name): \(paths[first]) and \(paths[second]) are the same file")
                }
            }
        }
    }

    /// One headless desktop: only the Python kit's (clients/python/announcer/testing/headless/)
    /// starts a display or a bus; the Swift suite's session script, bench/ and the kit's
    /// `Desktop` all run in it. Every file of the repository's code, tests, benchmarks and
    /// scripts is read for any start of Xvfb, Xorg, a D-Bus daemon or the accessibility bus
    /// (`DesktopStarts`), outside comments.
    @Test func theHeadlessDesktopIsStartedInOnePlace() throws {
        let files = try SourceScan.files(under: ["Sources", "Tests", "bench", "clients", "scripts", "examples", ".ci"])
        #expect(files.count > 300, "the scan found too few files to be a scan of the repository")
        var starting: Set<String> = []
        // This file names them, to look for them.
        for file in files where file != "Tests/AnnouncerSystemTests/SourceCopiesTests.swift" {
            guard let text = try? SourceScan.text(file) else { continue }
            if !DesktopStarts.lines(in: text, shell: DesktopStarts.isShell(file, text)).isEmpty { starting.insert(file) }
        }
        #expect(starting == ["clients/python/announcer/testing/headless/__init__.py"])
    }

    /// Starts the scan must see, however they are written, and mentions it must not take for one.
    @Test(arguments: [
        ("Xvfb :99 &", true, true),
        ("exec /usr/bin/Xorg :1 vt7", true, true),
        ("DISPLAY=:1 FOO=bar dbus-daemon --session --fork", true, true),
        ("(cd /tmp && at-spi-bus-launcher --launch-immediately)", true, true),
        ("out=$(dbus-launch --sh-syntax)", true, true),
        ("xvfb-run -a pytest", true, true),
        ("timeout 5 /usr/libexec/at-spi2-registryd &", true, true),
        ("echo \"Xvfb did not start\" >&2", true, false),
        ("  # Xvfb :99 would start a second display", true, false),
        ("subprocess.Popen([\"Xvfb\", \":5\"])", false, true),
        ("process = subprocess.run(\n    [\"/usr/bin/dbus-daemon\", \"--session\"], check=True)", false, true),
        ("os.system(\"xvfb-run pytest\")", false, true),
        ("process.executableURL = URL(fileURLWithPath: \"/usr/bin/Xvfb\")", false, true),
        ("try runTool(\"/usr/bin/Xorg\", [\":3\"])", false, true),
        ("\"\"\"Run under Xvfb with no window manager.\"\"\"", false, false),
        ("for name in (\"Xvfb\", \"xdotool\", \"dbus-daemon\"):", false, false),
        ("assert {\"Xvfb\", \"dbus-daemon\"} <= names", false, false),
        ("raise AnnouncerError(\"Xvfb did not give its display\")", false, false),
    ])
    func theScanSeesAStartOfADisplayOrABus(_ text: String, _ shell: Bool, _ starts: Bool) {
        #expect(DesktopStarts.lines(in: text, shell: shell).isEmpty == !starts, "\(text)")
    }
}

/// Where a file starts a display or a bus: Xvfb, Xorg, dbus-daemon, dbus-launch,
/// dbus-run-session, xvfb-run, at-spi-bus-launcher or at-spi2-registryd run as a program. In a
/// shell script, as a command (its first word, past variables set for it, `exec`, `timeout N`
/// and the like, at a line's start or after `;`, `&&`, `||`, `|`, `(` or `$(`); in Python or
/// Swift, as a string (the program, or its path, first) in a statement that starts a process.
enum DesktopStarts {
    static let programs: Set<String> = ["Xvfb", "Xorg", "X", "dbus-daemon", "dbus-launch", "dbus-run-session", "xvfb-run",
                                        "at-spi-bus-launcher", "at-spi2-registryd"]
    /// What starts a process in Python and Swift.
    static let spawning = ["Popen(", "subprocess.", "os.system(", "os.exec", "os.spawn", "spawn(", "spawn_reporting(", "create_subprocess",
                           "executableURL", "Process(", "runTool(", "sessionOutput(", "Subprocess", "ChildProcess", "posix_spawn"]
    /// Words a shell command may start with before its program.
    static let prefixes: Set<String> = ["exec", "command", "nohup", "setsid", "env", "sudo", "nice", "stdbuf", "then", "do", "else", "!"]

    static func isShell(_ file: String, _ text: String) -> Bool {
        file.hasSuffix(".sh") || text.hasPrefix("#!/bin/sh") || text.hasPrefix("#!/usr/bin/env bash") || text.hasPrefix("#!/bin/bash")
    }

    static func names(_ word: Substring) -> Bool {
        programs.contains(String(word.split(separator: "/").last ?? word))
    }

    /// The lines (1-based) of `text` that start one.
    static func lines(in text: String, shell: Bool) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { index in
            let line = lines[index].drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") || line.hasPrefix("//") { return false }
            if shell { return commandStarts(line) }
            // A string naming the program, in a statement that starts a process (it may have
            // begun up to three lines before).
            let statement = lines[max(0, index - 3)...index].joined(separator: "\n")
            return stringsNaming(line) && spawning.contains { statement.contains($0) }
        }.map { $0 + 1 }
    }

    /// Whether a quoted string of `line` starts with one of the programs (as a word).
    static func stringsNaming(_ line: Substring) -> Bool {
        let literal = #/["']([^"'\\]*)["']/#
        return line.matches(of: literal).contains { match in
            match.output.1.split(separator: " ").first.map(names) ?? false
        }
    }

    /// Whether a command of a shell line runs one of the programs.
    static func commandStarts(_ line: Substring) -> Bool {
        var text = String(line)
        for separator in ["&&", "||", "$(", ";", "|", "(", "`"] { text = text.replacingOccurrences(of: separator, with: "\n") }
        return text.split(separator: "\n").contains { command in
            var words = command.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.contains("=") && !first.hasPrefix("=") || prefixes.contains(String(first)) { words = words.dropFirst() }
            if words.first == "timeout" { words = words.dropFirst(2) }
            return words.first.map(names) ?? false
        }
    }
}
