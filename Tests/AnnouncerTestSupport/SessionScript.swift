import Foundation

/// What a session script printed on its standard output (the door suites' `session.sh`), run
/// under `timeout` with a limit of `seconds`. The output goes to a file, not a pipe: a bus daemon
/// that a session starts may outlive the session holding the descriptors it was given, so a
/// pipe would never reach its end. Standard error is dropped.
///
/// The session is awaited, not waited for: a test that waits on a real program would otherwise
/// hold one of the runtime's few threads (as many as the machine has cores) for the whole
/// session, and the door suites, each serialized, would take turns on two threads however idle
/// the machine is. Awaited, the door suites have their sessions going at once, four at a time
/// (`SessionSlots`).
public func sessionOutput(_ arguments: [String], seconds: Int, directory: String? = nil) async throws -> String {
    await SessionSlots.shared.acquire()
    do {
        let output = try await runSession(arguments, seconds: seconds, directory: directory)
        await SessionSlots.shared.release()
        return output
    } catch {
        await SessionSlots.shared.release()
        throw error
    }
}

/// How many sessions run at once: four, each a display, a bus, a daemon and an application or
/// a browser (or a tmux server and a program), whatever the machine's cores (Swift Testing runs
/// twice as many tests as there are cores: 32 sessions at once on a machine of 16). Four is what
/// a machine of two cores runs with one of them kept busy too (scripts/load-test).
actor SessionSlots {
    static let shared = SessionSlots(4)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

private func runSession(_ arguments: [String], seconds: Int, directory: String?) async throws -> String {
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
    try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in ended.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            ended.resume(throwing: error)
        }
    }
    return try String(contentsOfFile: output, encoding: .utf8)
}
