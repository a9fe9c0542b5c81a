import AnnouncerScheduler

/// The one voice inside the core: requests hand the speech driver their events at the input's
/// time, and what it decides is carried out after the input's own actions — to the engine
/// (`speak`, `cutOff`, `wakeScheduler`) and to the clients (`speaking`, `finished`, SSIP's events).
/// The driver is the glue `announcerd --play` runs too; the core adds only who hears of it.
extension DaemonCore {
    var scheduler: SpeechScheduler { speech.scheduler }

    /// Hands the scheduler an event now; its decisions wait until the input at hand is answered.
    @discardableResult
    mutating func schedule(_ event: SchedulerEvent) -> SchedulerOutput {
        speech.schedule(event, at: now)
    }

    /// Carries out what the scheduler decided, in order.
    mutating func carryOutSpeech() -> [Action] {
        tell(speech.carryOut())
    }

    /// The engine's report: the first sound (said to subscribers before the scheduler hears of
    /// it), the end, a mark, a failure with its reason, or a replaced synthesizer.
    mutating func engineReported(_ report: SpeechEngineEvent) -> [Action] {
        if case .restarted = report { engineRestarts += 1 }
        return tell(speech.engineReported(report, at: now))
    }

    /// The driver's actions as the shell's, with the clients that hear of them.
    private mutating func tell(_ decided: [SpeechDriver.Action]) -> [Action] {
        var actions: [Action] = []
        for action in decided {
            switch action {
            case .speak(let item):
                actions.append(.speak(item))
            case .cutOff(let id):
                actions.append(.cutOff(id))
            case .wake(let time):
                actions.append(.wakeScheduler(at: time))
            case .sounding(let item):
                actions += [.sounding(item)] + ssipStarted(item.id)
                    + broadcast(.speaking(utterance: item.id, text: item.speech.text, kind: item.kind.description))
            case .mark(let id, let name):
                actions += ssipMark(id, name)
            case .finished(let id, let status, let reason):
                actions += finished(id, status, reason: reason)
            }
        }
        return actions
    }

    /// An utterance ended: its owner's share of the queue is freed and subscribers are told.
    private mutating func finished(_ id: UtteranceID, _ status: FinishStatus, reason: String?) -> [Action] {
        var actions: [Action] = [.ended(id, status)]
        actions += ssipFinished(id, status)
        if let owner = ownerOf.removeValue(forKey: id) { clients[owner]?.waiting.remove(id) }
        if let reason { actions.append(.log(.warning, "utterance \(id) failed: \(reason)", limited: false)) }
        return actions + broadcast(.finished(utterance: id, status: status, reason: reason))
    }
}
