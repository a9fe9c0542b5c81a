/// A client's registered tree (a `screen`): top-level elements whose ids are present and unique.
public struct ElementTree: Sendable, Equatable {
    /// The most elements one tree may hold, counting every descendant.
    public static let maximumElementCount = 10_000

    public let roots: [Element]

    /// Validates the tree rules on already-decoded elements; `path` names the field they came from.
    public init(roots: [Element], path: String = "elements") throws(FieldError) {
        var seen: [String: String] = [:]
        var count = 0
        func visit(_ element: Element, _ elementPath: String) throws(FieldError) {
            count += 1
            guard count <= ElementTree.maximumElementCount else {
                throw FieldError(.invalid, path: path, "the tree has more than \(ElementTree.maximumElementCount) elements")
            }
            guard let id = element.id, !id.isEmpty else {
                throw FieldError(.missing, path: "\(elementPath).id", "every element in a tree needs an id")
            }
            if let first = seen[id] {
                throw FieldError(.invalid, path: "\(elementPath).id", "duplicate id \"\(id)\" (first used at \(first))")
            }
            seen[id] = elementPath
            for (index, child) in element.children.enumerated() {
                try visit(child, "\(elementPath).children[\(index)]")
            }
        }
        for (index, root) in roots.enumerated() {
            try visit(root, "\(path)[\(index)]")
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
