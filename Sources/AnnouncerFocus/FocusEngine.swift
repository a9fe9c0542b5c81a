import AnnouncerElements
import AnnouncerScheduler
import AnnouncerSupport

/// The keyboard focus model over one registered tree (docs/design.md §6), modelled on Full Keyboard
/// Access. A pure value: it takes key presses, reading moves and layout changes, and returns what
/// to say and which events to send; it never speaks or sends anything itself.
///
/// Decisions made where docs/design.md §6 is silent:
/// - An interactive element with no `group` (its own or inherited) is a group of its own, so Tab
///   visits ungrouped elements one by one, as a plain tab order does.
/// - Arrows do not wrap at the ends of a group; Right and Down go forward, Left and Up back.
/// - `navigate` moves VoiceOver's reading cursor, not the keyboard focus; Tab and the arrows
///   start again from the keyboard focus.
/// - Find matches interactive elements only, since Return must be able to focus the match.
public struct FocusEngine: Sendable {
    /// What the engine wants said or sent.
    public enum Action: Sendable, Equatable {
        /// Keyboard focus moved here: speak it as a focus and tell its owner (`focus` event).
        case focus(ReadingItem)
        /// The reading cursor moved here: speak it as a focus.
        case read(ReadingItem)
        /// Say something that is not an element.
        case say(Speech)
        case activate(elementID: String)
        case action(elementID: String, actionID: String)
        case adjust(elementID: String, direction: AdjustDirection)
        case command(commandID: String, elementID: String?)
    }

    public enum AdjustDirection: String, Sendable { case increment, decrement }

    /// Words the engine speaks that are not an element's.
    public enum Speech: Sendable, Equatable {
        case actionsMenuItem(name: String, index: Int, count: Int)
        case noActions
        case menuClosed
        case findStarted
        case findMatch(ReadingItem)
        case noMatch(query: String)
        case findCancelled
        case shortcuts([String])
        case help(commands: [String])
        case nothingFocused
    }

    private enum Mode: Sendable, Equatable {
        case normal
        case actionsMenu(elementID: String, index: Int)
        case find(query: String, previousFocus: String?)
    }

    public private(set) var tree: ElementTree
    /// Every accessible element in reading order.
    public private(set) var items: [ReadingItem] = []
    public private(set) var focusedID: String?
    public private(set) var commands: [KeyCommand] = []
    private var groupOf: [String: String] = [:]   // element id → its focus group key
    private var lastFocusedInGroup: [String: String] = [:]
    private var readingCursor: String?
    private var mode = Mode.normal
    /// Find's names for each keyboard item, lowercased once per tree rather than per keystroke.
    private var searchIndex: [SearchEntry] = []
    /// The entries that matched the last find query: a longer query can only match among them.
    private var findNarrowing: (query: String, entries: [Int])?

    private struct SearchEntry {
        var item: ReadingItem
        var names: [String]
        var words: [[Substring]]
    }

    public init(tree: ElementTree) {
        self.tree = tree
        rebuild()
    }

    // MARK: - Queries

    public var focusedItem: ReadingItem? { focusedID.flatMap(item(withID:)) }

    public func item(withID id: String) -> ReadingItem? { items.first { $0.element.id == id } }

    /// Elements the keyboard cursor visits: accessible and interactive, in reading order.
    public var keyboardItems: [ReadingItem] { items.filter { $0.element.isInteractive } }

    /// Focus groups in order of their first element, each with its keyboard items.
    public var groups: [[ReadingItem]] {
        var order: [String] = []
        var members: [String: [ReadingItem]] = [:]
        for item in keyboardItems {
            let key = groupKey(item)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(item)
        }
        return order.map { members[$0]! }
    }

    /// What the shortcut overlay says: the enabled commands by discoverability title, those of a
    /// menu together after its name ("Gameplay: Add Card, Pin Card"), in registration order.
    public var overlay: [String] {
        var entries: [(menu: String?, titles: [String])] = []
        for command in enabledCommands {
            if let menu = command.menu, let index = entries.firstIndex(where: { $0.menu == menu }) {
                entries[index].titles.append(command.discoverabilityTitle)
            } else {
                entries.append((command.menu, [command.discoverabilityTitle]))
            }
        }
        return entries.map { entry in
            guard let menu = entry.menu else { return entry.titles[0] }
            return menu + ": " + entry.titles.joined(separator: ", ")
        }
    }

