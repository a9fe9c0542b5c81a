#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerTerminal
import AnnouncerTestSupport
import Foundation

/// The English table, as the reader's tests hear it.
let english = packagedCatalog.words(for: "en", configured: "en")

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
        let model = TerminalScreenModel(rows: rows, columns: columns)
        var reader = TerminalReader(settings: settings, words: english, screen: model.snapshot())
        var speech: [(time: Double, speech: TerminalReader.Speech)] = []
        func note(_ said: [TerminalReader.Speech], _ time: Double) {
            if debug, !said.isEmpty { print(time, said) }
            speech += said.map { (time, $0) }
        }
        for (time, event) in events {
            // The clock runs to this event: anything due before it is said first.
            while let deadline = reader.deadline, deadline <= time { note(reader.tick(at: deadline), deadline) }
            switch event {
            case .keys(let bytes):
                for input in TerminalKeys.decode(bytes) { note(reader.key(input.key, at: time), time) }
            case .output(let bytes):
                model.write(bytes)
                note(reader.output(model.snapshot(), scrolledOff: model.takeScrolledOff(), at: time), time)
            case .exit(let status):
                note(reader.exited(status: status, at: time), time)
            }
        }
        while let deadline = reader.deadline { note(reader.tick(at: deadline), deadline) }
        return speech
    }

    /// When each output arrived (ms).
    var outputTimes: [Double] {
        events.compactMap { item in if case .output = item.event { return item.time } else { return nil } }
    }
}
