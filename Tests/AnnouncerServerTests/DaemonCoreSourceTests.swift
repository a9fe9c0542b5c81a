import AnnouncerSession
import AnnouncerTestSupport
import Foundation
import Testing

/// How the daemon's core is written, read from its source: a client that has gone is an input
/// like any other (an engine report or a wake-up can come after it left), so no file of
/// AnnouncerSession or AnnouncerServer reaches a client's state by force (`clients[id]!`); `withClient` says what
/// happens when it is missing.
@Suite struct DaemonCoreSourceTests {
    @Test func noClientStateIsReachedByForce() throws {
        let directory = packageRoot.appendingPathComponent("Sources").path
        let files = try #require(FileManager.default.enumerator(atPath: directory)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && ($0.hasPrefix("AnnouncerSession/") || $0.hasPrefix("AnnouncerServer/")) }
        #expect(files.contains("AnnouncerSession/DaemonCore.swift"))
        let forced = try Regex(#"clients\[[^\]]*\]!"#)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(forced) {
                found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found == [])
    }
}
