import AnnouncerDesktop
import CAtSpi

/// An accessible object the bridge holds on to (its reference is released with it).
final class AccessibleReference {
    let pointer: UnsafeMutablePointer<AtspiAccessible>

    /// Takes over a reference libatspi gave.
    init(taking pointer: UnsafeMutablePointer<AtspiAccessible>) {
        self.pointer = pointer
    }

    /// Adds a reference of its own.
    convenience init(retaining pointer: UnsafeMutablePointer<AtspiAccessible>) {
        g_object_ref(pointer)
        self.init(taking: pointer)
    }

    deinit { announcer_atspi_unref(pointer) }

    var id: String { ATSPI.identifier(pointer) }
    var role: String { ATSPI.string { atspi_accessible_get_role_name(pointer, &$0) } }
    var name: String { ATSPI.string { atspi_accessible_get_name(pointer, &$0) } }

    var parent: AccessibleReference? {
        (ATSPI.checked { atspi_accessible_get_parent(pointer, &$0) } ?? nil).map { AccessibleReference(taking: $0) }
    }
}

/// Reading a window's or a document's whole tree for the review (docs/design.md §18).
extension ATSPI {
    /// The most objects one review reads, how deep, and for how long: an application that
    /// hangs costs each call libatspi's timeout, and the review reads what it had by then (and
    /// reads the tree again at the next review key: `DesktopBridge.refreshTree`).
    static let maximumNodes = 5_000
    static let maximumDepth = 64
    static let longestWalk = Duration.seconds(2)
    /// The longest text read of one object for the review.
    static let longestReviewText: Int32 = 10_000

    static let documentRoles: Set<String> = ["document web", "document frame", "document text", "document email"]

    /// Where an object is: the web document it is in (nil outside one), and its top-level
    /// window (the object whose parent is the application).
    static func place(of object: AccessibleReference) -> (document: AccessibleReference?, window: AccessibleReference?) {
        var document: AccessibleReference?
        var current = object
        for _ in 0..<maximumDepth {
            if document == nil, documentRoles.contains(current.role) { document = current }
            guard let parent = current.parent else { return (document, current) }
            if parent.role == "application" { return (document, current) }
            current = parent
        }
        return (document, nil)
    }

    /// The tree under `root`, every object in it by id (for the review's actions), and whether
    /// the walk was cut short: it ran out of time, or a call for an object or its children
    /// failed (an application slow to answer costs a call libatspi's timeout, 800 ms, and the
    /// call reads nothing), so that the tree is only part of what is there, or only its root.
    static func tree(_ root: AccessibleReference) -> (node: AccessibleNode, objects: [String: AccessibleReference], cutShort: Bool)? {
        var objects: [String: AccessibleReference] = [:]
        var budget = maximumNodes
        var cutShort = false
        let node = node(root, depth: 0, budget: &budget, until: .now + longestWalk, cutShort: &cutShort, objects: &objects)
        // libatspi keeps what was read of each object, and a toolkit does not send an event
        // for every change (GTK 3's list box selects a row without one): what the focus reads
        // next must be read afresh, as it was before the review read the tree.
        for object in objects.values { atspi_accessible_clear_cache(object.pointer) }
        return node.map { ($0, objects, cutShort) }
    }

    private static func node(_ object: AccessibleReference, depth: Int, budget: inout Int, until deadline: ContinuousClock.Instant,
                             cutShort: inout Bool, objects: inout [String: AccessibleReference]) -> AccessibleNode? {
        guard budget > 0 else { return nil }
        guard ContinuousClock.now < deadline, let snapshot = reviewSnapshot(object.pointer) else {
            cutShort = true
            return nil
        }
        budget -= 1
        objects[snapshot.id] = object
        var node = AccessibleNode(snapshot)
        // What is not visible is not read: its subtree is not walked.
        guard depth < maximumDepth, snapshot.states.contains("visible") || snapshot.states.isEmpty,
              !ReviewTree.itemRoles.contains(snapshot.role) || snapshot.role == "heading" || snapshot.role == "link" else { return node }
        guard let count = checked({ atspi_accessible_get_child_count(object.pointer, &$0) }) else {
            cutShort = true
            return node
        }
        for index in 0..<max(count, 0) where budget > 0 {
            guard ContinuousClock.now < deadline else {
                cutShort = true
                break
            }
            guard let child = checked({ atspi_accessible_get_child_at_index(object.pointer, index, &$0) }) ?? nil else {
                cutShort = true
                continue
            }
            if let childNode = Self.node(AccessibleReference(taking: child), depth: depth + 1, budget: &budget, until: deadline,
                                         cutShort: &cutShort, objects: &objects) {
                node.children.append(childNode)
            }
        }
        return node
    }

