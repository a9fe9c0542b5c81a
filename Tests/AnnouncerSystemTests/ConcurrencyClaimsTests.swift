import Testing

/// Swift 6's checks are switched off only where a line beside says why that is safe: every
/// `@unchecked Sendable` and `nonisolated(unsafe)` of the package's Swift (its targets, its tests,
/// examples and bench) carries a `// Safe: …` comment on its own line or the one above, which
/// names what orders the accesses: a lock (a mutex, a condition), a serial queue, atomics, the
/// one thread they happen on, or a moment before the other threads start.
@Suite struct ConcurrencyClaimsTests {
    static let escapes = ["@unchecked Sendable", "nonisolated(unsafe)"]

    /// Words that name what orders the accesses.
    static let synchronisers = ["lock", "mutex", "condition", "queue", "atomic", "thread", "before"]

    /// The escapes in a file's text that no `// Safe:` comment naming a synchroniser justifies,
    /// as "line: text".
    static func unjustified(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard escapes.contains(where: { SourceScan.code(line).contains($0) }) else { return nil }
            let above = index > 0 ? lines[index - 1].drop { $0 == " " } : ""
            let reason = line.range(of: "// Safe: ").map { line[$0.upperBound...] } ?? (above.hasPrefix("// Safe: ") ? above.dropFirst(9) : nil)
            if let reason, synchronisers.contains(where: { reason.lowercased().contains($0) }) { return nil }
            return "\(index + 1): \(line.drop { $0 == " " })"
        }
    }

    @Test func everyEscapeFromTheChecksSaysWhyItIsSafe() throws {
        let files = try SourceScan.swiftFiles()
        #expect(files.count > 300, "the walk found only \(files.count) files")
        // This file names the escapes, to look for them.
        for file in files where file != "Tests/AnnouncerSystemTests/ConcurrencyClaimsTests.swift" {
            for line in Self.unjustified(in: try SourceScan.text(file)) {
                Issue.record("\(file):\(line) switches Swift's concurrency checks off without a `// Safe:` line saying why")
            }
        }
    }

    @Test func theScanSeesAnUnjustifiedEscape() {
        #expect(Self.unjustified(in: "final class A: @unchecked Sendable {\n}") == ["1: final class A: @unchecked Sendable {"])
        #expect(Self.unjustified(in: "    nonisolated(unsafe) static var x = 0") == ["1: nonisolated(unsafe) static var x = 0"])
        #expect(Self.unjustified(in: "final class A: @unchecked Sendable {  // Safe: on its queue only.").isEmpty)
        #expect(Self.unjustified(in: "// Safe: set once before the loop.\nnonisolated(unsafe) static var x = 0").isEmpty)
        #expect(Self.unjustified(in: "/// Not `@unchecked Sendable`: a comment may name it.").isEmpty)
        // A reason that names nothing that orders the accesses is no reason.
        #expect(Self.unjustified(in: "final class A: @unchecked Sendable {  // Safe: the same.") == ["1: final class A: @unchecked Sendable {  // Safe: the same."])
        #expect(Self.unjustified(in: "// Safe: trust me.\nnonisolated(unsafe) static var x = 0") == ["2: nonisolated(unsafe) static var x = 0"])
        #expect(Self.unjustified(in: "// Safe: written under `lock` only.\nfinal class A: @unchecked Sendable {").isEmpty)
    }
}
