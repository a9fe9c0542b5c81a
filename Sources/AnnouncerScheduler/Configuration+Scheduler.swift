import AnnouncerSettings

/// The scheduler's values of a configuration: its timings and queue bound, and how long its
/// rate takes to say a text.
extension Configuration {
    public var schedulerSettings: SchedulerSettings {
        SchedulerSettings(hintDelayMs: Double(hintDelayMs), maxAgeMs: Double(maxAgeMs), queueLimit: queueLimit)
    }

    public var durationEstimate: SpeechDurationEstimate {
        SpeechDurationEstimate(wordsPerMinute: Double(rate))
    }
}
