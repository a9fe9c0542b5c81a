import AnnouncerSupport
import AnnouncerTestSupport
import Foundation
import Testing

/// The built `announce compose`, run as a user runs it.
@Suite struct ComposeEndToEndTests {
    @Test func composesAFixtureFile() throws {
        let result = try run(announceBinary, ["compose", packageRoot.appendingPathComponent("examples/music-player.jsonl").path])
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOfFile: fixture("music-player.expected"), encoding: .utf8)))
        #expect(result.stderr == "")
    }

    /// Every request file in examples/ (the project's own) composes without a note or a warning,
    /// plainly and on the timeline: a `hello` line introduces the client and is passed by.
    @Test(arguments: exampleRequestFiles(), [[], ["--timeline"]])
    func everyExampleComposesWithoutAWarning(file: String, options: [String]) throws {
        let result = try run(announceBinary, ["compose", packageRoot.appendingPathComponent(file).path] + options)
        #expect(result.status == 0, "\(file)")
        #expect(result.stderr == "", "\(file) \(options)")
    }

    @Test func readsStandardInput() throws {
        let result = try run(announceBinary, ["compose"], stdin: #"{"type":"focus","element":{"label":"Play","traits":["button"]}}"# + "\n")
        #expect(result.status == 0)
        #expect(result.stdout == "Play. Button.\n")
    }

    /// The doors' requests compose as the daemon says them (one rule: the composer's).
    @Test func echoAndWindowComposeAsTheDaemonSaysThem() throws {
        let input = #"{"type":"window","title":"Save changes?","role":"dialog"}"# + "\n" + #"{"type":"echo","text":"a"}"# + "\n"
            + #"{"type":"window","title":"Fenster","language":"de","role":"document"}"# + "\n"
        let result = try run(announceBinary, ["compose"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // A title in another language is said in its voice, with the user's words after it.
        #expect(result.stdout == "Save changes? Dialog.\na\nFenster. Document.\n")
    }

    @Test func aBadLineIsReportedAndTheRestStillComposed() throws {
        let input = """
            {"type":"focus","element":{"label":"One"}}
            {"type":"focus","element":{"label":"Two","traits":["buton"]}}
            this is not json
            {"type":"announce","text":"Three"}
            {"type":"shout"}

            """
        let result = try run(announceBinary, ["compose"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stdout == "One\nThree\n")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"line 2: invalid_field: element.traits[0]: unknown trait "buton"; the traits are button, link, header, searchField"#))
        #expect(lines[1].hasPrefix("line 3: bad_json: not valid JSON"))
        #expect(lines[2].hasPrefix(#"line 5: unknown_type: unknown request type "shout""#))
    }

    @Test func jsonOutput() throws {
        let input = """
            {"type":"focus","element":{"id":"w","label":"Wi-Fi","value":"1","traits":["button","switchButton"]}}
            {"type":"announce","text":"Saved","priority":"high"}
            {"type":"screen","elements":[{"id":"a","label":"A"},{"id":"b","label":"B","language":"de","traits":["button"]}]}
            """
        let result = try run(announceBinary, ["compose", "--json"], stdin: input)
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map { try JSONValue.parse($0) }
        #expect(objects == [
            ["kind": "focus", "element": "w", "description": "Wi-Fi. Switch Button. On.", "hint": "Double tap to toggle setting.", "line": 1, "locale": "en"],
            ["kind": "announcement", "element": nil, "description": "Saved", "hint": nil, "line": 2, "locale": "en", "priority": "high"],
            ["kind": "screen", "element": "a", "description": "A", "hint": nil, "line": 3, "locale": "en"],
            // The element's own language is its text's voice (`languages`), not its words.
            ["kind": "screen", "element": "b", "description": "B. Button.", "hint": nil, "line": 3, "locale": "en",
             "languages": [["in": "description", "offset": 0, "count": 1, "language": "de"]]],
        ])
    }

    @Test func localeAndHintStyleOptions() throws {
        let input = #"{"type":"focus","element":{"label":"WLAN","value":"1","traits":["button","switchButton"]}}"#
        let result = try run(announceBinary, ["compose", "--locale", "de", "--hint-style=keyboard"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "WLAN. Umschalttaste. Ein.\nZum Umschalten die Leertaste drücken.\n")
    }

    @Test func configurationFileIsRead() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-\(UUID().uuidString).conf")
        try "locale = zh-Hans\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try run(announceBinary, ["compose", "--config", config.path], stdin: #"{"type":"focus","element":{"label":"OK","traits":["button"]}}"#)
        #expect(result.stdout == "OK。按钮。\n")

        try "locale = zh-Hans\nhint-style = shouting\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try run(announceBinary, ["compose", "--config", config.path], stdin: "")
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("\(config.path):2: hint-style: expected touch or keyboard"))
    }

    @Test(arguments: [
        (["compose", "--loud"], "unknown option --loud"),
        (["compose", "--locale"], "--locale needs a value"),
        (["compose", "a", "b"], "unexpected argument \"b\""),
        (["compose", "--hint-style", "loud"], "--hint-style must be touch or keyboard"),
        (["compose", "--locale", "tlh"], "no locale table for \"tlh\""),
        (["whisper"], "unknown command \"whisper\""),
        ([], "usage: announce"),
    ])
    func badUsageExits64(_ arguments: [String], _ message: String) throws {
        let result = try run(announceBinary, arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpExplainsUsage() throws {
        let top = try run(announceBinary, ["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("compose [FILE]"))
        let compose = try run(announceBinary, ["compose", "--help"])
        #expect(compose.status == 0)
        #expect(compose.stdout.contains("--json"))
        #expect(compose.stdout.contains("--hint-style"))
    }

    @Test func aMissingFileExits66() throws {
        let result = try run(announceBinary, ["compose", "/nonexistent/events.jsonl"])
        #expect(result.status == 66)
        #expect(result.stderr == "announce compose: cannot read /nonexistent/events.jsonl\n")
    }

    @Test func missingPackagedFilesAreAClearError() throws {
        let result = try run(announceBinary, ["compose"], environment: ["ANNOUNCER_DATA_DIR": "/nonexistent"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("cannot find Announcer's packaged files"))
    }
}

/// `announce compose --timeline`, run as a developer runs it in CI.
@Suite struct ComposeTimelineEndToEndTests {
    @Test func printsWhatIsHeardWhen() throws {
        let input = """
            {"type":"focus","at":0,"element":{"label":"Play","traits":["button"],"hint":"Plays the song."}}
            {"type":"announce","at":100,"text":"Saved"}
            {"type":"announce","at":150,"text":"Battery low","priority":"high"}
            {"type":"focus","at":200,"element":{"label":"Next","traits":["button"]}}
            {"type":"announce","at":300,"text":"tick","priority":"low","rate":2}
            {"type":"status"}
            """
        // rate = 360 words per minute makes a character last 60000 / 6 / 360 ≈ 27.8 ms.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-\(UUID().uuidString).conf")
        try "rate = 360\nhint-delay-ms = 250\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try run(announceBinary, ["compose", "--timeline", "--config", config.path], stdin: input)
        #expect(result.status == 0)
        // "Battery low" (11 characters) = 11 × 27.78 + 50 = 355.6 ms; "Next. Button." (13) = 411.1 ms;
        // "Saved" (5) = 188.9 ms; "tick" at twice the rate (4) = 105.6 ms.
        #expect(result.stdout == """
            0 SPEAK focus 1 Play. Button.
            150 CUT 1
            150 FINISHED 1 interrupted
            150 SPEAK high 4 Battery low
            200 FINISHED 2 superseded
            505.6 FINISHED 4 spoken
            505.6 SPEAK focus 5 Next. Button.
            916.7 FINISHED 5 spoken
            916.7 SPEAK default 3 Saved
            1105.6 FINISHED 3 spoken
            1105.6 SPEAK low 6 tick
            1211.1 FINISHED 6 spoken

            """)
        #expect(result.stderr == "line 6: note: \"status\" request ignored; the timeline plays focus, announce, screen, update, key, navigate and stop\n")
    }

    @Test func aStormAtOneInstantIsOneUtterance() throws {
        let input = (1...50).map { #"{"type":"focus","at":0,"element":{"label":"Item \#($0)"}}"# }.joined(separator: "\n")
        let result = try run(announceBinary, ["compose", "--timeline", "--json"], stdin: input)
        #expect(result.status == 0)
        let events = try result.stdout.split(separator: "\n").map { try JSONValue.parse($0) }
        let starts = events.filter { if case .object(let m) = $0 { m["event"] == "start" } else { false } }
        let superseded = events.filter { if case .object(let m) = $0 { m["status"] == "superseded" } else { false } }
        #expect(superseded.count == 49)
        // Only the last ever sounds: the others were replaced before the engine made a sound.
        #expect(starts.count == 1)
        guard case .object(let last) = starts.last else { Issue.record("no start"); return }
        #expect(last["text"] == "Item 50")
    }

    @Test func timesMustNotGoBack() throws {
        let input = """
            {"type":"announce","at":500,"text":"A"}
            {"type":"announce","at":100,"text":"B"}
            {"type":"announce","at":"soon","text":"C"}
            """
        let result = try run(announceBinary, ["compose", "--timeline"], stdin: input)
        #expect(result.status == 65)
        // "A" at the default 175 words per minute: 60000 × (1 ÷ 6) ÷ 175 + 50 = 107.1 ms.
        #expect(result.stdout == "500 SPEAK default 1 A\n607.1 FINISHED 1 spoken\n")
        #expect(result.stderr == """
            line 2: invalid_field: at: 100 is before the previous line's 500; times must not go back
            line 3: invalid_field: at: expected milliseconds (a number of 0 or more)

            """)
    }

    @Test func aFullQueueIsReportedNotDropped() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-\(UUID().uuidString).conf")
        try "queue-limit = 1\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let input = (1...3).map { #"{"type":"announce","text":"N\#($0)"}"# }.joined(separator: "\n")
        let result = try run(announceBinary, ["compose", "--timeline", "--config", config.path], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 REFUSED line 3 queue_full\n"))
        #expect(result.stdout.contains("SPEAK default 2 N2"))
    }
}

/// A mistake in a user's locale table costs that word, never the locale or the others.
@Suite struct UserLocaleEndToEndTests {
    @Test func anIncompleteOrBrokenUserTableFallsBackWordByWordAndIsReported() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-locales-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: home + "/announcer/locales", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A new locale that gives one word, and an override of German with an unknown word.
        try "locale = sw\ntrait.button = Kitufe.\n".write(toFile: home + "/announcer/locales/sw.conf", atomically: true, encoding: .utf8)
        try "locale = de\ntrait.button = Knopf.\nbuton = Knopf.\n".write(toFile: home + "/announcer/locales/de.conf", atomically: true, encoding: .utf8)
        let focus = #"{"type":"focus","element":{"label":"OK","traits":["button","header"]}}"#
        let swahili = try run(announceBinary, ["compose", "--locale", "sw"], stdin: focus, environment: ["XDG_CONFIG_HOME": home])
        #expect(swahili.status == 0)
        #expect(swahili.stdout == "OK. Kitufe. Heading.\n")
        #expect(swahili.stderr.contains("sw.conf: the table has no \"trait.header\"; en's word is used instead"))
        let german = try run(announceBinary, ["compose", "--locale", "de"], stdin: focus, environment: ["XDG_CONFIG_HOME": home])
        #expect(german.status == 0)
        #expect(german.stdout.hasPrefix("OK. Knopf. "))
        #expect(german.stderr.contains("de.conf:3: unknown word \"buton\""))
        let english = try run(announceBinary, ["compose"], stdin: focus, environment: ["XDG_CONFIG_HOME": home])
        #expect(english.stdout == "OK. Button. Heading.\n")
    }
}

/// The request files under examples/, relative to the package root.
func exampleRequestFiles() -> [String] {
    let examples = packageRoot.appendingPathComponent("examples")
    let found = FileManager.default.enumerator(atPath: examples.path)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".jsonl") }.sorted().map { "examples/" + $0 }
}
