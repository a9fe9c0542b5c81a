import AnnouncerSettings
import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

/// announcer.conf's keys are one table (`Configuration.keys`): what it writes it reads back, and
/// the packaged file documents exactly its keys.
@Suite struct ConfigurationKeyTests {
    /// A value other than the default for every key.
    static let changed: [String: String] = [
        "locale": "de", "hint-style": "keyboard", "hint-delay-ms": "250", "max-age-ms": "9000", "queue-limit": "50", "rate": "300",
        "voice": "fr", "volume": "150", "pitch": "70", "traits": "brief", "hints": "off", "positions": "off", "punctuation": "most",
        "sink": "wav:/tmp/x", "speaker-buffer-ms": "80", "speaker-idle-close-ms": "0", "max-clients": "9", "max-backlog-bytes": "8192",
        "max-queued-per-client": "7", "ssip-socket": "auto", "braille": "auto", "braille-grade": "contracted", "braille-flash-ms": "0",
        "desktop.modifier": "both", "desktop.progress-percent": "25", "term.quiet-ms": "60", "term.repeat-ms": "100",
        "term.flood-lines": "5", "typing-echo": "words",
    ]

    @Test func everyKeyIsWrittenAsItIsRead() throws {
        #expect(Set(Configuration.keys.map(\.name)) == Set(Self.changed.keys), "a key without a changed value, or one that is not a key")
        let configuration = try Configuration(entries: Self.changed.map { KeyValueFile.Entry(key: $0.key, value: $0.value, line: 1) })
        #expect(configuration != Configuration())
        for key in Configuration.keys {
            #expect(key.write(configuration) == Self.changed[key.name], "\(key.name)")
            // Each key alone changes the configuration: no two keys write one field.
            let alone = try Configuration(entries: [KeyValueFile.Entry(key: key.name, value: Self.changed[key.name]!, line: 1)])
            #expect(alone != Configuration(), "\(key.name) changed nothing")
        }
        #expect(try Configuration(entries: configuration.entries) == configuration)
        #expect(try Configuration(entries: Configuration().entries) == Configuration())
    }

    @Test func anOlderNameReadsTheSameKey() throws {
        let old = try Configuration(entries: [KeyValueFile.Entry(key: "term.typing-echo", value: "none", line: 1)])
        #expect(old.value(ofKey: "typing-echo") == "none")
    }

    @Test func aBadValueSaysWhatWasExpected() {
        #expect(throws: ConfigError(file: "c", line: 3, "rate: expected words per minute from 80 to 450, got \"9\"")) {
            try Configuration(entries: [KeyValueFile.Entry(key: "rate", value: "9", line: 3)], name: "c")
        }
        #expect(throws: ConfigError(file: "c", line: 1, "unknown setting \"speed\"")) {
            try Configuration(entries: [KeyValueFile.Entry(key: "speed", value: "9", line: 1)], name: "c")
        }
    }

    /// The packaged config/announcer.conf documents every key (a `key = value` line, commented
    /// out or not), and nothing that is not one.
    @Test func thePackagedFileDocumentsEveryKey() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("config/announcer.conf"), encoding: .utf8)
        let documented = Set(text.split(separator: "\n").compactMap { line -> String? in
            let code = line.hasPrefix("# ") ? line.dropFirst(2) : line[...]
            guard let equals = code.firstIndex(of: "="), code[..<equals].hasSuffix(" ") else { return nil }
            let key = code[..<equals].trimmingCharacters(in: .whitespaces)
            return key.allSatisfy { $0.isLowercase || $0 == "-" || $0 == "." } && !key.isEmpty ? key : nil
        })
        #expect(documented == Set(Configuration.keys.map(\.name)))
    }
}
