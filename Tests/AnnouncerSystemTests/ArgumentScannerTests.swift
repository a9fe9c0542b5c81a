import AnnouncerSystem
import Testing

@Suite struct ArgumentScannerTests {
    let scanner = ArgumentScanner(flags: ["--json"], options: ["--locale"], maximumPositionals: 1)

    @Test func flagsOptionsAndPositionals() throws {
        let parsed = try scanner.parse(["--json", "--locale", "de", "file"])
        #expect(parsed.has("--json"))
        #expect(parsed.options == ["--locale": "de"])
        #expect(parsed.positionals == ["file"])
    }

    @Test func inlineValuesAndDoubleDash() throws {
        let parsed = try scanner.parse(["--locale=zh-Hans", "--", "--json"])
        #expect(parsed.options["--locale"] == "zh-Hans")
        #expect(parsed.positionals == ["--json"])
        #expect(!parsed.has("--json"))
    }

    @Test func dashIsAPositional() throws {
        #expect(try scanner.parse(["-"]).positionals == ["-"])
    }

    @Test(arguments: [
        (["--nope"], "unknown option --nope"),
        (["--locale"], "--locale needs a value"),
        (["--json=yes"], "unknown option --json"),
        (["a", "b"], "unexpected argument \"b\""),
    ])
    func refuses(_ arguments: [String], _ message: String) {
        let error = #expect(throws: UsageError.self) { try scanner.parse(arguments) }
        #expect(error?.message == message)
    }
}
