import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// One door to the C world (docs/architecture.md): every program target calls libc only through
/// AnnouncerSystem, whose helpers retry EINTR and throw typed errno errors. A direct call
/// elsewhere skips both. Every Swift file of Sources (but AnnouncerSystem's), examples and bench
/// is walked, so a new file is covered without being named: its text must not import Glibc, and
/// its compiled object must not call libc's system calls itself. (Swift lets a module see a C
/// module that one of its imports imports, so a call can need no `import Glibc` of its own: the
/// object, not the text, says whom a file calls. Tests poke the system under test directly,
/// through Foundation, and are not scanned.)
@Suite struct LibcDoorTests {
    /// libc's calls that AnnouncerSystem wraps, as linked (glibc's `stat` family also as `…64`).
    static let calls: Set<String> = [
        "read", "write", "recv", "send", "recvmsg", "sendmsg", "poll", "ioctl", "tcgetattr", "tcsetattr", "cfmakeraw", "kill",
        "waitpid", "usleep", "sleep", "nanosleep", "pause", "isatty", "setenv", "unsetenv", "getenv", "execv", "execvp", "access",
        "signal", "sigaction", "pthread_sigmask", "fcntl", "open", "close", "_exit", "atexit", "posix_spawn", "pipe", "pipe2",
        "socket", "socketpair", "connect", "accept", "accept4", "bind", "listen", "shutdown", "raise", "strerror", "strsignal",
        "stat", "lstat", "fstat", "unlink", "rmdir", "mkdir", "rename", "getuid", "geteuid", "getpid", "getpwuid", "clock_gettime",
        "localtime_r", "mmap", "madvise", "malloc_trim", "prctl", "pthread_create", "dup", "dup2", "fork", "chdir", "forkpty",
    ]

    /// The program targets' files that are not AnnouncerSystem's, each with its target's build
    /// directory's name (`announcer-atspi` builds into `announcer_atspi.build`).
    static func doorFiles() throws -> [(file: String, target: String)] {
        try SourceScan.swiftFiles(under: ["Sources", "examples", "bench"]).compactMap { file in
            let parts = file.split(separator: "/")
            let target: String
            switch parts[0] {
            case "Sources": target = String(parts[1])
            case "examples" where parts[1] == "ShapeShuffle": target = "shape-shuffle"
            case "bench" where parts[1] == "CoreBenchmark": target = "announcer-bench"
            default: return nil  // not a target's source (a script's fixture)
            }
            guard target != "AnnouncerSystem" else { return nil }
            return (file, target.replacingOccurrences(of: "-", with: "_"))
        }
    }

    /// The build's products directory: the test bundle's.
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path

    /// What an object file takes from elsewhere, a symbol a line (`nm -u`).
    static func undefinedSymbols(of object: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        process.arguments = ["-u", "--format=just-symbols", object]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The libc calls among an object's undefined symbols (`lstat64` is `lstat`; a versioned
    /// name `read@GLIBC_2.2.5` is `read`).
    static func libcCalls(in symbols: [String]) -> [String] {
        symbols.compactMap { symbol in
            var name = String(symbol.prefix { $0 != "@" })
            if name.hasSuffix("64"), calls.contains(String(name.dropLast(2))) { name = String(name.dropLast(2)) }
            return calls.contains(name) ? name : nil
        }
    }

    /// The lines (1-based) of a file's text that import Glibc, or a part of it, in any form:
    /// indented under an `#if`, behind attributes (`@preconcurrency`, `@_exported`), one
    /// declaration (`import func Glibc.usleep`), or by the module's own name (SwiftGlibc).
    static func glibcImports(in text: String) -> [Int] {
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            var words = SourceScan.code(line).split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while words.first?.hasPrefix("@") == true { words = words.dropFirst() }
            guard words.first == "import" else { return nil }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            let module = words.first?.split(separator: ".").first
            return module == "Glibc" || module == "SwiftGlibc" ? number + 1 : nil
        }
    }

    @Test func noProgramFileImportsGlibc() throws {
        let files = try Self.doorFiles()
        #expect(files.count > 100, "the walk found only \(files.count) files")
        for (file, _) in files {
            for number in Self.glibcImports(in: try SourceScan.text(file)) {
                Issue.record("\(file):\(number) imports Glibc: call libc through AnnouncerSystem")
            }
        }
    }

    /// A file outside AnnouncerSystem that imports Glibc is caught, however it says it.
    @Test(arguments: [
        ("import Glibc", [1]),
        ("import AnnouncerSystem\nimport Glibc\nimport Dispatch", [2]),
        ("#if canImport(Glibc)\n    import Glibc\n#endif", [2]),
        ("@preconcurrency import Glibc", [1]),
        ("@_exported import SwiftGlibc", [1]),
        ("import func Glibc.usleep", [1]),
        ("import struct Glibc.stat  // for the file's mode", [1]),
        ("import AnnouncerSystem\nimport Dispatch", []),
        ("import GlibcLike", []),
        ("// import Glibc is what this file must not do", []),
        ("/// Callers need not import Glibc for its constants.", []),
    ])
    func theScanSeesAGlibcImport(_ text: String, _ lines: [Int]) {
        #expect(Self.glibcImports(in: text) == lines)
    }

    @Test func noProgramFileCallsLibcButThroughAnnouncerSystem() throws {
        for (file, target) in try Self.doorFiles() {
            let name = (file as NSString).lastPathComponent
            let object = "\(Self.products)/\(target).build/\(name).o"
            guard FileManager.default.fileExists(atPath: object) else {
                Issue.record("\(file) has no object at \(object): is the package built?")
                continue
            }
            for call in Self.libcCalls(in: try Self.undefinedSymbols(of: object)) {
                Issue.record("\(file) calls libc's \(call) directly: call it through AnnouncerSystem")
            }
        }
    }

    @Test func theScanSeesADirectCall() throws {
        #expect(Self.libcCalls(in: ["$s15AnnouncerSystem5FilesO6removeyySSFZ", "lstat64", "swift_retain", "unlink@GLIBC_2.2.5"]) == ["lstat", "unlink"])
        // AnnouncerSystem's own objects do call libc: the scan, pointed at one, finds it.
        let files = "\(Self.products)/AnnouncerSystem.build/FileStatus.swift.o"
        #expect(Self.libcCalls(in: try Self.undefinedSymbols(of: files)).contains("lstat"))
    }
}
