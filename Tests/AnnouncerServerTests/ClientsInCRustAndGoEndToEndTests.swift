import Foundation
import Testing
import AnnouncerTestSupport

/// libannouncer (clients/c), built by its own Makefile as the package builds it, against the real
/// daemon: Tests/fixtures/c/libannouncer-client.c calls every function, checks its errors,
/// shares one connection between four threads, and kills announcerd to see the next call say so.
/// And the examples in other languages, built with Debian's compilers: Rust calling the library,
/// Go speaking the protocol itself (examples/rust, examples/go).
@Suite struct ClientsInCRustAndGoEndToEndTests {
    /// The library built once into a directory of its own: its path, or the build's output.
    static func built() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("libannouncer-\(UUID().uuidString.prefix(8))").path
        let make = try runTool("/usr/bin/make", ["-s", "-C", packageRoot.appendingPathComponent("clients/c").path, "BUILD=\(directory)"])
        #expect(make.status == 0, "\(make.stdout)\(make.stderr)")
        return directory
    }

    @Test func everyCallItsErrorsThreadsAndADaemonThatWentAway() throws {
        let library = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let program = library + "/libannouncer-client"
        let build = try runTool("/usr/bin/cc", ["-std=c11", "-Wall", "-Wextra", "-Werror", "-I", packageRoot.appendingPathComponent("clients/c").path,
                                                "-o", program, packageRoot.appendingPathComponent("Tests/fixtures/c/libannouncer-client.c").path,
                                                "-L", library, "-lannouncer", "-pthread"])
        #expect(build.status == 0, "\(build.stderr)")
        let daemon = try DaemonProcess()
        let result = try runTool("/usr/bin/timeout", ["60", program, daemon.socket, "\(daemon.pid)"],
                                 environment: ["LD_LIBRARY_PATH": library])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "nowhere -1 named",                      // ANNOUNCER_UNAVAILABLE, the socket named
            "window 0 queued",
            "screen 0",
            "focus 0",
            "quoted 0",
            "say 0 wait 0 spoken",                   // waited for its `finished`
            "echo 0",
            "typo -2 invalid_field named",           // ANNOUNCER_REFUSED with the daemon's code and words
            "empty -5",                              // ANNOUNCER_INVALID, nothing sent
            "nameless -5",
            "never -4",                              // ANNOUNCER_TIMEOUT
            "threads 100 distinct utterances",       // four threads on one connection
            "stop 0",
            "gone -3",                               // ANNOUNCER_CLOSED
        ])
        let spoken = daemon.stdout.split(separator: "\n").filter { $0.hasPrefix("SPEAK") && !$0.hasPrefix("SPEAK low") }.map { $0.split(separator: " ", maxSplits: 3).last.map(String.init) ?? "" }
        #expect(spoken == ["Player", "Blue in Green: 5:37 2 of 9.", #"He said "hi" \\ ünïcode. Button."#, "Saved", "a"])
    }

    /// The shared library exports its API and nothing else, and needs only the C library.
    @Test func exportsItsAPIAndNeedsOnlyLibc() throws {
        let library = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let symbols = try runTool("/usr/bin/nm", ["-D", "--defined-only", library + "/libannouncer.so.1.0.0"])
        let exported = Set(symbols.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }.filter { !$0.hasPrefix("_") })
        let header = try String(contentsOfFile: packageRoot.appendingPathComponent("clients/c/announcer.h").path, encoding: .utf8)
        let declared = Set(header.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.firstIndex(of: "("), line.contains("announcer_"), !line.hasPrefix(" "), !line.hasPrefix("/"), !line.hasPrefix("#") else { return nil }
            return line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init)
        })
        #expect(exported == declared)
        #expect(declared.count == 13)
        let needed = try runTool("/usr/bin/objdump", ["-p", library + "/libannouncer.so.1.0.0"])
        // libc, and the dynamic loader that gives its thread-local error text (both libc6's).
        let libraries = needed.stdout.split(separator: "\n").filter { $0.contains("NEEDED") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(libraries.contains("libc.so.6"))
        #expect(libraries.allSatisfy { $0 == "libc.so.6" || $0.hasPrefix("ld-linux") }, "\(libraries)")
        #expect(needed.stdout.contains("SONAME               libannouncer.so.1"))
    }

    /// examples/rust/now_playing.rs, built by Debian's rustc against the library: its window, its
    /// focus and its announcement said, and the announcement waited for.
    @Test func aRustProgramThroughTheLibrary() throws {
        let library = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: library) }
        let program = library + "/now_playing"
        let build = try runTool("/usr/bin/rustc", ["-O", "-o", program, packageRoot.appendingPathComponent("examples/rust/now_playing.rs").path,
                                                   "-L", library, "-l", "announcer"], environment: ["TMPDIR": library])
        #expect(build.status == 0, "rustc (Debian's rustc package): \(build.stderr)")
        try Self.expectNowPlaying(program, environment: ["LD_LIBRARY_PATH": library])
    }

    /// examples/go/now_playing.go, built by Debian's Go: the protocol spoken directly.
    @Test func aGoProgramSpeakingTheProtocol() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("go-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let program = directory + "/now_playing"
        let build = try runTool("/usr/bin/go", ["build", "-o", program, packageRoot.appendingPathComponent("examples/go/now_playing.go").path],
                                environment: ["GOCACHE": directory + "/cache", "GOPATH": directory + "/path", "GO111MODULE": "off", "HOME": directory])
        #expect(build.status == 0, "go (Debian's golang-go package): \(build.stderr)")
        try Self.expectNowPlaying(program, environment: [:])
    }

    static func expectNowPlaying(_ program: String, environment: [String: String]) throws {
        let daemon = try DaemonProcess()
        let result = try runTool("/usr/bin/timeout", ["30", program], environment: environment.merging(["ANNOUNCER_SOCKET": daemon.socket]) { $1 })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "spoken\n")
        #expect(daemon.stdout.split(separator: "\n").filter { $0.hasPrefix("SPEAK") }.map { String($0.split(separator: " ", maxSplits: 3)[3]) }
                == ["Player", "Play. Button.", "Now playing: Blue in Green"])
    }
}
