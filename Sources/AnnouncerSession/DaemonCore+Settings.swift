import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerWire

/// The listener's settings, changed while listening (`settings`, docs/protocol.md): each change
/// read by announcer.conf's own rule, said in the voice it makes, and handed to the shell to
/// give the engine and to write back to the file.
extension DaemonCore {
    /// The reply to `settings`; nil when it steps the voice before the synthesizer has listed
    /// its voices (it is answered once they come).
    mutating func changeSettings(_ changes: [SettingChange], id: JSONValue?, from client: ClientID, events: inout [Action]) -> Reply? {
        let stepsVoice = changes.contains { $0.setting == .voice && !Self.isValue($0.change) }
        if stepsVoice, voices == nil {
            events += askForVoices(.settings(client, id: id, changes))
            return nil
        }
        var changed = configuration
        for change in changes {
            let value: String = switch change.change {
            case .to(let value): value
            case .up: changed.stepped(change.setting, up: true, voices: voiceChoices(for: changed.voice), locales: composer.catalog.tags)
            case .down: changed.stepped(change.setting, up: false, voices: voiceChoices(for: changed.voice), locales: composer.catalog.tags)
            }
            do {
                try changed.set(change.setting, to: value)
            } catch {
                // None of them is taken: a request is carried out whole or not at all.
                return Reply(RequestError(.invalidField, "set.\(error.message)", id: id))
            }
            if change.setting == .locale {
                guard let table = composer.catalog.table(for: changed.locale) else {
                    return Reply(RequestError(.invalidField, "set.locale: there is no locale table for \"\(changed.locale)\"; available: "
                                              + composer.catalog.tags.joined(separator: ", "), id: id))
                }
                changed.locale = table.tag
            }
        }
        // A new locale brings its voice, unless the voice already speaks its language.
        var changes = changes
        if changed.locale != configuration.locale, !changes.contains(where: { $0.setting == .voice }),
           let locale = LanguageTag(changed.locale), LanguageTag(changed.voice).map({ $0.primary != locale.primary }) ?? true {
            changed.voice = changed.locale
            changes.append(SettingChange(.voice, .to(changed.locale)))
        }
        guard !changes.isEmpty else { return Reply(id: id, .settings(DaemonSettings.userValues(configuration))) }
        let settings = UserSetting.allCases.filter { setting in changes.contains { $0.setting == setting } }
        configuration = changed
        composer.verbosity = .init(changed)
        composer.locale = changed.locale
        events.append(.settingsChanged(changed, settings))
        // The doors that keep a setting of their own (typing echo) follow it.
        events += broadcast(.settings(DaemonSettings.userValues(changed)))
        // Said at once, in the voice it makes, as the answer to a key is (an echo): the last
        // step's value cuts off the one before, and the next focus cuts it off. It is the
        // daemon's own word, no client's: a client that leaves (`announce set`) does not take
        // it with it.
        let words = composer.words
        // The voice that came with a locale is not said on its own: the locale's name says it.
        let spoken = settings.contains(.locale) ? settings.filter { $0 != .voice } : settings
        let said = spoken.map { changed.spoken($0, in: words) }.joined(separator: words[.space])
        let output = schedule(.echo(Speech(text: said)))
        return Reply(id: id, .settings(DaemonSettings.userValues(changed), utterance: output.accepted.first))
    }

    private static func isValue(_ change: SettingChange.Change) -> Bool {
        if case .to = change { true } else { false }
    }

    /// The voices a step goes round: the synthesizer's voices of the voice's language (by
    /// their language tags, as `voice` takes them), in order.
    func voiceChoices(for voice: String) -> [String] {
        let language = voice.split(separator: "-").first.map { $0.lowercased() } ?? voice.lowercased()
        let tags = (voices ?? []).map { $0.language.lowercased() }.filter { $0 == language || $0.hasPrefix(language + "-") }
        return Array(Set(tags)).sorted()
    }
}
