import Testing

/// Swift 6's checks are switched off only where a line beside says why that is safe: every
/// `@unchecked Sendable` and `nonisolated(unsafe)` of the package's sources carries a
/// `// Safe: …` comment on its own line or the one above.
@Suite struct ConcurrencyClaimsTests {
    static let escapes = ["@unchecked Sendable", "nonisolated(unsafe)"]

    /// The escapes in a file's text that no `// Safe:` comment justifies, as "line: text".
    static func unjustified(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard escapes.contains(where: { SourceScan.code(line).contains($0) }) else { return nil }
            let above = index > 0 ? lines[index - 1].drop { $0 == " " } : ""
            if line.contains("// Safe: ") || above.hasPrefix("// Safe: ") { return nil }
            return "\(index + 1): \(line.drop { $0 == " " })"
        }
    }

    @Test func everyEscapeFromTheChecksSaysWhyItIsSafe() throws {
        let files = try SourceScan.swiftFiles(under: ["Sources"])
        #expect(files.count > 100, "the walk found only \(files.count) files")
        for file in files {
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
    }
}