    /// What the review reads of one object: fewer calls than `snapshot` (no place among its
    /// siblings, no shortcut), and the text of every object that has some.
    static func reviewSnapshot(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot? {
        let role = string { atspi_accessible_get_role_name(accessible, &$0) }
        guard !role.isEmpty else { return nil }
        var object = AccessibleSnapshot(id: identifier(accessible), role: role, name: string { atspi_accessible_get_name(accessible, &$0) },
                                        states: [])
        if let set = atspi_accessible_get_state_set(accessible) {
            for (name, state) in spokenStates + [("focusable", ATSPI_STATE_FOCUSABLE)] where atspi_state_set_contains(set, state) != 0 {
                object.states.insert(name)
            }
            announcer_atspi_unref(set)
        }
        if ReviewTree.itemRoles.contains(role) {
            object.description = string { atspi_accessible_get_description(accessible, &$0) }
        }
        if let value = atspi_accessible_get_value_iface(accessible) {
            object.value = checked { atspi_value_get_current_value(value, &$0) }
            object.minimum = checked { atspi_value_get_minimum_value(value, &$0) }
            object.maximum = checked { atspi_value_get_maximum_value(value, &$0) }
            announcer_atspi_unref(value)
        }
        if let text = atspi_accessible_get_text_iface(accessible) {
            if let count = checked({ atspi_text_get_character_count(text, &$0) }), count > 0, count <= longestReviewText {
                object.text = string { atspi_text_get_text(text, 0, count, &$0) }
            }
            announcer_atspi_unref(text)
        }
        if let attributes = checked({ atspi_accessible_get_attributes(accessible, &$0) }) ?? nil {
            if let level = announcer_atspi_attribute(attributes, "level") { object.level = Int(String(cString: level)) }
            if let roles = announcer_atspi_attribute(attributes, "xml-roles") { object.xmlRoles = String(cString: roles) }
            g_hash_table_unref(attributes)
        }
        return object
    }

    /// Asks the object's application for its attributes, once per application: Chromium
    /// builds its tree (a web page's too) only once a client has read them, as Orca does at once.
    static func wakeApplication(of object: UnsafeMutablePointer<AtspiAccessible>, awake: inout Set<String>) {
        let bus = announcer_atspi_bus_name(object).map { String(cString: $0) } ?? ""
        guard !bus.isEmpty, awake.insert(bus).inserted,
              let application = checked({ atspi_accessible_get_application(object, &$0) }) ?? nil else { return }
        if let attributes = checked({ atspi_accessible_get_attributes(application, &$0) }) ?? nil { g_hash_table_unref(attributes) }
        announcer_atspi_unref(application)
    }

    /// Does the object's first action (a link's jump, a button's click, a check box's toggle).
    @discardableResult
    static func doDefaultAction(_ object: AccessibleReference) -> Bool {
        guard let action = atspi_accessible_get_action_iface(object.pointer) else { return false }
        defer { announcer_atspi_unref(action) }
        return checked { atspi_action_do_action(action, 0, &$0) } ?? 0 != 0
    }

    /// Gives the object the keyboard focus.
    @discardableResult
    static func grabFocus(_ object: AccessibleReference) -> Bool {
        guard let component = atspi_accessible_get_component_iface(object.pointer) else { return false }
        defer { announcer_atspi_unref(component) }
        return checked { atspi_component_grab_focus(component, &$0) } ?? 0 != 0
    }
}
