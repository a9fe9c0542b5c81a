import AnnouncerSupport


extension Element {
    /// How deep `children` may nest. Deeper trees are refused rather than risking the stack.
    public static let maximumDepth = 64
    /// The longest label, value or hint: far more than anyone listens to, and a bound on what
    /// find has to search.
    public static let maximumTextBytes = 4096

    static let fieldNames: Set<String> = [
        "id", "label", "value", "hint", "traits", "language", "labelLanguages", "accessible", "interactive", "hidden",
        "inputLabels", "actions", "children", "group", "priority", "frame", "shape", "container", "context", "entered",
        "range", "left", "opened", "caret", "selectedText",
    ]

    /// Named focus priorities (focusGroupPriority).
    public static let namedPriorities: [String: Int] = ["prioritized": 2000, "previouslyFocused": 1000]

    /// Decodes an element; every error names the field by its path below `path`.
    public init(json: JSONValue, path: String = "element") throws(FieldError) {
        try self.init(json: json, path: path, depth: 1)
    }

    private init(json: JSONValue, path: String, depth: Int) throws(FieldError) {
        let reader = try JSONObjectReader(json, path: path)
        try reader.rejectUnknownKeys(allowed: Element.fieldNames)
        self.init()
        id = try reader.string("id")
        label = try reader.string("label", maximumBytes: Element.maximumTextBytes)
        value = try reader.string("value", maximumBytes: Element.maximumTextBytes)
        hint = try reader.string("hint", maximumBytes: Element.maximumTextBytes)
        language = try reader.languageTag("language")
        accessible = try reader.bool("accessible")
        interactive = try reader.bool("interactive")
        hidden = try reader.bool("hidden") ?? false
        opened = try reader.bool("opened") ?? false
        inputLabels = try reader.stringArray("inputLabels") ?? []
        group = try reader.string("group")
        caret = try reader.integer("caret", in: 0...Element.maximumTextBytes)
        selectedText = try reader.string("selectedText", maximumBytes: Element.maximumTextBytes)

        for (index, name) in (try reader.stringArray("traits") ?? []).enumerated() {
            guard let trait = Trait(rawValue: name) else {
                throw FieldError(.invalid, path: "\(reader.pathOf("traits"))[\(index)]", "unknown trait \"\(name)\"; the traits are \(Trait.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            traits.insert(trait)
        }
        for (index, item) in (try reader.array("actions") ?? []).enumerated() {
            let action = try JSONObjectReader(item, path: "\(reader.pathOf("actions"))[\(index)]")
            try action.rejectUnknownKeys(allowed: ["id", "name"])
            let name = try action.required("name") { key throws(FieldError) in try action.string(key) }
            let id = try action.string("id") ?? name
            actions.append(CustomAction(id: id, name: name))
        }
        if let priority = reader.value("priority") {
            if case .string(let name) = priority {
                guard let number = Element.namedPriorities[name] else {
                    throw FieldError(.invalid, path: reader.pathOf("priority"), "expected \"prioritized\", \"previouslyFocused\" or a whole number, got \"\(name)\"")
                }
                self.priority = number
            } else {
                self.priority = try reader.integer("priority", in: -1_000_000...1_000_000)
            }
        }
        if let frame = reader.value("frame") { self.frame = try Frame(json: frame, path: reader.pathOf("frame")) }
        if let shape = reader.value("shape") { self.shape = try ElementShape(json: shape, path: reader.pathOf("shape")) }
        if let container = try reader.string("container") {
            guard let kind = ContainerKind(rawValue: container) else {
                throw FieldError(.invalid, path: reader.pathOf("container"), "unknown container \"\(container)\"; expected one of \(ContainerKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.container = kind
        }
        if let context = reader.value("context") {
            self.context = try ElementContext(json: context, path: reader.pathOf("context"))
        }
        if let range = reader.value("range") { self.range = try ValueRange(json: range, path: reader.pathOf("range")) }
        for (index, item) in (try reader.array("labelLanguages") ?? []).enumerated() {
            labelLanguages.append(try LanguageSpan(json: item, path: "\(reader.pathOf("labelLanguages"))[\(index)]"))
        }
        for (index, item) in (try reader.array("left") ?? []).enumerated() {
            left.append(try EnteredContainer(json: item, path: "\(reader.pathOf("left"))[\(index)]"))
        }
        for (index, item) in (try reader.array("entered") ?? []).enumerated() {
            entered.append(try EnteredContainer(json: item, path: "\(reader.pathOf("entered"))[\(index)]"))
        }
        if let items = try reader.array("children"), !items.isEmpty {
            guard depth < Element.maximumDepth else {
                throw FieldError(.invalid, path: reader.pathOf("children"), "elements nest deeper than \(Element.maximumDepth) levels")
            }
            children.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                children.append(try Element(json: item, path: "\(reader.pathOf("children"))[\(index)]", depth: depth + 1))
            }
        }
    }

    /// The element as the client would send it; decoding this gives back an equal element.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        func put(_ key: String, _ string: String?) { if let string { members[key] = .string(string) } }
        put("id", id); put("label", label); put("value", value); put("hint", hint)
        put("language", language); put("group", group); put("container", container?.rawValue)
        if !traits.isEmpty { members["traits"] = .array(traits.names.map { .string($0) }) }
        if let accessible { members["accessible"] = .bool(accessible) }
        if let interactive { members["interactive"] = .bool(interactive) }
        if hidden { members["hidden"] = true }
        if !inputLabels.isEmpty { members["inputLabels"] = .array(inputLabels.map { .string($0) }) }
        if !actions.isEmpty { members["actions"] = .array(actions.map { ["id": .string($0.id), "name": .string($0.name)] }) }
        if !children.isEmpty { members["children"] = .array(children.map(\.json)) }
        if let priority { members["priority"] = .number(Double(priority)) }
        if let caret { members["caret"] = .number(Double(caret)) }
        if let selectedText { members["selectedText"] = .string(selectedText) }
        if let frame { members["frame"] = frame.json }
        if let shape { members["shape"] = shape.json }
        if let context { members["context"] = context.json }
        if !entered.isEmpty { members["entered"] = .array(entered.map(\.json)) }
        if let range { members["range"] = range.json }
        if !left.isEmpty { members["left"] = .array(left.map(\.json)) }
        if opened { members["opened"] = true }
        if !labelLanguages.isEmpty { members["labelLanguages"] = .array(labelLanguages.map(\.json)) }
        return .object(members)
    }
}
