#if canImport(Glibc)
import Glibc
#endif
import AnnouncerElements
import AnnouncerSettings
import AnnouncerComposer
import AnnouncerScheduler
import AnnouncerTerm
import AnnouncerTerminal
import AnnouncerTestSupport
import Foundation

/// The English table and composer, as the reader's tests hear them.
let english = packagedCatalog.words(for: "en", configured: "en")
let englishComposer = UtteranceComposer(catalog: packagedCatalog, locale: "en")

extension TerminalReader.Speech {
    /// A highlight that moved to a line of plain text: the focus of an element with that label.
    static func highlight(_ label: String) -> Self { .focus(Element(label: label)) }
}

/// A terminal session recorded by `announce term` (ANNOUNCE_TERM_RECORD): every byte both
/// ways with its time, then the program's exit. Replayed through libvterm's model and the
/// reader with a manual clock, with no terminal: what the reader says for it.
struct Recording {
    enum Event {
        case keys([UInt8])
        case output([UInt8])
        case exit(Int32)
    }

    var rows = 24, columns = 80
    var events: [(time: Double, event: Event)] = []

    init(fixture name: String) throws {
        let path = packageRoot.appendingPathComponent("Tests/AnnouncerTerminalTests/Fixtures/\(name)").path
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, let time = Double(parts[0]) else { continue }
            switch parts[1] {
            case "size":
                let size = parts[2].split(separator: " ").compactMap { Int($0) }
                (rows, columns) = (size[0], size[1])
            case "in": events.append((time, .keys(Self.bytes(hex: parts[2]))))
            case "out": events.append((time, .output(Self.bytes(hex: parts[2]))))
            case "exit": events.append((time, .exit(Int32(parts[2]) ?? -1)))
            default: continue
            }
        }
    }

    /// The keys the user pressed.
    var keyCount: Int {
        events.reduce(0) { count, item in
            if case .keys(let bytes) = item.event { return count + TerminalKeys.decode(bytes).count }
            return count
        }
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)! }
    }

    /// What the reader says, in order; `.stop` left out unless asked for.
    func replay(settings: TerminalSettings = TerminalSettings(), keepingStops: Bool = false, debug: Bool = false) -> [TerminalReader.Speech] {
        let speech = timedReplay(settings: settings, debug: debug).map(\.speech)
        return keepingStops ? speech : speech.filter { $0 != .stop }
    }

    /// What the reader says and when (the manual clock's time, in ms), `.stop` included.
    func timedReplay(settings: TerminalSettings = TerminalSettings(), debug: Bool = false) -> [(time: Double, speech: TerminalReader.Speech)] {
        var speech: [(time: Double, speech: TerminalReader.Speech)] = []
        run(settings: settings) { time, said, _ in
            if debug, !said.isEmpty { print(time, said) }
            speech += said.map { (time, $0) }
        }
        return speech
    }

    /// What the reader says after each key the user pressed (a terminal's reports left out),
    /// `.stop` left out: "start" for what it says before the first key, then each key by its
    /// name (`j`, `C-d`, `down`, `enter`).
    func replayByKey(settings: TerminalSettings = TerminalSettings()) -> [Step] {
        var steps = [Step("start")]
        run(settings: settings) { _, said, key in
            if let key { steps.append(Step(Self.name(key))) }
            steps[steps.count - 1].said += said.filter { $0 != .stop }
        }
        return steps
    }

    struct Step: Sendable, Equatable, CustomStringConvertible {
        var key: String
        var said: [TerminalReader.Speech] = []

        init(_ key: String, _ said: [TerminalReader.Speech] = []) {
            self.key = key
            self.said = said
        }

        var description: String { "\(key) → \(said)" }
    }

    static func name(_ input: KeyInput) -> String {
        switch input.key {
        case .typed(let character): String(character)
        case .other where input.bytes.count == 1 && (1...26).contains(input.bytes[0]):
            "C-" + String(UnicodeScalar(input.bytes[0] + 96))
        default: "\(input.key)"
        }
    }

    /// Replays the session: `note` hears what the reader says at each time, and the key that
    /// led to it, if a key did.
    private func run(settings: TerminalSettings, note: (Double, [TerminalReader.Speech], KeyInput?) -> Void) {
        let model = TerminalScreenModel(rows: rows, columns: columns)
        var reader = TerminalReader(settings: settings, composer: englishComposer, screen: model.snapshot())
        for (time, event) in events {
            // The clock runs to this event: anything due before it is said first.
            while let deadline = reader.deadline, deadline <= time { note(deadline, reader.tick(at: deadline), nil) }
            switch event {
            case .keys(let bytes):
                for input in TerminalKeys.decode(bytes) {
                    note(time, reader.key(input.key, at: time), input.key == .report ? nil : input)
                }
            case .output(let bytes):
                model.write(bytes)
                note(time, reader.output(model.snapshot(), scrolledOff: model.takeScrolledOff(), restored: model.takeRestored(), at: time), nil)
            case .exit(let status):
                note(time, reader.exited(status: status, at: time), nil)
            }
        }
        while let deadline = reader.deadline { note(deadline, reader.tick(at: deadline), nil) }
    }

    /// When each output arrived (ms).
    var outputTimes: [Double] {
        events.compactMap { item in if case .output = item.event { return item.time } else { return nil } }
    }
}
