import AnnouncerSupport

/// An element's frame, `[x, y, width, height]` in the client's own coordinates (points or cells).
public struct Frame: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    package init(json: JSONValue, path: String) throws(FieldError) {
        guard case .array(let items) = json, items.count == 4 else {
            let got = if case .array(let items) = json { "\(items.count) items" } else { json.typeName }
            throw FieldError(.invalid, path: path, "expected four numbers [x, y, width, height], got \(got)")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item, number.isFinite else {
                throw FieldError(.invalid, path: "\(path)[\(index)]", "expected a number, got \(item.typeName)")
            }
            numbers.append(number)
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw FieldError(.invalid, path: path, "width and height must not be negative")
        }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    public var json: JSONValue { [.number(x), .number(y), .number(width), .number(height)] }

    /// The smallest frame holding both.
    func union(_ other: Frame) -> Frame {
        let minX = min(x, other.x), minY = min(y, other.y)
        let maxX = max(x + width, other.x + other.width), maxY = max(y + height, other.y + other.height)
        return Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
