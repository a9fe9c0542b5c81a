import AnnouncerElements
import AnnouncerFocus
import AnnouncerSupport

/// Requests as a client writes them: the encoder paired with `RequestLine`'s decoder, so that
/// decoding an encoded request gives back an equal one.
extension Request {
    /// The request's JSON object, with `id` when given.
    public func json(id: JSONValue? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["type": .string(type)]
        if let id { members["id"] = id }
        switch self {
        case .hello(let client, let version, let hints):
            if let client { members["client"] = .string(client) }
            if let version { members["protocol"] = .number(Double(version)) }
            if let hints { members["hints"] = .string(hints.rawValue) }
        case .focus(let element):
            members["element"] = element.json
        case .announce(let announcement):
            members.merge(announcement.members) { _, new in new }
        case .stop, .status, .shortcuts, .voices:
            break
        case .settings(let changes):
            if !changes.isEmpty {
                members["set"] = .object(Dictionary(changes.map { ($0.setting.rawValue, $0.json) }, uniquingKeysWith: { _, last in last }))
            }
        case .screen(let tree, let focus):
            members["elements"] = .array(tree.roots.map(\.json))
            if let focus { members["focus"] = .string(focus) }
        case .update(let elements, let focus):
            members["elements"] = .array(elements.map(\.json))
            if let focus { members["focus"] = .string(focus) }
        case .key(let key):
            members.merge(key.members) { _, new in new }
        case .navigate(let direction):
            members["direction"] = .string(direction)
        case .commands(let commands):
            members["commands"] = .array(commands.map(\.json))
        case .subscribe(let events):
            members["events"] = .array(events.sorted().map { .string($0) })
        case .echo(let text, let unit, let language):
            members["text"] = .string(text)
            members["unit"] = .string(unit.rawValue)
            if let language { members["language"] = .string(language) }
        case .braille(let text, let caret, let element):
            members["text"] = .string(text)
            if let caret { members["caret"] = .number(Double(caret)) }
            if let element { members["element"] = .string(element) }
        case .window(let title, let role, let language):
            members["title"] = .string(title)
            members["role"] = .string(role.rawValue)
            if let language { members["language"] = .string(language) }
        }
        return .object(members)
    }

    /// One line of the wire protocol, newline included.
    public func line(id: JSONValue? = nil) -> [UInt8] {
        Array(json(id: id).serialized().utf8) + [UInt8(ascii: "\n")]
    }
}

extension Announcement {
    /// The fields of an `announce` request; the defaults are left out.
    var members: [String: JSONValue] {
        var members: [String: JSONValue] = ["text": .string(text)]
        if priority != .default { members["priority"] = .string(priority.rawValue) }
        if delayMs != 0 { members["delayMs"] = .number(Double(delayMs)) }
        if interrupt { members["interrupt"] = true }
        if let language { members["language"] = .string(language) }
        if spellOut { members["spellOut"] = true }
        if let punctuation { members["punctuation"] = .string(punctuation.rawValue) }
        if let pitch { members["pitch"] = .number(pitch) }
        if let rate { members["rate"] = .number(rate) }
        if let volume { members["volume"] = .number(volume) }
        return members
    }
}

extension KeyPress {
    /// `{"key": …, "modifiers": […]}` members (modifiers only when there are some).
    var members: [String: JSONValue] {
        var members: [String: JSONValue] = ["key": .string(key)]
        if !modifiers.isEmpty { members["modifiers"] = .array(modifiers.sorted().map { .string($0.rawValue) }) }
        return members
    }
}

extension KeyCommand {
    /// The command as a client registers it.
    public var json: JSONValue {
        var members = key.members
        members["id"] = .string(id)
        members["title"] = .string(title)
        if discoverabilityTitle != title { members["discoverabilityTitle"] = .string(discoverabilityTitle) }
        if when != .always { members["when"] = .string(when.rawValue) }
        if let menu { members["menu"] = .string(menu) }
        return .object(members)
    }
}
