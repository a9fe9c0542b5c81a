import AnnouncerTestSupport
import Foundation
import Testing

/// The terminal door has the desktop door's shape: its rules pure (AnnouncerTerminal imports
/// the core's layers alone: no libvterm, no libc, no client), its shell (AnnouncerTerm) the one
/// importer of libvterm. Every Swift file of Sources is scanned, so a new one is too.
@Suite struct TerminalDoorShapeTests {
    /// Every Swift file under Sources, relative to the package's root, with the modules it imports.
    static func imports() throws -> [(path: String, modules: Set<String>)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let modules = text.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                      index + 1 < words.count else { return nil }
                return String(words[index + 1])
            }
            return ("Sources/" + file, Set(modules))
        }
    }

    /// The core's nine layers (docs/architecture.md).
    static let coreLayers: Set<String> = ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer",
                                          "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire"]

    @Test func theRulesImportTheCoreAlone() throws {
        let rules = try Self.imports().filter { $0.path.hasPrefix("Sources/AnnouncerTerminal/") }
        #expect(!rules.isEmpty)
        for file in rules {
            #expect(file.modules.isSubset(of: Self.coreLayers), "\(file.path) imports \(file.modules.sorted())")
        }
    }

    /// The rules write no state words of their own in English ("checked", "selected"): a
    /// control drawn in text is said by the composer, from the locale tables. Every string
    /// literal of every file of the rules is read.
    @Test func theRulesWriteNoStateWords() throws {
        let sources = packageRoot.appendingPathComponent("Sources/AnnouncerTerminal")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let literal = try Regex(#""([^"\\]|\\.)*""#)
        let stateWords = try Regex(#"(?i)\b(checked|unchecked|selected|on|off)\b"#)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in line.matches(of: literal) where line[match.range].contains(stateWords) {
                    Issue.record("\(file) writes \(line[match.range])")
                }
            }
        }
    }

    @Test func onlyTheShellImportsLibvterm() throws {
        let importers = try Self.imports().filter { $0.modules.contains("CVTerm") }.map(\.path)
        #expect(importers == ["Sources/AnnouncerTerm/TerminalScreenModel.swift"])
    }
}