    /// The enabled commands (a `focused` command needs a focused element).
    public var enabledCommands: [KeyCommand] {
        commands.filter { $0.when == .always || focusedItem != nil }
    }

    // MARK: - Inputs

    /// A new tree (`screen`): focus `focus` if it names a keyboard element, else the first
    /// group's primary item.
    public mutating func replaceTree(_ tree: ElementTree, focus: String?) -> [Action] {
        self.tree = tree
        lastFocusedInGroup = [:]
        mode = .normal
        rebuild()
        focusedID = nil
        readingCursor = nil
        if let focus, let item = item(withID: focus) { return move(to: item) }
        if let first = groups.first, let primary = primaryItem(of: first) { return move(to: primary) }
        // Nothing to focus with the keyboard: the screen is read from its first element, as
        // VoiceOver does on a screen change.
        guard let first = items.first else { return [] }
        readingCursor = first.element.id
        return [.read(first)]
    }

    /// What a new screen speaks first: the one rule for the daemon, `compose`, `--timeline` and
    /// `--play` (`replaceTree`'s choice: `focus`, else the first group's primary item, else the
    /// first accessible element).
    public static func firstSpoken(in tree: ElementTree, focus: String?) -> ReadingItem? {
        var engine = FocusEngine(tree: tree)
        for action in engine.replaceTree(tree, focus: focus) {
            switch action {
            case .focus(let item), .read(let item): return item
            default: continue
            }
        }
        return nil
    }

    /// Elements replaced by id (`update`): refocus as asked, else keep the focus if it survived,
    /// else move it to its nearest surviving neighbour in reading order.
    public mutating func updateElements(_ replacements: [Element], focus: String?) throws(FieldError) -> [Action] {
        let before = items.map { $0.element.id }
        var roots = tree.roots
        for (index, replacement) in replacements.enumerated() {
            guard let id = replacement.id, Self.replace(id, with: replacement, in: &roots) else {
                throw FieldError(.invalid, path: "elements[\(index)].id", "no element with id \"\(replacement.id ?? "")\" in the registered tree")
            }
        }
        tree = try ElementTree(roots: roots)
        rebuild()
        if case .actionsMenu(let id, _) = mode, item(withID: id) == nil { mode = .normal }
        if let focus, let item = item(withID: focus) { return move(to: item) }
        guard let focused = focusedID else { return [] }
        if let item = item(withID: focused), item.element.isInteractive { return [] }
        // The focused element went away: its nearest surviving neighbour, after it first.
        focusedID = nil
        let survivors = Set(keyboardItems.compactMap(\.element.id))
        if let index = before.firstIndex(of: focused) {
            for distance in 1..<max(before.count, 1) {
                for candidate in [index + distance, index - distance] where before.indices.contains(candidate) {
                    if let id = before[candidate], survivors.contains(id), let item = item(withID: id) { return move(to: item) }
                }
            }
        }
        return []
    }

    public mutating func register(_ commands: [KeyCommand]) {
        self.commands = commands
    }

    /// VoiceOver's reading move over every accessible element.
    public mutating func navigate(_ direction: String) -> [Action] {
        guard !items.isEmpty else { return [] }
        let current = (readingCursor ?? focusedID).flatMap { id in items.firstIndex { $0.element.id == id } }
        let index: Int
        switch direction {
        case "first": index = 0
        case "last": index = items.count - 1
        case "previous": index = max((current ?? 0) - 1, 0)
        default: index = current.map { min($0 + 1, items.count - 1) } ?? 0
        }
        readingCursor = items[index].element.id
        return [.read(items[index])]
    }

    public mutating func press(_ key: KeyPress) -> [Action] {
        switch mode {
        case .actionsMenu(let elementID, let index):
            return pressInActionsMenu(key, elementID: elementID, index: index)
        case .find(let query, let previous):
            return pressInFind(key, query: query, previousFocus: previous)
        case .normal:
            return pressNormally(key)
        }
    }

    // MARK: - Keys

