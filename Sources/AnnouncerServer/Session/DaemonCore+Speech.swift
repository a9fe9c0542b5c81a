import AnnouncerCore

/// The one voice inside the core: requests hand the scheduler their events at the input's time,
/// and what it decides is carried out after the input's own actions — to the engine (`speak`,
/// `cutOff`, `wakeScheduler`) and to the clients (`speaking`, `finished`, SSIP's events).
extension DaemonCore {
    /// Hands the scheduler an event now; its decisions wait in `schedulerActions` until the
    /// input at hand is answered.
    @discardableResult
    mutating func schedule(_ event: SchedulerEvent) -> SchedulerOutput {
        let output = scheduler.handle(event, at: now)
        schedulerActions += output.actions
        return output
    }

    /// Carries out what the scheduler decided, in order, until it has nothing more to say.
    mutating func carryOutSpeech() -> [Action] {
        var actions: [Action] = []
        while !schedulerActions.isEmpty {
            let decided = schedulerActions
            schedulerActions.removeAll()
            for action in decided {
                switch action {
                case .start(let item):
                    handedOver[item.id] = item
                    actions.append(.speak(item))
                case .cutOff(let id):
                    actions.append(.cutOff(id))
                case .wake(let time):
                    actions.append(.wakeScheduler(at: time))
                case .finished(let id, let status):
                    handedOver[id] = nil
                    let reason = status == .failed && failure?.id == id ? failure?.reason : nil
                    actions += finished(id, status, reason: reason)
                }
            }
        }
        return actions
    }

    /// The engine's report: the first sound (said to subscribers before the scheduler hears of
    /// it), the end, a mark, a failure with its reason, or a replaced synthesizer.
    mutating func engineReported(_ report: SpeechEngineEvent) -> [Action] {
        switch report {
        case .started(let id):
            var actions: [Action] = []
            // A report for an utterance cut off meanwhile (it was on its way) is not a sound.
            if let item = handedOver[id], scheduler.currentUtterance?.id == id {
                actions = [.sounding(item)] + ssipStarted(id) + broadcast(.speaking(utterance: id, text: item.speech.text, kind: item.kind.description))
            }
            schedule(.engineStarted(id))
            return actions
        case .finished(let id):
            schedule(.engineFinished(id))
            return []
        case .mark(let id, let name):
            guard handedOver[id] != nil else { return [] }
            return ssipMark(id, name)
        case .failed(let id, let message):
            failure = (id, message)
            schedule(.engineFailed(id))
            let actions = carryOutSpeech()
            failure = nil
            return actions
        case .restarted:
            engineRestarts += 1
            return []
        }
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
