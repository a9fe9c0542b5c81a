import AnnouncerScheduler
import AnnouncerSystem

/// Writes one WAV file per utterance, `<directory>/<utterance id>.wav` (16-bit PCM, mono). A cut-off
/// utterance keeps what was synthesized before the cut. A file that cannot be written (a full
/// disk, a directory deleted or made read-only since) is an error for that utterance, which then
/// ends `failed`; a directory that cannot be written at all is an error at start-up. The voices
/// that said it are in the file's INFO list, after its samples, as its comment (`ICMT`,
/// "voices: Japanese"; readers of the samples, Python's `wave` among them, skip it).
public final class WAVSink: AudioSink {
    public let directory: String
    private var current: (id: UtteranceID, sampleRate: Int, samples: [Int16])?
    private var voiceNames: [String] = []

    public init(directory: String) throws {
        self.directory = directory
        do {
            try Files.makeDirectories(directory, mode: 0o777)
        } catch {
            throw WAVSinkError(directory: directory, reason: "it cannot be created")
        }
        if let error = Files.cannotWriteIn(directory) {
            throw WAVSinkError(directory: directory, reason: error.reason)
        }
    }

    public func path(for id: UtteranceID) -> String { "\(directory)/\(id).wav" }

    public func begin(_ id: UtteranceID, sampleRate: Int) {
        current = (id, sampleRate, [])
        voiceNames = []
    }

    public var keepsVoices: Bool { true }
    public func voices(_ names: [String]) { voiceNames = names }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        current?.samples.append(contentsOf: samples)
    }

    public func end(cutOff: Bool) throws {
        guard let (id, sampleRate, samples) = current else { return }
        current = nil
        var data: [UInt8] = []
        data.reserveCapacity(44 + samples.count * 2)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let dataBytes = UInt32(samples.count * 2)
        // The INFO list: its comment, NUL-ended and padded to an even length.
        var comment = Array("voices: \(voiceNames.joined(separator: ", "))".utf8) + [0]
        if comment.count % 2 == 1 { comment.append(0) }
        let info = voiceNames.isEmpty ? 0 : UInt32(4 + 8 + comment.count)
        data += Array("RIFF".utf8); append(36 + dataBytes + (info > 0 ? 8 + info : 0))
        data += Array("WAVE".utf8)
        data += Array("fmt ".utf8); append(UInt32(16)); append(UInt16(1)); append(UInt16(1))
        append(UInt32(sampleRate)); append(UInt32(sampleRate * 2)); append(UInt16(2)); append(UInt16(16))
        data += Array("data".utf8); append(dataBytes)
        for sample in samples { append(sample) }
        if info > 0 {
            data += Array("LIST".utf8); append(info); data += Array("INFO".utf8)
            data += Array("ICMT".utf8); append(UInt32(comment.count)); data += comment
        }
        try writeFile(path(for: id), data)
    }

    private func writeFile(_ path: String, _ bytes: [UInt8]) throws(WAVSinkError) {
        do {
            try Files.write(bytes, to: path)
        } catch {
            throw WAVSinkError(directory: directory, reason: "\(error)")
        }
    }

    public func idle(now: ContinuousClock.Instant) -> ContinuousClock.Instant? { nil }
    public func close() { current = nil }
}

public struct WAVSinkError: Error, CustomStringConvertible {
    public var directory: String
    public var reason: String
    public var description: String { "the WAV sink (wav:\(directory)) cannot write: \(reason)" }
}
