/// Typed access to the members of one JSON object, throwing `FieldError`s that carry the full
/// path of the member, so that callers never have to build error messages by hand.
public struct JSONObjectReader: Sendable {
    public let members: [String: JSONValue]
    public let path: String

    public init(_ value: JSONValue, path: String) throws(FieldError) {
        guard case .object(let members) = value else {
            throw FieldError(.invalid, path: path, "expected an object, got \(value.typeName)")
        }
        self.members = members
        self.path = path
    }

    public func pathOf(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A member that is present and not `null`.
    public func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    public func rejectUnknownKeys(allowed: Set<String>) throws(FieldError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw FieldError(.invalid, path: pathOf(unknown), "unknown field")
        }
    }

    public func required<T>(_ key: String, _ read: (String) throws(FieldError) -> T?) throws(FieldError) -> T {
        guard let value = try read(key) else {
            throw FieldError(.missing, path: pathOf(key), "required field is missing")
        }
        return value
    }

    public func string(_ key: String) throws(FieldError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
        return string
    }

    /// A string member that holds something besides white space.
    public func nonEmptyString(_ key: String) throws(FieldError) -> String? {
        guard let string = try string(key) else { return nil }
        guard string.contains(where: { !$0.isWhitespace }) else {
            throw FieldError(.invalid, path: pathOf(key), "is empty: there is nothing to say")
        }
        return string
    }

    /// A string member of at most `maximumBytes` bytes of UTF-8.
    public func string(_ key: String, maximumBytes: Int) throws(FieldError) -> String? {
        guard let string = try string(key) else { return nil }
        guard string.utf8.count <= maximumBytes else {
            throw FieldError(.invalid, path: pathOf(key), "longer than \(maximumBytes) bytes (\(string.utf8.count))")
        }
        return string
    }

    /// The longest language tag accepted; real BCP-47 tags are far shorter.
    public static let maximumLanguageTagLength = 64

    /// A string member that must look like a BCP-47 tag: ASCII letters and digits in subtags of
    /// 1 to 8, joined by hyphens (or underscores, as in POSIX locales), bounded in length.
    public func languageTag(_ key: String) throws(FieldError) -> String? {
        guard let tag = try string(key) else { return nil }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        let wellFormed = tag.utf8.count <= Self.maximumLanguageTagLength
            && subtags.allSatisfy { (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) } }
        guard wellFormed else {
            throw FieldError(.invalid, path: pathOf(key), "expected a language tag such as \"en\" or \"zh-Hans\" (letters and digits in parts of 1 to 8 joined by hyphens, at most \(Self.maximumLanguageTagLength) characters)")
        }
        return tag
    }

    public func bool(_ key: String) throws(FieldError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let bool) = value else { throw mismatch(key, "true or false", value) }
        return bool
    }

    public func number(_ key: String) throws(FieldError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite else { throw mismatch(key, "a number", value) }
        return number
    }

    public func number(_ key: String, in range: ClosedRange<Double>) throws(FieldError) -> Double? {
        guard let number = try number(key) else { return nil }
        guard range.contains(number) else {
            throw FieldError(.invalid, path: pathOf(key), "expected a number from \(JSONValue.number(range.lowerBound).serialized()) to \(JSONValue.number(range.upperBound).serialized()), got \(JSONValue.number(number).serialized())")
        }
        return number
    }

    public func integer(_ key: String, in range: ClosedRange<Int>) throws(FieldError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw FieldError(.invalid, path: pathOf(key), "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(JSONValue.number(number).serialized())")
        }
        return Int(number)
    }

    public func array(_ key: String) throws(FieldError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw mismatch(key, "an array", value) }
        return items
    }

    public func stringArray(_ key: String) throws(FieldError) -> [String]? {
        guard let items = try array(key) else { return nil }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let string) = item else {
                throw FieldError(.invalid, path: "\(pathOf(key))[\(index)]", "expected a string, got \(item.typeName)")
            }
            strings.append(string)
        }
        return strings
    }

    /// A string member that must be one of `choices`.
    public func choice(_ key: String, _ choices: [String]) throws(FieldError) -> String? {
        guard let string = try string(key) else { return nil }
        guard choices.contains(string) else {
            throw FieldError(.invalid, path: pathOf(key), "\"\(string)\" is not one of \(choices.joined(separator: ", "))")
        }
        return string
    }

    private func mismatch(_ key: String, _ expected: String, _ got: JSONValue) -> FieldError {
        FieldError(.invalid, path: pathOf(key), "expected \(expected), got \(got.typeName)")
    }
}
