import AnnouncerClient
import AnnouncerScheduler
import AnnouncerSystem
import AnnouncerTerm
import AnnouncerTerminal

/// `announce term --keys FILE [--expect FILE | --update FILE | --json] [--size COLUMNSxROWS]`:
/// what a headless run was asked for, and its end (the snapshot compared or written).
struct KeysTest {
    /// `--expect FILE` (compare) or `--update FILE` (write).
    struct Snapshot {
        var path: String
        var update: Bool
    }

    var steps: [(line: Int, step: KeyScript.Step)]
    var readingStandardInput: Bool
    var snapshot: Snapshot?
    var json: Bool
    var size: (rows: Int, columns: Int)

    enum Outcome {
        /// nil: not a headless run (no `--keys`).
        case run(KeysTest?)
        case exit(ExitStatus)
    }

    static func parse(_ parsed: ArgumentScanner.Parsed) -> Outcome {
        let testing = ["--expect", "--update", "--size"].filter { parsed.options[$0] != nil } + (parsed.has("--json") ? ["--json"] : [])
        guard let keys = parsed.options["--keys"] else {
            if let option = testing.first { return usage("\(option) goes with --keys FILE") }
            return .run(nil)
        }
        if testing.filter({ $0 != "--size" }).count > 1 { return usage("--expect, --update and --json go one at a time") }
        if parsed.positionals.isEmpty { return usage("--keys needs the program to run: announce term --keys FILE -- COMMAND…") }
        var size = (rows: 24, columns: 80)
        if let text = parsed.options["--size"] {
            let parts = text.split(separator: "x")
            guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
                  (2...1000).contains(columns), (2...1000).contains(rows) else {
                return usage("--size is COLUMNSxROWS, each 2 to 1000 (80x24)")
            }
            size = (rows, columns)
        }
        var test = KeysTest(steps: [], readingStandardInput: keys == "-", json: parsed.has("--json"), size: size)
        if let path = parsed.options["--expect"] { test.snapshot = Snapshot(path: path, update: false) }
        if let path = parsed.options["--update"] { test.snapshot = Snapshot(path: path, update: true) }
        if keys != "-" {
            let bytes: [UInt8]
            do {
                bytes = try Files.read(keys)
            } catch {
                Console.error("announce term: cannot read the keys \(keys): \(error.reason)")
                return .exit(.noInput)
            }
            let (steps, errors) = KeyScript.steps(String(decoding: bytes, as: UTF8.self))
            guard errors.isEmpty else {
                for error in errors { Console.error("announce term: \(keys): \(error)") }
                return .exit(.dataError)
            }
            test.steps = steps
        }
        return .run(test)
    }

    private static func usage(_ problem: String) -> Outcome {
        Console.error("announce term: \(problem)\nTry 'announce term --help'.")
        return .exit(.usage)
    }

    func driver(quietMs: Double) -> KeyDriver {
        let output: KeyDriver.Output = json ? .json : snapshot == nil ? .lines : .kept
        // Quiet for longer than the reader waits before it speaks, so that a program drawing in
        // two bursts is heard whole before the next key.
        let pacing = StepPacing(settings: StepPacing.Settings(quietMs: max(200, quietMs + 100)), at: 0)
        return KeyDriver(steps: steps, readingStandardInput: readingStandardInput, output: output, pacing: pacing)
    }

    /// The exit status: with a snapshot, the comparison's (or the update's); else the
    /// program's own, or 0 when it was hung up once the keys were done. Steps the program did not
    /// live to take fail the run.
    func finish(_ driver: KeyDriver?, programStatus: Int32) -> Int32 {
        guard let driver else { return programStatus }
        var status: Int32
        if let snapshot {
            status = SpeechSnapshot(path: snapshot.path, command: "announce term")
                .check(driver.spoken.map(TextSinkLine.escaped), update: snapshot.update).rawValue
        } else {
            status = driver.programStatus ?? (driver.hungUp ? 0 : programStatus)
        }
        if let line = driver.notTaken {
            Console.error("announce term: the program ended (status \(driver.programStatus ?? programStatus)) before the step on line \(line); the steps from there were not taken")
            if status == 0 { status = ExitStatus.failure.rawValue }
        }
        return status
    }
}
