import AnnouncerScheduler
import AnnouncerSpeech
import CPulseSimple

/// Plays through the sound server with PulseAudio's simple API (PipeWire's pulse server works
/// too). The stream's buffer is small, so a cut-off is silent within one buffer; the stream stays
/// open while speech is recent and is closed after `idleCloseMs` of silence, so a silent daemon
/// holds no audio stream and wakes nothing. A write that fails (the server restarted) reconnects
/// once before giving up.
public final class SpeakerSink: AudioSink {
    public typealias Settings = SpeakerSettings

    public let settings: Settings
    private var stream: OpaquePointer?
    private var streamRate = 0
    private var lastUse: ContinuousClock.Instant?

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Opens a stream now, to find out whether there is a sound server at all.
    public func probe(sampleRate: Int = 22050) throws {
        try open(sampleRate: sampleRate)
        lastUse = .now
    }

    public func begin(_ id: UtteranceID, sampleRate: Int) throws {
        if stream == nil || streamRate != sampleRate {
            close()
            try open(sampleRate: sampleRate)
        }
        lastUse = .now
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var error: Int32 = 0
        if stream == nil { try open(sampleRate: streamRate) }
        if pa_simple_write(stream, base, samples.count * 2, &error) < 0 {
            // The server may have restarted under us: one fresh stream, then give up.
            close()
            try open(sampleRate: streamRate)
            if pa_simple_write(stream, base, samples.count * 2, &error) < 0 {
                close()
                throw SoundServerError(operation: "writing audio", code: error)
            }
        }
        lastUse = .now
    }

    public func end(cutOff: Bool) throws {
        guard let stream else { return }
        var error: Int32 = 0
        let result = cutOff ? pa_simple_flush(stream, &error) : pa_simple_drain(stream, &error)
        lastUse = .now
        if result < 0 {
            close()
            throw SoundServerError(operation: cutOff ? "flushing audio" : "draining audio", code: error)
        }
    }

    public func idle(now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard stream != nil else { return nil }
        let deadline = (lastUse ?? now) + .milliseconds(settings.idleCloseMs)
        if now >= deadline {
            close()
            return nil
        }
        return deadline
    }

    public func close() {
        if let stream { pa_simple_free(stream) }
        stream = nil
    }

    private func open(sampleRate: Int) throws {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: 1)
        let bytes = UInt32(sampleRate * 2 * settings.bufferMs / 1000)
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: bytes, prebuf: UInt32.max, minreq: UInt32.max, fragsize: UInt32.max)
        var error: Int32 = 0
        let opened = pa_simple_new(nil, "Announcer", PA_STREAM_PLAYBACK, nil, "speech", &spec, nil, &attributes, &error)
        guard let opened else {
            throw SoundServerError(operation: "connecting to the sound server", code: error)
        }
        stream = opened
        streamRate = sampleRate
    }
}

/// A PulseAudio error, with the library's own words and what to do.
public struct SoundServerError: Error, CustomStringConvertible {
    public var operation: String
    public var code: Int32

    public var description: String {
        let reason = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return "\(operation) failed: \(reason) (is PulseAudio or PipeWire's pulse server running for this user? `--sink text` works without one)"
    }
}
