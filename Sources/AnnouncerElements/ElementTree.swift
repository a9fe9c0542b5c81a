import AnnouncerSupport

/// A client's registered tree (a `screen`): top-level elements whose ids are present and unique.
public struct ElementTree: Sendable, Equatable {
    /// The most elements one tree may hold, counting every descendant.
    public static let maximumElementCount = 10_000
    /// The most text (ids, labels, values, hints, input labels, action names) one tree may hold.
    /// `screen` is bounded by the line length; this bounds a tree grown by `update` after `update`.
    public static let maximumTextBytes = 1 << 20

    public let roots: [Element]

    /// Validates the tree rules on already-decoded elements; `path` names the field they came from.
    public init(roots: [Element], path: String = "elements") throws(FieldError) {
        var seen: [String: String] = [:]
        var count = 0
        var textBytes = 0
        func visit(_ element: Element, _ elementPath: String, depth: Int) throws(FieldError) {
            count += 1
            guard count <= ElementTree.maximumElementCount else {
                throw FieldError(.invalid, path: path, "the tree has more than \(ElementTree.maximumElementCount) elements")
            }
            guard depth <= Element.maximumDepth else {
                throw FieldError(.invalid, path: elementPath, "elements nest deeper than \(Element.maximumDepth) levels")
            }
            textBytes += element.textBytes
            guard textBytes <= ElementTree.maximumTextBytes else {
                throw FieldError(.invalid, path: path, "the tree holds more than \(ElementTree.maximumTextBytes) bytes of text")
            }
            guard let id = element.id, !id.isEmpty else {
                throw FieldError(.missing, path: "\(elementPath).id", "every element in a tree needs an id")
            }
            if let first = seen[id] {
                throw FieldError(.invalid, path: "\(elementPath).id", "duplicate id \"\(id)\" (first used at \(first))")
            }
            seen[id] = elementPath
            for (index, child) in element.children.enumerated() {
                try visit(child, "\(elementPath).children[\(index)]", depth: depth + 1)
            }
        }
        for (index, root) in roots.enumerated() {
            try visit(root, "\(path)[\(index)]", depth: 1)
        }
        self.roots = roots
    }

    /// Decodes and validates a list of top-level elements.
    public init(json: JSONValue, path: String = "elements") throws(FieldError) {
        guard case .array(let items) = json else {
            throw FieldError(.invalid, path: path, "expected an array of elements, got \(json.typeName)")
        }
        var roots: [Element] = []
        for (index, item) in items.enumerated() {
            roots.append(try Element(json: item, path: "\(path)[\(index)]"))
        }
        try self.init(roots: roots, path: path)
    }

    /// Every accessible element, in VoiceOver reading order, with its position words.
    public var readingOrder: [ReadingItem] { ReadingOrder.items(in: roots) }
}

extension Element {
    /// The text this element itself holds, in bytes of UTF-8 (not its children's).
    var textBytes: Int {
        var total = (id?.utf8.count ?? 0) + (label?.utf8.count ?? 0) + (value?.utf8.count ?? 0) + (hint?.utf8.count ?? 0)
        for name in inputLabels { total += name.utf8.count }
        for action in actions { total += action.id.utf8.count + action.name.utf8.count }
        return total
    }
}
