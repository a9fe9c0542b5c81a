import AnnouncerCore
import Foundation

/// Writes one WAV file per utterance, `<directory>/<utterance id>.wav` (16-bit PCM, mono). A cut-off
/// utterance keeps what was synthesized before the cut.
public final class WAVSink: AudioSink, @unchecked Sendable {
    public let directory: String
    private var current: (id: UtteranceID, sampleRate: Int, samples: [Int16])?

    public init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    public func path(for id: UtteranceID) -> String { "\(directory)/\(id).wav" }

    public func begin(_ id: UtteranceID, sampleRate: Int) {
        current = (id, sampleRate, [])
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        current?.samples.append(contentsOf: samples)
    }

    public func end(cutOff: Bool) throws {
        guard let (id, sampleRate, samples) = current else { return }
        current = nil
        var data = Data(capacity: 44 + samples.count * 2)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let dataBytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8)); append(36 + dataBytes)
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(dataBytes)
        for sample in samples { append(sample) }
        try data.write(to: URL(fileURLWithPath: path(for: id)))
    }

    public func idle(now: Date) -> Date? { nil }
    public func close() { current = nil }
}
