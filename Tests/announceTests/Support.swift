import AnnouncerTestSupport
import Foundation

func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

/// The built `announce` binary (`$ANNOUNCE_BIN` names another).
let announceBinary = binary("announce")

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a real binary to completion with `stdin` as its standard input.
func run(_ executable: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // Output goes to files, so neither stream can fill a pipe and stall the child.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("announce-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var env = ProcessInfo.processInfo.environment
    // Keep the user's own configuration out of the tests, in a directory removed with the rest
    // (libpulse writes its cookie there).
    env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("no-config").path
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let outputURL = directory.appendingPathComponent("stdout"), errorURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outputURL, encoding: .utf8),
        stderr: try String(contentsOf: errorURL, encoding: .utf8)
    )
}
