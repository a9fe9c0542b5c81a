import AnnouncerBrailleRules
import AnnouncerComposer
import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerWire

/// A recording's first line (`announcerd --record`): what its replay needs besides the inputs,
/// so that it replays on a machine without the files the daemon read. The whole configuration
/// (every key of announcer.conf, braille's among them) and every locale table, as entries.
public struct RecordingHeader: Sendable {
    public var version: String
    public var uid: UInt32
    public var sink: String
    public var configuration: Configuration
    /// nil for a recording made before the header carried its tables: the replay reads the
    /// tables at hand.
    public var catalog: LocaleCatalog?

    public init(version: String = AnnouncerVersion.current, uid: UInt32, sink: String, configuration: Configuration, catalog: LocaleCatalog?) {
        self.version = version
        self.uid = uid
        self.sink = sink
        self.configuration = configuration
        self.catalog = catalog
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["record": "announcerd", "version": .string(version), "uid": .number(Double(uid)), "sink": .string(sink),
                                            "configuration": Self.json(configuration.entries)]
        if let catalog { members["locales"] = Self.json(catalog) }
        return .object(members)
    }

    /// Reads a header `json` wrote (or an older one, with only the uid and the sink).
    public init(json: JSONValue) throws(RequestError) {
        do throws(FieldError) {
            let reader = try JSONObjectReader(json, path: "")
            guard try reader.string("record") == "announcerd" else { throw FieldError(.invalid, path: "record", "not an announcerd recording") }
            version = try reader.string("version") ?? ""
            uid = UInt32(try reader.required("uid") { key throws(FieldError) in try reader.integer(key, in: 0...Int(UInt32.max)) })
            sink = try reader.required("sink") { key throws(FieldError) in try reader.string(key) }
            if let value = reader.value("configuration") {
                configuration = try Self.configuration(value, path: "configuration")
            } else {
                configuration = Configuration()
            }
            if let value = reader.value("locales") {
                catalog = try Self.catalog(value, path: "locales")
            } else {
                catalog = nil
            }
        } catch {
            throw RequestError(error, id: nil)
        }
    }

    /// Entries as an array of `[key, value]` pairs, in their order.
    static func json(_ entries: [KeyValueFile.Entry]) -> JSONValue {
        .array(entries.map { .array([.string($0.key), .string($0.value)]) })
    }

    static func json(_ catalog: LocaleCatalog) -> JSONValue {
        .array(catalog.tables.map { json($0.entries) })
    }

    static func entries(_ json: JSONValue, path: String) throws(FieldError) -> [KeyValueFile.Entry] {
        guard case .array(let pairs) = json else { throw FieldError(.invalid, path: path, "expected [key, value] pairs") }
        var entries: [KeyValueFile.Entry] = []
        for (index, pair) in pairs.enumerated() {
            guard case .array(let items) = pair, items.count == 2, case .string(let key) = items[0], case .string(let value) = items[1] else {
                throw FieldError(.invalid, path: "\(path)[\(index)]", "expected a [key, value] pair of strings")
            }
            entries.append(KeyValueFile.Entry(key: key, value: value, line: index + 1))
        }
        return entries
    }

    static func configuration(_ json: JSONValue, path: String) throws(FieldError) -> Configuration {
        let entries = try entries(json, path: path)
        do {
            return try Configuration(entries: entries, name: path)
        } catch {
            throw FieldError(.invalid, path: path, error.description)
        }
    }

    static func catalog(_ json: JSONValue, path: String) throws(FieldError) -> LocaleCatalog {
        guard case .array(let tables) = json else { throw FieldError(.invalid, path: path, "expected the locale tables") }
        var words: [LocaleWords] = []
        for (index, table) in tables.enumerated() {
            let entries = try entries(table, path: "\(path)[\(index)]")
            do {
                words.append(try LocaleWords(file: KeyValueFile(name: "\(path)[\(index)]", entries: entries)))
            } catch {
                throw FieldError(.invalid, path: "\(path)[\(index)]", error.description)
            }
        }
        do {
            return try LocaleCatalog(tables: words)
        } catch {
            throw FieldError(.invalid, path: path, error.description)
        }
    }
}

