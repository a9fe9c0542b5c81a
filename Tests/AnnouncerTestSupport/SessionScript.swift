import Foundation

/// What a session script printed on its standard output (the door suites' `session.sh`), run
/// under `timeout` with a limit of `seconds`. The output goes to a file, not a pipe: a bus daemon
/// that `dbus-run-session` starts outlives the session holding the descriptors it was given, so a
/// pipe would never reach its end. Standard error is dropped.
public func sessionOutput(_ arguments: [String], seconds: Int, directory: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    // KILL 10 s after the TERM: a runner may start its tests with TERM blocked.
    process.arguments = ["-k", "10", String(seconds)] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString.prefix(8))").path
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: output) }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return try String(contentsOfFile: output, encoding: .utf8)
}
