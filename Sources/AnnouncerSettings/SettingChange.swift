import AnnouncerSupport

/// One change a `settings` request asks for (docs/protocol.md): a setting set to a value as
/// announcer.conf writes it, or stepped up or down (`Configuration.stepped`).
public struct SettingChange: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case to(String)
        case up
        case down
    }

    public var setting: UserSetting
    public var change: Change

    public init(_ setting: UserSetting, _ change: Change) {
        self.setting = setting
        self.change = change
    }

    /// The `set` object's members, in the settings' own order: a number, `true` or `false`
    /// (on, off), a string, or "up" or "down".
    package static func list(_ value: JSONValue, path: String) throws(FieldError) -> [SettingChange] {
        guard case .object(let members) = value else { throw FieldError(.invalid, path: path, "expected an object of settings and their values") }
        for key in members.keys.sorted() where UserSetting(rawValue: key) == nil {
            throw FieldError(.invalid, path: path + "." + key,
                             "is no setting; the settings are \(UserSetting.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var changes: [SettingChange] = []
        for setting in UserSetting.allCases {
            guard let given = members[setting.rawValue] else { continue }
            switch given {
            case .string("up"): changes.append(SettingChange(setting, .up))
            case .string("down"): changes.append(SettingChange(setting, .down))
            case .string(let text): changes.append(SettingChange(setting, .to(text)))
            case .bool(let on): changes.append(SettingChange(setting, .to(on ? "on" : "off")))
            case .number(let number) where number == number.rounded() && abs(number) < 1e9:
                changes.append(SettingChange(setting, .to(String(Int(number)))))
            default:
                throw FieldError(.invalid, path: path + "." + setting.rawValue, "expected a value, \"up\" or \"down\", got \(given.typeName)")
            }
        }
        return changes
    }

    /// The change as the `set` object writes it.
    package var json: JSONValue {
        switch change {
        case .up: "up"
        case .down: "down"
        case .to(let value): Int(value).map { .number(Double($0)) } ?? .string(value)
        }
    }
}