/// A recording fed to a new core on its own clock (docs/design.md §17): what the core sent each
/// client, what the text sink said, and every input with its actions (the transcript). The one
/// replay, for `announcerd --replay` and the tests.
public struct SessionReplay: Sendable {
    public var header: RecordingHeader
    /// Per client, the lines it was sent (a reply or event a line; SSIP's lines as it reads them).
    public var sent: [DaemonCore.ClientID: [String]] = [:]
    public var doors: [DaemonCore.ClientID: DaemonCore.Door] = [:]
    /// The text sink's lines, as a live daemon on it prints them.
    public var textSink: [String] = []
    public var inputs = 0
    /// Every input (its line, without its time) and the actions it gave.
    public var transcript: [String] = []

    /// Replays `recording` (its header, then its inputs). `tables` is asked for the tables only
    /// when the header has none (an older recording).
    public init(_ recording: String, tables: () -> LocaleCatalog? = { nil }, brailleTranslator: @escaping BrailleTranslatorMaker) throws(RequestError) {
        var lines = recording.split(separator: "\n")[...]
        guard let first = lines.popFirst() else { throw RequestError(.invalidField, "the recording is empty") }
        let json: JSONValue
        do { json = try JSONValue.parse(Array(first.utf8)) } catch { throw RequestError(.badJSON, "the recording's header: \(error.description)") }
        header = try RecordingHeader(json: json)
        guard let catalog = header.catalog ?? tables() else {
            throw RequestError(.invalidField, "the recording carries no locale tables, and none were given")
        }
        let configuration = header.configuration
        var core = DaemonCore(composer: UtteranceComposer(catalog: catalog, locale: configuration.locale, hintStyle: configuration.hintStyle),
                              limits: DaemonLimits(configuration), scheduler: configuration.schedulerSettings,
                              sinkDescription: header.sink, uid: header.uid, configuration: configuration, brailleTranslator: brailleTranslator)
        for line in lines {
            let (input, time) = try DaemonCore.Input.recorded(Array(line.utf8))
            inputs += 1
            if case .connected(let client, _, _, let door) = input { doors[client] = door }
            let actions = core.handle(input, at: time)
            transcript.append("\(input.json(at: 0).serialized().replacing(#"{"at":0,"#, with: "{"))")
            transcript += actions.map { "  " + Self.describe($0) }
            for action in actions {
                switch action {
                case .send(let client, let message):
                    sent[client, default: []].append(String(decoding: message.line.dropLast(), as: UTF8.self))
                case .write(let client, let text):
                    // SSIP's replies and events, a line each as the client reads them.
                    sent[client, default: []] += text.split(separator: "\r\n").map(String.init)
                case .sounding(let item):
                    textSink.append(TextSinkLine.speaking(item))
                case .ended(let id, let status):
                    textSink.append(TextSinkLine.finished(id, status))
                default:
                    break
                }
            }
        }
    }

    /// One action as a line of a transcript.
    public static func describe(_ action: DaemonCore.Action) -> String {
        switch action {
        case .admit(let client): "admit \(client)"
        case .refuse(let client, let reply): "refuse \(client) \(DaemonMessage.reply(reply).line.count) bytes"
        case .serve(let client, let lines): "serve \(client) \(lines)"
        case .nextTurn: "next turn"
        case .send(let client, let message): "send \(client) \(String(decoding: message.line.dropLast(), as: UTF8.self))"
        case .write(let client, let text): "write \(client) \(TextSinkLine.escaped(text))"
        case .hangUp(let client): "hang up \(client)"
        case .close(let client, let reason): "close \(client): \(reason)"
        case .resumeAccepting: "resume accepting"
        case .wake(let client, let time): "wake \(client) at \(time)"
        case .speak(let item): "speak \(item.id) \(item.kind) \(item.speech.text)"
        case .cutOff(let id): "cut off \(id)"
        case .wakeScheduler(let time): time.map { "wake the scheduler at \($0)" } ?? "no wake for the scheduler"
        case .showBraille(let cells): "braille \(BrailleCells.unicode(cells))"
        case .wakeBraille(let time): time.map { "wake braille at \($0)" } ?? "no wake for braille"
        case .listVoices: "list voices"
        case .sounding(let item): TextSinkLine.speaking(item)
        case .ended(let id, let status): TextSinkLine.finished(id, status)
        case .log(let level, let message, _): "log \(level): \(message)"
        case .settingsChanged(let configuration, let settings):
            "settings \(settings.map { "\($0.rawValue) = \(configuration.value(of: $0))" }.joined(separator: ", "))"
        }
    }
}
