/// A decoded JSON document. Core parses wire objects through this type rather than `Codable`
/// so that every error can name the field that was wrong and what was wrong with it.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON text. Throws `JSONValue.ParseError` with the parser's own reason.
    public static func parse(_ text: some StringProtocol) throws(ParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses one JSON text given as UTF-8 bytes.
    public static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> JSONValue {
        let contiguous = Array(bytes)
        let result: Result<JSONValue, ParseError> = contiguous.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseError) in try JSONParser.parse(buffer) }
        }
        return try result.get()
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public init(reason: String) { self.reason = reason }
        public var description: String { "not valid JSON: \(reason)" }
    }

    /// Compact JSON text with sorted keys, so that output is stable.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += "\(value)"
            }
        case .string(let value): JSONValue.writeQuoted(value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                JSONValue.writeQuoted(key, to: &out)
                out += ":"
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeQuoted(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The JSON type name, for error messages ("expected a string, got a number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