    private mutating func pressNormally(_ key: KeyPress) -> [Action] {
        let modifiers = key.modifiers
        if modifiers == [.tab] {
            switch key.key {
            case "z": return openActionsMenu()
            case "f":
                mode = .find(query: "", previousFocus: focusedID)
                return [.say(.findStarted)]
            case "h":
                return [.say(.help(commands: overlay))]
            default: break
            }
        }
        switch (key.key, modifiers) {
        case ("tab", []): return moveGroup(by: 1)
        case ("tab", [.shift]): return moveGroup(by: -1)
        case ("command", []): return [.say(.shortcuts(overlay))]
        case ("space", []), ("return", []):
            guard let id = focusedID else { return [.say(.nothingFocused)] }
            return [.activate(elementID: id)]
        case ("up", []), ("down", []), ("left", []), ("right", []):
            if let item = focusedItem, item.element.traits.contains(.adjustable), key.key == "up" || key.key == "down" {
                return [.adjust(elementID: item.element.id!, direction: key.key == "up" ? .increment : .decrement)]
            }
            return moveWithinGroup(by: key.key == "right" || key.key == "down" ? 1 : -1)
        default:
            break
        }
        if let command = enabledCommands.first(where: { $0.key == key }) {
            return [.command(commandID: command.id, elementID: focusedID)]
        }
        return []
    }

    private mutating func moveGroup(by step: Int) -> [Action] {
        let groups = self.groups
        guard !groups.isEmpty else { return [] }
        let current = focusedItem.flatMap { item in groups.firstIndex { $0.contains { $0.element.id == item.element.id } } }
        let index = current.map { (($0 + step) % groups.count + groups.count) % groups.count } ?? (step > 0 ? 0 : groups.count - 1)
        guard let primary = primaryItem(of: groups[index]) else { return [] }
        return move(to: primary)
    }

    /// The keyboard items of the focused element's group, in order: what a braille display
    /// shows around the focus.
    public var focusedGroup: [ReadingItem] {
        guard let item = focusedItem else { return [] }
        return keyboardItems.filter { groupKey($0) == groupKey(item) }
    }

    /// Moves the focus to an element the user pointed at (a braille display's routing key): said
    /// as any focus move is; nothing when it is not a keyboard item or has the focus already.
    public mutating func focus(elementID: String) -> [Action] {
        guard elementID != focusedID, let item = keyboardItems.first(where: { $0.element.id == elementID }) else { return [] }
        return move(to: item)
    }

    private mutating func moveWithinGroup(by step: Int) -> [Action] {
        guard let item = focusedItem else { return moveGroup(by: 1) }
        let group = keyboardItems.filter { groupKey($0) == groupKey(item) }
        guard let index = group.firstIndex(where: { $0.element.id == item.element.id }),
              group.indices.contains(index + step) else { return [] }
        return move(to: group[index + step])
    }

    /// The item Tab lands on: highest priority, the last focused counting as 1000, ties by order.
    private func primaryItem(of group: [ReadingItem]) -> ReadingItem? {
        let remembered = group.first.map { lastFocusedInGroup[groupKey($0)] } ?? nil
        var best: (item: ReadingItem, priority: Int)?
        for item in group {
            var priority = item.element.priority ?? 0
            if item.element.id == remembered { priority = max(priority, 1000) }
            if best == nil || priority > best!.priority { best = (item, priority) }
        }
        return best?.item
    }

    private mutating func move(to item: ReadingItem) -> [Action] {
        guard let id = item.element.id else { return [] }
        focusedID = id
        readingCursor = id
        lastFocusedInGroup[groupKey(item)] = id
        return [.focus(item)]
    }

    // MARK: - Actions menu (Tab-Z)

    private mutating func openActionsMenu() -> [Action] {
        guard let item = focusedItem, let id = item.element.id else { return [.say(.nothingFocused)] }
        let actions = item.element.actions
        guard let first = actions.first else { return [.say(.noActions)] }
        mode = .actionsMenu(elementID: id, index: 0)
        return [.say(.actionsMenuItem(name: first.name, index: 1, count: actions.count))]
    }

    private mutating func pressInActionsMenu(_ key: KeyPress, elementID: String, index: Int) -> [Action] {
        guard let actions = item(withID: elementID)?.element.actions, !actions.isEmpty else {
            mode = .normal
            return pressNormally(key)
        }
        guard key.modifiers.isEmpty else { return [] }
        switch key.key {
        case "up", "left", "down", "right":
            let step = key.key == "down" || key.key == "right" ? 1 : -1
            let next = min(max(index + step, 0), actions.count - 1)
            mode = .actionsMenu(elementID: elementID, index: next)
            return [.say(.actionsMenuItem(name: actions[next].name, index: next + 1, count: actions.count))]
        case "space", "return":
            mode = .normal
            return [.action(elementID: elementID, actionID: actions[index].id)]
        case "escape":
            mode = .normal
            return [.say(.menuClosed)]
        default:
            return []
        }
    }

