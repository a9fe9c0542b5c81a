import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerWire

/// `announce compose --timeline`: the request lines run through the real scheduler on a virtual
/// clock, printing what would be heard when.
extension ComposeCommand {
    func runTimeline(configuration: Configuration) -> ExitStatus {
        guard let lines = readRequestLines() else { return .noInput }
        var simulation = SchedulerSimulation(
            scheduler: SpeechScheduler(settings: configuration.schedulerSettings),
            duration: configuration.durationEstimate.duration(of:)
        )
        var badLines = 0
        var clock: Milliseconds = 0
        var printed = 0
        var refusals: [(at: Milliseconds, line: Int, error: RequestError)] = []
        var keyboard = OfflineKeyboard(composer: composer)

        // What the listener hears: SPEAK when an utterance starts sounding, CUT only for one that
        // was sounding, FINISHED for every one (the text sink's lines, with their times).
        var sounding: Set<UtteranceID> = []
        func flushLog() {
            for entry in simulation.log[printed...] {
                switch entry.what {
                case .start: continue
                case .sounding(let item): sounding.insert(item.id)
                case .cutOff(let id): guard sounding.contains(id) else { continue }
                case .finished(let id, _): sounding.remove(id)
                }
                output.line(render(entry))
            }
            printed = simulation.log.count
        }

        for (number, decoded) in lines {
            let line: RequestLine
            switch decoded {
            case .failure(let error):
                badLines += 1
                Console.error("line \(number): \(error)")
                continue
            case .success(let decodedLine):
                line = decodedLine
            }
            if let at = line.members["at"] {
                guard case .number(let time) = at, time.isFinite, time >= 0 else {
                    badLines += 1
                    Console.error("line \(number): invalid_field: at: expected milliseconds (a number of 0 or more)")
                    continue
                }
                guard time >= clock else {
                    badLines += 1
                    Console.error("line \(number): invalid_field: at: \(format(time)) is before the previous line's \(format(clock)); times must not go back")
                    continue
                }
                clock = time
            }
            // A screen, update, key or navigate speaks what announcerd's keyboard model says
            // (a screen: its first focus); focus, announce and stop speak for themselves.
            var events: [SchedulerEvent]
            do throws(RequestError) {
                let outcomes = try keyboard.apply(line.request)
                events = outcomes.compactMap(\.schedulerEvent)
                if outcomes.isEmpty, let event = line.request.schedulerEvent(composer: composer) { events = [event] }
            } catch {
                badLines += 1
                Console.error("line \(number): \(error)")
                continue
            }
            if events.isEmpty, line.request.schedulerEvent(composer: composer) == nil, !isKeyboardRequest(line.request) {
                if isIntroduction(line.request) { continue }
                Console.error("line \(number): note: \"\(line.request.type)\" request ignored; the timeline plays focus, announce, screen, update, key, navigate and stop")
                continue
            }
            for event in events {
                let submitted = simulation.submit(event, at: clock)
                flushLog()
                if let rejection = submitted.rejection {
                    refusals.append((clock, number, rejection))
                    output.line(json
                        ? JSONValue.object(["at": .number(clock), "event": "refused", "line": .number(Double(number)), "code": .string(rejection.code.rawValue)]).serialized()
                        : "\(format(clock)) REFUSED line \(number) \(rejection.code.rawValue)")
                }
            }
        }
        simulation.runToIdle()
        flushLog()
        return badLines == 0 ? .success : .dataError
    }

    private func isKeyboardRequest(_ request: Request) -> Bool {
        switch request {
        case .screen, .update, .key, .navigate, .commands: true
        default: false
        }
    }

    private func render(_ entry: SchedulerSimulation.Entry) -> String {
        switch entry.what {
        case .start(let item), .sounding(let item):
            return json
                ? JSONValue.object(["at": .number(entry.at), "event": "start", "utterance": .number(Double(item.id.rawValue)), "kind": .string(item.kind.description), "text": .string(item.speech.text)]).serialized()
                : TextSinkLine.speaking(item).split(separator: "\n").map { "\(format(entry.at)) \($0)" }.joined(separator: "\n")
        case .cutOff(let id):
            return json
                ? JSONValue.object(["at": .number(entry.at), "event": "cut", "utterance": .number(Double(id.rawValue))]).serialized()
                : "\(format(entry.at)) CUT \(id)"
        case .finished(let id, let status):
            return json
                ? JSONValue.object(["at": .number(entry.at), "event": "finished", "utterance": .number(Double(id.rawValue)), "status": .string(status.rawValue)]).serialized()
                : "\(format(entry.at)) \(TextSinkLine.finished(id, status))"
        }
    }

    /// Milliseconds, whole where whole, else to a tenth.
    private func format(_ time: Milliseconds) -> String {
        let tenths = (time * 10).rounded() / 10
        return tenths.rounded() == tenths ? String(Int(tenths)) : String(tenths)
    }
}
