import AnnouncerScheduler
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTerminal
import AnnouncerWire

/// `announce term --keys`: a test's side of a headless run. The steps come from the keys file
/// (read whole, every bad line reported before anything runs) or, with `-`, from standard input
/// as its lines come (a driver such as Python's `announcer.testing.Terminal` writes one step at
/// a time, and a bad line is reported and skipped). Each step goes when `StepPacing` says the
/// last one has been answered and said; what announcerd says for this run is kept, printed as it
/// comes, or written as JSON events.
public final class KeyDriver {
    public enum Output: Sendable {
        /// One utterance a line, as it is spoken (the text sink's escapes).
        case lines
        /// One JSON object a line: `spoken`, `ready`, `screen`, `error` and `exit` events.
        case json
        /// Kept, for `--expect` or `--update`.
        case kept
    }

    public let output: Output
    /// Where `lines` and `json` go: standard output, or a test's list.
    private let print: (String) -> Void
    /// The steps read and not taken yet; a bad line from standard input waits its turn too,
    /// to be reported where it stands.
    private var steps: [(line: Int, step: Result<KeyScript.Step, KeyScript.LineError>)]
    /// Standard input, with `--keys -`, while it is open.
    public private(set) var input: FileDescriptor?
    private var inputBuffer: [UInt8] = []
    private var inputLine = 0
    /// A `type` step's characters not typed yet.
    private var typing: [Character] = []
    public private(set) var pacing: StepPacing
    /// This run's utterances that have not finished, and every one it was given.
    public private(set) var outstanding: Set<UtteranceID> = []
    private var ours: Set<UtteranceID> = []
    public private(set) var spoken: [String] = []
    /// The line of the first step not taken because the program had ended.
    public private(set) var notTaken: Int?
    /// Whether the last step has been answered since the `ready` event was written.
    private var announcedReady = false
    /// The line of the step taken last, and whether its overrun has been reported.
    private var currentLine: Int?
    private var warnedOverrun = false

    public init(steps: [(line: Int, step: KeyScript.Step)], readingStandardInput: Bool, output: Output, pacing: StepPacing,
                print: @escaping (String) -> Void = { Console.out($0) }) {
        self.steps = steps.map { ($0.line, .success($0.step)) }
        self.output = output
        self.print = print
        self.pacing = pacing
        input = readingStandardInput ? .standardInput : nil
    }

    /// More steps are wanted from standard input: all read so far have gone.
    public var wantsInput: Bool { input != nil && steps.isEmpty && typing.isEmpty }

    /// Every step has gone, and no more can come.
    public var isDone: Bool { steps.isEmpty && typing.isEmpty && input == nil }

    // MARK: - Steps

    public enum Action {
        case key(ScriptKey)
        case screen
    }

    /// The next thing to do, when the last step has been answered and said; nil while it has
    /// not, or when no step is waiting.
    public func next(at now: Double, busy: Bool) -> Action? {
        guard pacing.isReady(at: now, busy: busy) else { return nil }
        if pacing.overran(at: now), !warnedOverrun {
            warnedOverrun = true
            let step = currentLine.map { "line \($0)'s step" } ?? "its start"
            Console.error("announce term: the program did not settle within \(Int(pacing.settings.limitMs / 1000)) s after \(step); the keys go on")
        }
        if let character = typing.first {
            typing.removeFirst()
            pacing.stepTaken(at: now)
            return .key(ScriptKey(.character(character)))
        }
        guard !steps.isEmpty else {
            if !announcedReady {
                announcedReady = true
                if output == .json { event(["event": "ready"]) }
            }
            return nil
        }
        announcedReady = false
        warnedOverrun = false
        let (line, taken) = steps.removeFirst()
        currentLine = line
        let step: KeyScript.Step
        switch taken {
        case .success(let taken): step = taken
        case .failure(let error):
            report(error)
            return next(at: now, busy: busy)
        }
        switch step {
        case .key(let key):
            pacing.stepTaken(at: now)
            return .key(key)
        case .type(let text):
            typing = Array(text)
            return next(at: now, busy: busy)
        case .wait(let milliseconds):
            pacing.pause(milliseconds: Double(milliseconds), at: now)
            return nil
        case .screen:
            return .screen
        }
    }

