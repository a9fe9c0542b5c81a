import AnnouncerSystem
import AnnouncerTestSupport
import Testing

/// One door to the C world (docs/architecture.md): the shells of the doors and the speech
/// supervisor call libc only through AnnouncerSystem, whose helpers retry EINTR and throw typed
/// errno errors. A direct call in them is a call that skips both.
@Suite struct LibcDoorTests {
    static let shells = [
        "Sources/announce/TermCommand.swift", "Sources/announce/KeysCommand.swift", "Sources/announce/ComposeCommand+Speak.swift",
        "Sources/announcerd/PlayCommand.swift", "Sources/AnnouncerSpeech/SupervisedSpeechEngine.swift",
        "Sources/AnnouncerSpeech/SpeechWorkerProtocol.swift", "Sources/AnnouncerClient/DaemonConnection.swift",
        "Sources/AnnouncerClient/DaemonLink.swift",
    ]

    static let calls = [
        "read", "write", "recv", "poll", "ioctl", "tcgetattr", "tcsetattr", "cfmakeraw", "kill", "waitpid", "usleep", "sleep",
        "nanosleep", "isatty", "setenv", "execv", "execvp", "access", "signal", "sigaction", "strdup", "fcntl", "close", "exit", "_exit",
        "posix_spawn", "pipe", "socket", "connect", "raise", "strerror", "strsignal",
    ]

    @Test(arguments: shells)
    func callsNoLibcDirectly(_ file: String) throws {
        let path = packageRoot.path + "/" + file
        let text = try #require(try Files.readText(path), "\(path) is missing")
        #expect(!text.contains("import Glibc"), "\(file) imports Glibc")
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.prefix { $0 != "/" }  // comments say what they like
            for call in Self.calls where Self.callsBare(call, in: code) {
                Issue.record("\(file):\(number + 1) calls \(call) directly: \(line.trimmingWhitespace())")
            }
        }
    }

    /// `call(` with no `.` or name character before it: a global function, not a method.
    static func callsBare(_ call: String, in code: Substring) -> Bool {
        var rest = code[...]
        while let range = rest.firstRange(of: call + "(") {
            let before = code[code.startIndex..<range.lowerBound].last
            if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func theScanSeesACall() {
        #expect(Self.callsBare("kill", in: "        kill(pid, SIGKILL)"))
        #expect(Self.callsBare("waitpid", in: "_ = try? SystemCall.retrying(\"waitpid\") { waitpid(ended.pid, &status, 0) }"))
        #expect(!Self.callsBare("kill", in: "try? worker.process.send(.kill)"))
        #expect(!Self.callsBare("read", in: "try terminal.read(into: &buffer)"))
        #expect(!Self.callsBare("exit", in: "ExitStatus.exit(code: status)"))
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring { drop { $0 == " " } }
}