    // MARK: - Find (Tab-F)

    private mutating func pressInFind(_ key: KeyPress, query: String, previousFocus: String?) -> [Action] {
        switch key.key {
        case "escape":
            mode = .normal
            focusedID = previousFocus
            if let previous = previousFocus.flatMap(item(withID:)) { return [.say(.findCancelled), .focus(previous)] }
            return [.say(.findCancelled)]
        case "return":
            mode = .normal
            guard let match = bestMatch(for: query) else { return [.say(.noMatch(query: query))] }
            return move(to: match)
        case "backspace":
            let shorter = String(query.dropLast())
            mode = .find(query: shorter, previousFocus: previousFocus)
            return shorter.isEmpty ? [.say(.findStarted)] : speakMatch(for: shorter)
        case "space":
            let longer = query + " "
            mode = .find(query: longer, previousFocus: previousFocus)
            return []
        default:
            guard key.key.count == 1, key.modifiers.isSubset(of: [.shift]) else { return [] }
            let longer = query + (key.modifiers.contains(.shift) ? key.key.uppercased() : key.key)
            mode = .find(query: longer, previousFocus: previousFocus)
            return speakMatch(for: longer)
        }
    }

    /// Speaks the best match; typing on narrows the search to what matched so far, since a
    /// name that contains the longer query contains the shorter one too.
    private mutating func speakMatch(for query: String) -> [Action] {
        let needle = query.lowercased().trimmingWhitespace()
        var among: [Int]?
        if let narrowing = findNarrowing, !narrowing.query.isEmpty, needle.hasPrefix(narrowing.query) { among = narrowing.entries }
        let (match, matched) = search(needle, among: among)
        findNarrowing = (needle, matched)
        guard let match else { return [.say(.noMatch(query: query))] }
        return [.say(.findMatch(match))]
    }

    /// The best keyboard item for a query, by its label and input labels: a whole name, then a
    /// whole word, then the start of a name or word, then anywhere; ties in reading order.
    public func bestMatch(for query: String) -> ReadingItem? {
        search(query.lowercased().trimmingWhitespace(), among: nil).best
    }

    /// The best match among `among` (every entry when nil), and every entry that matched at all.
    private func search(_ needle: String, among: [Int]?) -> (best: ReadingItem?, matched: [Int]) {
        guard !needle.isEmpty else { return (nil, []) }
        var best: (item: ReadingItem, rank: Int)?
        var matched: [Int] = []
        for index in among ?? Array(searchIndex.indices) {
            let entry = searchIndex[index]
            var rank = 0
            for (name, words) in zip(entry.names, entry.words) {
                if name == needle { rank = max(rank, 4) }
                else if words.contains(where: { $0 == needle }) { rank = max(rank, 3) }
                else if name.hasPrefix(needle) || words.contains(where: { $0.hasPrefix(needle) }) { rank = max(rank, 2) }
                else if name.contains(needle) { rank = max(rank, 1) }
            }
            guard rank > 0 else { continue }
            matched.append(index)
            if rank > (best?.rank ?? 0) { best = (entry.item, rank) }
        }
        return (best?.item, matched)
    }

    // MARK: - The tree

    private mutating func rebuild() {
        items = tree.readingOrder
        findNarrowing = nil
        searchIndex = keyboardItems.map { item in
            let names = ([item.element.label].compactMap { $0 } + item.element.inputLabels).map { $0.lowercased() }
            return SearchEntry(item: item, names: names, words: names.map { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) })
        }
        groupOf = [:]
        func visit(_ element: Element, inherited: String?) {
            let group = element.group ?? inherited
            if let id = element.id, let group { groupOf[id] = group }
            for child in element.children { visit(child, inherited: group) }
        }
        for root in tree.roots { visit(root, inherited: nil) }
    }

    /// The focus group an item belongs to: its `group`, else a group of its own.
    private func groupKey(_ item: ReadingItem) -> String {
        let id = item.element.id ?? ""
        return groupOf[id].map { "g:" + $0 } ?? "e:" + id
    }

    private static func replace(_ id: String, with replacement: Element, in elements: inout [Element]) -> Bool {
        for index in elements.indices {
            if elements[index].id == id {
                elements[index] = replacement
                return true
            }
            if replace(id, with: replacement, in: &elements[index].children) { return true }
        }
        return false
    }
}