    /// Standard input's lines that have come (call when poll says it is readable).
    public func readInput() {
        guard let descriptor = input else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        guard case .processed(let count)? = try? descriptor.read(into: &chunk), count > 0 else {
            if !inputBuffer.isEmpty { take(line: inputBuffer[...]) }
            inputBuffer = []
            input = nil
            return
        }
        inputBuffer += chunk[0..<count]
        while let end = inputBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            take(line: inputBuffer[..<end])
            inputBuffer.removeSubrange(...end)
        }
    }

    private func take(line bytes: ArraySlice<UInt8>) {
        inputLine += 1
        do {
            if let step = try KeyScript.step(Substring(String(decoding: bytes, as: UTF8.self)), line: inputLine) {
                steps.append((inputLine, .success(step)))
            }
        } catch {
            steps.append((inputLine, .failure(error)))
        }
    }

    private func report(_ error: KeyScript.LineError) {
        Console.error("announce term: keys \(error)")
        if output == .json { event(["event": "error", "line": .number(Double(error.line)), "message": .string(error.reason)]) }
    }

    /// The program ended with steps still waiting: they are not taken.
    public func programEnded() {
        typing = []
        if let first = steps.first { notTaken = first.line }
        steps = []
        input = nil
    }

    // MARK: - Speech

    /// announcerd's answer to a request this run sent.
    public func accepted(_ reply: Reply?) {
        let utterances: [UtteranceID?] = switch reply?.body {
        case .ok(let accepted)?: [accepted.utterance, accepted.hint]
        // A setting changed: the daemon's saying of it.
        case .settings(_, let utterance)?: [utterance]
        default: []
        }
        for utterance in utterances.compactMap({ $0 }) {
            outstanding.insert(utterance)
            ours.insert(utterance)
        }
    }

    /// An event from announcerd: only this run's utterances count (a shared daemon speaks for
    /// others too).
    public func heard(_ event: DaemonEvent, at now: Double) {
        switch event {
        case .speaking(let utterance, let text, _) where ours.contains(utterance):
            pacing.activity(at: now)
            spoken.append(text)
            switch output {
            case .lines: print(TextSinkLine.escaped(text))
            case .json: self.event(["event": "spoken", "text": .string(text)])
            case .kept: break
            }
        case .finished(let utterance, _, _) where ours.contains(utterance):
            pacing.activity(at: now)
            outstanding.remove(utterance)
        default:
            break
        }
    }

    public func programWrote(at now: Double) {
        pacing.activity(at: now)
    }

    // MARK: - What is shown

    public func show(_ screen: ScreenSnapshot) {
        let lines = screen.lines.map(\.text)
        if output == .json {
            event(["event": "screen", "lines": .array(lines.map { .string($0) }),
                   "cursor": ["row": .number(Double(screen.cursor.row)), "column": .number(Double(screen.cursor.column))]])
        } else {
            var last = lines.count
            while last > 0, lines[last - 1].isEmpty { last -= 1 }
            for line in lines[..<last] { Console.error(line) }
        }
    }

    /// The program's own exit status; nil while it runs, or when it was hung up at the end.
    public private(set) var programStatus: Int32?

    /// Whether the run ended by hanging the program up, the keys done.
    public private(set) var hungUp = false

    public func exited(status: Int32?) {
        programStatus = status
        hungUp = status == nil
        if output == .json { event(["event": "exit", "status": status.map { .number(Double($0)) } ?? .null]) }
    }

    private func event(_ members: [String: JSONValue]) {
        print(JSONValue.object(members).serialized())
    }
}
