import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// One door to the C world (docs/architecture.md): every program target calls libc only through
/// AnnouncerSystem, whose helpers retry EINTR and throw typed errno errors. A direct call
/// elsewhere skips both. Every Swift file of Sources (but AnnouncerSystem's), examples and bench
/// is walked, so a new file is covered without being named: its text must not import Glibc, and
/// its compiled object's Swift code must call no function that libc defines (read from libc
/// itself, not from a list). (Swift lets a module see a C
/// module that one of its imports imports, so a call can need no `import Glibc` of its own: the
/// object, not the text, says whom a file calls. Tests poke the system under test directly,
/// through Foundation, and are not scanned.)
@Suite struct LibcDoorTests {
    /// Every function libc defines (`nm -D --defined-only` of the libc.so.6 this machine links),
    /// without its version: a call to any of them outside AnnouncerSystem is a call past the door.
    static let libcFunctions: Set<String> = {
        let candidates = ["/lib/x86_64-linux-gnu/libc.so.6", "/lib/aarch64-linux-gnu/libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6"]
        guard let library = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return [] }
        return Set(run("/usr/bin/nm", ["-D", "--defined-only", "--format=just-symbols", library]).map { String($0.prefix { $0 != "@" }) })
    }()

    /// What the compiler itself emits calls to, whatever the source says: LLVM's memory
    /// intrinsics and the stack protector's check. (A coroutine accessor's frame, `malloc` and
    /// `free`, is told apart by the function that calls it: `coroutineFrame`.)
    static let compilerEmitted: Set<String> = ["memcpy", "memmove", "memset", "__stack_chk_fail"]

    /// A Swift coroutine accessor (`modify`, `_read`) or its resumption, which allocates its
    /// frame with malloc and frees it (unoptimized builds): its mangled name ends `vM`, `iM`,
    /// `vr` or `ir`, with `.resume.N` after it.
    static func coroutineFrame(_ function: String) -> Bool {
        function.contains(#/[vi][Mr](\.resume\.\d+)?$/#)
    }

    /// The libc calls an object makes from its Swift code: each libc function it refers to, with
    /// the function that refers to it (objdump's relocations), except what the compiler emits
    /// (`compilerEmitted`, a coroutine's frame) and what a C module's header defines inline (a C
    /// door's own shim, as `announcer_atspi_probe`, or the standard library's, as
    /// `_swift_stdlib_gettid`: a function whose name is not Swift's `$s…`).
    static func libcCalls(in references: [(function: String, symbol: String)]) -> [String] {
        references.compactMap { function, symbol in
            let name = String(symbol.prefix { $0 != "@" })
            guard libcFunctions.contains(name), !compilerEmitted.contains(name), function.hasPrefix("$s") else { return nil }
            if name == "malloc" || name == "free", coroutineFrame(function) { return nil }
            return name
        }
    }

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

    /// A program's output lines.
    static func run(_ program: String, _ arguments: [String]) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Each symbol an object file's code refers to, with the function whose code refers to it
    /// (`objdump -dr`: a function's label, then its relocations).
    static func references(of object: String) -> [(function: String, symbol: String)] {
        var function = ""
        var found: [(function: String, symbol: String)] = []
        for line in run("/usr/bin/objdump", ["-dr", "--no-show-raw-insn", object]) {
            if line.hasSuffix(">:"), let open = line.firstIndex(of: "<") {
                function = String(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -2)])
            } else if let kind = line.firstRange(of: "R_X86_64_") ?? line.firstRange(of: "R_AARCH64_") {
                let fields = line[kind.lowerBound...].split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2 else { continue }
                let target = fields[1].split(separator: "-").first.map { String($0.split(separator: "+").first ?? $0) } ?? ""
                found.append((function, target))
            }
        }
        return found
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
        #expect(Self.libcFunctions.count > 1000, "libc's functions were not read: \(Self.libcFunctions.count)")
        for (file, target) in try Self.doorFiles() {
            let name = (file as NSString).lastPathComponent
            let object = "\(Self.products)/\(target).build/\(name).o"
            guard FileManager.default.fileExists(atPath: object) else {
                Issue.record("\(file) has no object at \(object): is the package built?")
                continue
            }
            for call in Set(Self.libcCalls(in: Self.references(of: object))).sorted() {
                Issue.record("\(file) calls libc's \(call) directly: call it through AnnouncerSystem")
            }
        }
    }

    /// Any libc function called from Swift code is caught, with no list of names; what the
    /// compiler emits, a coroutine's frame and a C header's own code are not calls of ours.
    @Test(arguments: [
        ("$s3App4mainyyF", "read", ["read"]),
        ("$s3App4mainyyF", "lstat64", ["lstat64"]),
        ("$s3App4mainyyF", "unlink@GLIBC_2.2.5", ["unlink"]),
        ("$s3App4mainyyF", "inotify_add_watch", ["inotify_add_watch"]),
        ("$s3App4mainyyF", "malloc", ["malloc"]),
        ("$s3App4mainyyF", "memcpy", []),
        ("$s3App4mainyyF", "__stack_chk_fail", []),
        ("$s3App6DriverV8settingsAA8SettingsVvM", "malloc", []),
        ("$s3App6DriverV8settingsAA8SettingsVvM.resume.0", "free", []),
        ("$s3App6DriverV8settingsAA8SettingsVvM", "read", ["read"]),
        ("announcer_atspi_probe", "strdup", []),
        ("_swift_stdlib_gettid", "syscall", []),
        ("$s3App4mainyyF", "$s15AnnouncerSystem5FilesO6removeyySSFZ", []),
        ("$s3App4mainyyF", "swift_retain", []),
    ])
    func theScanSeesADirectCall(_ function: String, _ symbol: String, _ calls: [String]) {
        #expect(Self.libcCalls(in: [(function, symbol)]) == calls)
    }

    /// AnnouncerSystem's own objects do call libc: the scan, pointed at one, finds it.
    @Test func theScanFindsAnnouncerSystemsOwnCalls() {
        let files = "\(Self.products)/AnnouncerSystem.build/FileStatus.swift.o"
        #expect(Self.libcCalls(in: Self.references(of: files)).contains { $0.hasPrefix("lstat") })
    }
}
