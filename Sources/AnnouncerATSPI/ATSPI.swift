import AnnouncerDesktop
import AnnouncerSystem
import CAtSpi

/// The one door to libatspi: connecting to the accessibility bus, listening for events, reading
/// an accessible object into an `AccessibleSnapshot`, timers and the main loop. libatspi runs
/// on GLib's main loop: every call here is made on the thread that runs `runMainLoop`.
enum ATSPI {
    /// The events the bridge listens to (docs/design.md §12).
    static let eventTypes = [
        "object:state-changed:focused",
        "object:active-descendant-changed",
        "object:state-changed:checked", "object:state-changed:indeterminate", "object:state-changed:pressed",
        "object:state-changed:selected", "object:state-changed:expanded", "object:state-changed:sensitive",
        "object:property-change:accessible-name", "object:property-change:accessible-value", "object:value-changed",
        "object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved", "object:text-selection-changed",
        "object:announcement",
        "window:activate",
        // A notification's window (notification-daemon's, an alert that takes no focus).
        "window:create",
        // A web page's: its live region stopped being busy, and it finished loading.
        "object:state-changed:busy", "document:load-complete",
        // An alert shown once its script filled it (hidden while empty): Firefox says only this.
        "object:state-changed:showing",
        // Chromium's select says its new choice only as its menu's selection.
        "object:selection-changed",
        // Only for the review: its tree must be read again.
        "object:children-changed", "document:reload",
    ]

    /// Connects to the session's accessibility bus; false when there is none.
    static func initialize() -> Bool {
        let status = atspi_init()
        // One timeout for every call, however young the application (`ATSPI.callTimeoutMs`).
        atspi_set_timeout(Int32(callTimeoutMs), 0)
        return status == 0 || status == 1
    }

    /// Tells the desktop that assistive technology is in use, as a screen reader does; false
    /// when the accessibility bus launcher did not take it.
    static func enableAccessibility() -> Bool {
        announcer_atspi_enable_accessibility() != 0
    }

    /// Registers `handler` for every event type; returns the types that could not be registered.
    static func listen(_ callback: AtspiEventListenerSimpleCB) -> [String] {
        guard let listener = atspi_event_listener_new_simple(callback, nil) else { return eventTypes }
        var failed: [String] = []
        for type in eventTypes where checked({ atspi_event_listener_register(listener, type, &$0) }) ?? 0 == 0 {
            failed.append(type)
        }
        return failed
    }

    /// Frees an event a listener was given: each is a copy of its own, which it owns (without
    /// this, every event heard stayed in memory: 4 MiB in 90 s of the desktop soak).
    static func free(_ event: UnsafePointer<AtspiEvent>) {
        g_boxed_free(atspi_event_get_type(), UnsafeMutablePointer(mutating: event))
    }

    static func runMainLoop() { atspi_event_main() }

    static func quitMainLoop() { atspi_event_quit() }

    /// Calls `gone` on the main loop when the accessibility bus is lost; false when there is no
    /// connection to watch.
    static func watchBus(_ gone: announcer_atspi_bus_gone) -> Bool {
        announcer_atspi_watch_bus(gone) != 0
    }

    /// Whether more events wait on the accessibility bus: read by libdbus and not yet
    /// dispatched, or still in its socket. A toolkit's events for one key press come together.
    static var eventsWaiting: Bool {
        if announcer_atspi_events_queued() != 0 { return true }
        let descriptor = announcer_atspi_bus_descriptor()
        guard descriptor >= 0, let ready = try? FileDescriptor(rawValue: descriptor).wait(for: .readable, timeoutMilliseconds: 0) else {
            return false
        }
        return ready.contains(.readable)
    }

    /// Calls `callback` once after `milliseconds` on the main loop.
    static func after(milliseconds: Int, _ callback: GSourceFunc) {
        g_timeout_add(guint(max(milliseconds, 0)), callback, nil)
    }

    // MARK: - Reading events

    /// An event as the bridge sees it, or nil for one it does not speak. `item` is the focused
    /// item a focus event on a list is about (`focusedItem`); `focused` is the object that has
    /// the focus: text changed in it is typing, elsewhere it may be a live region.
    static func event(_ event: UnsafePointer<AtspiEvent>, item: AccessibleReference?, focused: String?) -> DesktopEvent? {
        guard let type = event.pointee.type.map({ String(cString: $0) }), let source = event.pointee.source else { return nil }
        let detail1 = event.pointee.detail1
        // A shallow copy, read only: the event owns what it holds.
        var data = event.pointee.any_data
        switch type {
        case "object:state-changed:focused":
            // Only gaining the focus speaks (GTK also says when it is lost).
            guard detail1 == 1, var object = snapshot(item?.pointer ?? source) else { return nil }
            object.containers = containers(of: item?.pointer ?? source)
            return .focused(object)
        case "object:active-descendant-changed":
            guard let child = announcer_atspi_value_accessible(&data), var object = snapshot(child) else { return nil }
            object.containers = containers(of: child)
            return .focused(object)
        // Firefox says a page's own change to a text as "…:insert:system".
        case _ where type.hasPrefix("object:text-changed:insert") || type.hasPrefix("object:text-changed:delete"):
            guard let text = announcer_atspi_value_string(&data) else { return nil }
            let id = identifier(source), offset = Int(detail1), inserted = type.hasPrefix("object:text-changed:insert")
            if id != focused, let (region, root) = liveRegion(source) {
                let whole = region.atomic ? expandedText(root.pointer) : nil
                return .liveChanged(LiveChange(region: region, document: document(of: root), change: inserted ? .inserted : .deleted,
                                               text: whole ?? String(cString: text)))
            }
            return inserted ? .textInserted(id: id, offset: offset, text: String(cString: text))
                            : .textDeleted(id: id, offset: offset, text: String(cString: text))
        case "object:state-changed:showing":
            // An alert that appears (Firefox builds it only once it has content, and says so by
            // this event alone): said whole, as the assertive region it is.
            guard detail1 == 1, string({ atspi_accessible_get_role_name(source, &$0) }) == "alert",
                  let (region, root) = liveRegion(source), let text = expandedText(root.pointer) else { return nil }
            return .liveChanged(LiveChange(region: region, document: document(of: root), change: .inserted, text: text))
        case "object:state-changed:busy":
            guard detail1 == 0, let (region, root) = liveRegion(source), let text = expandedText(root.pointer) else { return nil }
            return .liveChanged(LiveChange(region: region, document: document(of: root), change: .settled, text: text))
        case "object:selection-changed":
            // A select's menu chose another option: the select is what changed.
            if string({ atspi_accessible_get_role_name(source, &$0) }) == "combo box" { return snapshot(source).map { .changed($0) } }
            guard let parent = checked({ atspi_accessible_get_parent(source, &$0) }) ?? nil else { return nil }
            defer { announcer_atspi_unref(parent) }
            guard string({ atspi_accessible_get_role_name(parent, &$0) }) == "combo box" else { return nil }
            return snapshot(parent).map { .changed($0) }
        case "document:load-complete":
            return snapshot(source).map { .documentLoaded($0) }
        case "object:text-selection-changed":
            return .selectionChanged(id: identifier(source), selection: selection(source), text: wholeText(source))
        case "object:text-caret-moved":
            return .caretMoved(id: identifier(source), offset: Int(detail1), text: wholeText(source))
        case "object:announcement":
            guard let text = announcer_atspi_value_string(&data) else { return nil }
            return .announcement(String(cString: text), assertive: detail1 == 2)
        case _ where type.hasPrefix("object:children-changed") || type.hasPrefix("document:"):
            return nil
        case "window:activate":
            return .windowActivated(id: identifier(source), title: string { atspi_accessible_get_name(source, &$0) }, role: string { atspi_accessible_get_role_name(source, &$0) })
        case "window:create":
            // Read a moment later, once its texts are set (`DesktopBridge.windowCreated`).
            return nil
        default:
            return snapshot(source).map { .changed($0) }
        }
    }

    // MARK: - Reading an accessible

    /// The labels' texts in a small window (a notification's summary and body), in order: at
    /// most 8 levels and 64 objects are read.
    static func labels(in window: UnsafeMutablePointer<AtspiAccessible>) -> [String] {
        var found: [String] = []
        var visited = 0
        func walk(_ object: UnsafeMutablePointer<AtspiAccessible>, depth: Int) {
            guard depth < 8, visited < 64 else { return }
            let count = checked { atspi_accessible_get_child_count(object, &$0) } ?? 0
            for index in 0..<min(max(count, 0), 16) {
                guard visited < 64, let child = checked({ atspi_accessible_get_child_at_index(object, index, &$0) }) ?? nil else { continue }
                defer { announcer_atspi_unref(child) }
                visited += 1
                if string({ atspi_accessible_get_role_name(child, &$0) }) == "label" {
                    let name = string { atspi_accessible_get_name(child, &$0) }.trimmingWhitespace()
                    if !name.isEmpty { found.append(name) }
                }
                walk(child, depth: depth + 1)
            }
        }
        walk(window, depth: 0)
        return found
    }

    /// Where the object lives on the bus: the same object has the same id.
    static func identifier(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> String {
        let bus = announcer_atspi_bus_name(accessible).map { String(cString: $0) } ?? ""
        let path = announcer_atspi_path(accessible).map { String(cString: $0) } ?? ""
        return bus + path
    }

    static let spokenStates: [(String, AtspiStateType)] = [
        ("focused", ATSPI_STATE_FOCUSED), ("sensitive", ATSPI_STATE_SENSITIVE), ("visible", ATSPI_STATE_VISIBLE), ("checked", ATSPI_STATE_CHECKED),
        ("indeterminate", ATSPI_STATE_INDETERMINATE), ("pressed", ATSPI_STATE_PRESSED), ("selected", ATSPI_STATE_SELECTED),
        ("expandable", ATSPI_STATE_EXPANDABLE), ("expanded", ATSPI_STATE_EXPANDED), ("editable", ATSPI_STATE_EDITABLE),
        ("multi-line", ATSPI_STATE_MULTI_LINE), ("required", ATSPI_STATE_REQUIRED), ("invalid entry", ATSPI_STATE_INVALID_ENTRY),
        ("visited", ATSPI_STATE_VISITED), ("busy", ATSPI_STATE_BUSY), ("has popup", ATSPI_STATE_HAS_POPUP),
        ("supports autocompletion", ATSPI_STATE_SUPPORTS_AUTOCOMPLETION), ("horizontal", ATSPI_STATE_HORIZONTAL),
        ("vertical", ATSPI_STATE_VERTICAL), ("selectable", ATSPI_STATE_SELECTABLE),
    ]

    static let textRoles: Set<String> = ["entry", "text", "editbar", "search bar", "terminal", "combo box", "spin button"]

    /// The object as it is now; nil when it is already gone (toolkits announce objects that
    /// they destroy a moment later).
    static func snapshot(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot? {
        let role = string { atspi_accessible_get_role_name(accessible, &$0) }
        guard !role.isEmpty else { return nil }
        var object = AccessibleSnapshot(id: identifier(accessible), role: role,
                                        name: string { atspi_accessible_get_name(accessible, &$0) },
                                        description: string { atspi_accessible_get_description(accessible, &$0) },
                                        states: [])
        if let set = atspi_accessible_get_state_set(accessible) {
            for (name, state) in spokenStates where atspi_state_set_contains(set, state) != 0 { object.states.insert(name) }
            announcer_atspi_unref(set)
        }
        if textRoles.contains(role) {
            object.text = wholeText(accessible)
            if let text = atspi_accessible_get_text_iface(accessible) {
                object.caretOffset = checked { atspi_text_get_caret_offset(text, &$0) }.map(Int.init)
                announcer_atspi_unref(text)
            }
            if object.states.contains("editable") { object.selection = selection(accessible) }
        }
        if AccessibleMapping.positionedRoles.contains(role) {
            object.position = position(accessible)
            // A row with no name of its own says what its children say (GTK's list box rows).
            if object.name.isEmpty { object.name = childNames(accessible, depth: 2).joined(separator: " ") }
        }
        let attributes = checked({ atspi_accessible_get_attributes(accessible, &$0) }) ?? nil
        readValues(accessible, attributes: attributes, valueText: true, placed: AccessibleMapping.groupPositionedRoles, into: &object)
        if let attributes { g_hash_table_unref(attributes) }
        // A web page's option that can be selected: whether an editable combo box completes to
        // it (a toolkit's list row costs no more calls: Qt's rows are read as its selection moves).
        if role == "list item", object.display != nil, object.states.contains("selectable") {
            object.editableComboBoxItem = comboBoxOfPopupItem(accessible)?.editable == true
        }
        // A table's cell is placed among the table's rows ("2 of 3."), not among its siblings
        // (which are every cell and the headers).
        if let place = object.tablePosition, let rows = tableRows(accessible) {
            object.position = AccessibleSnapshot.Position(index: place.row + 1, count: rows)
        } else if let place = object.tablePosition {
            // A web page's cell, in a row of its table: said by its row, column and headers.
            object.cell = cellPlace(accessible, at: place)
            if object.cell != nil { object.position = nil }
        } else if !ReviewTree.cellRoles.contains(role), let parent = checked({ atspi_accessible_get_parent(accessible, &$0) }) ?? nil {
            // What a cell holds that takes the focus itself (a grid's link): the cell's place.
            defer { announcer_atspi_unref(parent) }
            if ReviewTree.cellRoles.contains(string { atspi_accessible_get_role_name(parent, &$0) }), let place = tablePosition(parent) {
                object.cell = cellPlace(parent, at: place)
            }
        }
        if role.contains("menu item"), let action = atspi_accessible_get_action_iface(accessible) {
            let binding = string { atspi_action_get_key_binding(action, 0, &$0) }
            // "mnemonic;sequence;shortcut": the last part given is the shortcut.
            object.accelerator = binding.split(separator: ";").last.map(String.init)
            announcer_atspi_unref(action)
        }
        if let locale = checked({ atspi_accessible_get_object_locale(accessible, &$0) }) ?? nil {
            object.locale = String(cString: locale)
        }
        // An invalid field's error message, as the page points to it.
        if object.states.contains("invalid entry"), let message = announcer_atspi_relation_target(accessible, ATSPI_RELATION_ERROR_MESSAGE) {
            let name = string { atspi_accessible_get_name(message, &$0) }
            object.errorMessage = name.isEmpty ? wholeText(message) : name
            announcer_atspi_unref(message)
        }
        return object
    }

    /// The longest text read whole at every caret move; a longer document's caret is not spoken.
    static let longestText: Int32 = 100_000

    /// The Text interface's whole text, when it has one and it is not too long.
    static func wholeText(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> String? {
        guard let text = atspi_accessible_get_text_iface(accessible) else { return nil }
        defer { announcer_atspi_unref(text) }
        guard let count = checked({ atspi_text_get_character_count(text, &$0) }), count >= 0, count <= longestText else { return nil }
        return string { atspi_text_get_text(text, 0, count, &$0) }
    }

    /// A cell's place in a table whose rows are objects (its parent a row): the table, how many
    /// rows and columns it has, and the headers of its column and row; nil for any other cell.
    static func cellPlace(_ cell: UnsafeMutablePointer<AtspiAccessible>, at place: AccessibleSnapshot.TablePosition) -> AccessibleSnapshot.CellPlace? {
        guard let row = checked({ atspi_accessible_get_parent(cell, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(row) }
        guard string({ atspi_accessible_get_role_name(row, &$0) }) == "table row",
              let table = checked({ atspi_accessible_get_parent(row, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(table) }
        guard let grid = atspi_accessible_get_table_iface(table) else { return nil }
        defer { announcer_atspi_unref(grid) }
        guard let (rows, columns) = size(grid), rows > place.row, columns > place.column else { return nil }
        func header(_ read: (inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<AtspiAccessible>?) -> String? {
            guard let header = checked(read) ?? nil else { return nil }
            defer { announcer_atspi_unref(header) }
            guard header != cell else { return nil }
            return AccessibleMapping.spokenText(string { atspi_accessible_get_name(header, &$0) })
        }
        return AccessibleSnapshot.CellPlace(table: identifier(table), row: place.row, column: place.column, rows: rows, columns: columns,
                                            columnHeader: header { atspi_table_get_column_header(grid, Int32(place.column), &$0) },
                                            rowHeader: header { atspi_table_get_row_header(grid, Int32(place.row), &$0) })
    }

    /// A Table interface's rows and columns, when both could be read.
    static func size(_ grid: UnsafeMutablePointer<AtspiTable>) -> (rows: Int, columns: Int)? {
        guard let rows = checked({ atspi_table_get_n_rows(grid, &$0) }), let columns = checked({ atspi_table_get_n_columns(grid, &$0) }) else { return nil }
        return (Int(rows), Int(columns))
    }

    /// A table's rows and columns, when it has the Table interface and both are known.
    static func tableSize(_ table: UnsafeMutablePointer<AtspiAccessible>) -> (Int?, Int?) {
        guard let grid = atspi_accessible_get_table_iface(table) else { return (nil, nil) }
        defer { announcer_atspi_unref(grid) }
        guard let (rows, columns) = size(grid), rows > 0, columns > 0 else { return (nil, nil) }
        return (rows, columns)
    }

    /// How many rows the table a cell is in has.
    static func tableRows(_ cell: UnsafeMutablePointer<AtspiAccessible>) -> Int? {
        guard let parent = checked({ atspi_accessible_get_parent(cell, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(parent) }
        guard let table = atspi_accessible_get_table_iface(parent) else { return nil }
        defer { announcer_atspi_unref(table) }
        return checked { atspi_table_get_n_rows(table, &$0) }.map(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The Text interface's first selection, as character offsets; nil when nothing is selected.
    static func selection(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> Range<Int>? {
        guard let text = atspi_accessible_get_text_iface(accessible) else { return nil }
        defer { announcer_atspi_unref(text) }
        guard let count = checked({ atspi_text_get_n_selections(text, &$0) }), count > 0,
              let range = checked({ atspi_text_get_selection(text, 0, &$0) }) ?? nil else { return nil }
        defer { g_free(range) }
        let start = Int(range.pointee.start_offset), end = Int(range.pointee.end_offset)
        return start < end ? start..<end : nil
    }

    /// The name of the option chosen in a combo box: the selected child of the first object
    /// in it (itself, or its menu or list) that has the Selection interface.
    static func chosenOption(_ accessible: UnsafeMutablePointer<AtspiAccessible>, depth: Int = 2) -> String? {
        if let selection = atspi_accessible_get_selection_iface(accessible) {
            defer { announcer_atspi_unref(selection) }
            if let chosen = checked({ atspi_selection_get_selected_child(selection, 0, &$0) }) ?? nil {
                defer { announcer_atspi_unref(chosen) }
                return string { atspi_accessible_get_name(chosen, &$0) }
            }
        }
        guard depth > 0 else { return nil }
        let count = checked { atspi_accessible_get_child_count(accessible, &$0) } ?? 0
        for index in 0..<min(max(count, 0), 4) {
            guard let child = checked({ atspi_accessible_get_child_at_index(accessible, index, &$0) }) ?? nil else { continue }
            defer { announcer_atspi_unref(child) }
            if let name = chosenOption(child, depth: depth - 1) { return name }
        }
        return nil
    }

    /// The attributes that make a live region, as the browsers give them.
    static let liveAttributes = ["live", "container-live", "atomic", "container-atomic", "relevant", "container-relevant",
                                 "busy", "container-busy", "xml-roles"]

    static func attributes(_ accessible: UnsafeMutablePointer<AtspiAccessible>, _ names: [String]) -> [String: String] {
        guard let table = checked({ atspi_accessible_get_attributes(accessible, &$0) }) ?? nil else { return [:] }
        defer { g_hash_table_unref(table) }
        var found: [String: String] = [:]
        for name in names { if let value = announcer_atspi_attribute(table, name) { found[name] = String(cString: value) } }
        return found
    }

    /// The live region an object is in, and its root: the object itself when it is the region
    /// (it has `live` of its own, or is an alert or a status), else the nearest ancestor that
    /// is, at most eight up. Nil when it is in none.
    static func liveRegion(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> (LiveRegion, AccessibleReference)? {
        var object = AccessibleReference(retaining: accessible)
        let id = object.id
        // A text that is no region's (a log, a terminal) is asked once, not at every change.
        guard !notLive.contains(id) else { return nil }
        var attributes = attributes(accessible, liveAttributes)
        guard var region = LiveRegion.of(id: id, role: object.role, attributes: attributes) else {
            if notLive.count >= 1_000 { notLive.removeAll() }
            notLive.insert(id)
            return nil
        }
        for _ in 0..<8 where !LiveRegion.isRoot(role: object.role, attributes: attributes) {
            guard let parent = checked({ atspi_accessible_get_parent(object.pointer, &$0) }) ?? nil else { break }
            let up = AccessibleReference(taking: parent)
            attributes = Self.attributes(up.pointer, liveAttributes)
            guard let upRegion = LiveRegion.of(id: up.id, role: up.role, attributes: attributes) else { break }
            object = up
            // The root's own word on atomic and relevant is the region's (Chromium's
            // container-atomic says the same on every object in it).
            region = LiveRegion(id: up.id, politeness: upRegion.politeness, atomic: upRegion.atomic || region.atomic,
                                relevant: upRegion.relevant, busy: upRegion.busy || region.busy)
        }
        return (region, object)
    }

    /// The containers an object is in, outermost first, up to the web document it is in; none
    /// outside a web document (a desktop window's panels and boxes say nothing). At most 24
    /// levels are read.
    static func containers(of accessible: UnsafeMutablePointer<AtspiAccessible>) -> [AccessibleSnapshot.Container] {
        var found: [AccessibleSnapshot.Container] = []
        var object = AccessibleReference(retaining: accessible)
        for _ in 0..<24 {
            guard let parent = object.parent else { return [] }
            let role = parent.role
            if documentRoles.contains(role) { return found.reversed() }
            if role == "frame" || role == "application" || role == "window" { return [] }
            let read = attributes(parent.pointer, ["xml-roles", "level"])
            var container = AccessibleSnapshot.Container(id: parent.id, role: role, name: parent.name, xmlRoles: read["xml-roles"],
                                                          level: read["level"].flatMap { Int($0) })
            // A dialog's description is said as it is entered: read for what the mapping takes
            // as a dialog alone.
            switch AccessibleMapping.enteredContainer(container)?.kind {
            case .dialog?: container.description = string { atspi_accessible_get_description(parent.pointer, &$0) }
            // A list's items, counted; a table's rows and columns.
            case .list?: container.childCount = checked { atspi_accessible_get_child_count(parent.pointer, &$0) }.map { Int($0) }
            case .table?, .grid?: (container.rows, container.columns) = tableSize(parent.pointer)
            default: break
            }
            found.append(container)
            object = parent
        }
        return []
    }

    /// The web document a live region's root is in, found once for each root (a region that
    /// changes 500 times a second is not walked up 500 times).
    static func document(of root: AccessibleReference) -> String? {
        let id = root.id
        if let known = regionDocuments[id] { return known }
        var object = root
        var document: String?
        for _ in 0..<40 {
            if documentRoles.contains(object.role) {
                document = object.id
                break
            }
            guard let parent = object.parent else { break }
            object = parent
        }
        if regionDocuments.count >= 1_000 { regionDocuments.removeAll() }
        regionDocuments[id] = document
        return document
    }

    /// The objects whose text changed and that are in no live region (`liveRegion`).
    nonisolated(unsafe) static var notLive: Set<String> = []  // Safe: read and written on GLib's main-loop thread only, as every libatspi call is.

    /// Each live region's root and the document it is in, as far as found (`document(of:)`).
    /// libatspi's calls are made on the main loop's thread only.
    nonisolated(unsafe) static var regionDocuments: [String: String?] = [:]  // Safe: the main-loop thread only.

    /// The Text interface's whole text with each embedded object's character replaced by that
    /// object's own text (or name): Chromium's "Total: ￼ euros" is "Total: 8 euros".
    static func expandedText(_ accessible: UnsafeMutablePointer<AtspiAccessible>, depth: Int = 4) -> String? {
        guard let text = wholeText(accessible) else { return nil }
        guard depth > 0, text.unicodeScalars.contains(AccessibleMapping.objectReplacement),
              let hypertext = atspi_accessible_get_hypertext_iface(accessible) else { return text }
        defer { announcer_atspi_unref(hypertext) }
        var expanded = String.UnicodeScalarView()
        // AT-SPI's offsets count characters as code points.
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar == AccessibleMapping.objectReplacement else {
                expanded.append(scalar)
                continue
            }
            guard let index = checked({ atspi_hypertext_get_link_index(hypertext, Int32(offset), &$0) }), index >= 0,
                  let link = checked({ atspi_hypertext_get_link(hypertext, index, &$0) }) ?? nil else { continue }
            defer { announcer_atspi_unref(link) }
            guard let embedded = checked({ atspi_hyperlink_get_object(link, 0, &$0) }) ?? nil else { continue }
            defer { announcer_atspi_unref(embedded) }
            let inner = expandedText(embedded, depth: depth - 1) ?? string { atspi_accessible_get_name(embedded, &$0) }
            expanded.append(contentsOf: inner.unicodeScalars)
        }
        return String(expanded)
    }

    /// The names of an object's descendants, in order, `depth` levels down.
    static func childNames(_ accessible: UnsafeMutablePointer<AtspiAccessible>, depth: Int) -> [String] {
        guard depth > 0 else { return [] }
        let count = checked { atspi_accessible_get_child_count(accessible, &$0) } ?? 0
        var names: [String] = []
        for index in 0..<min(max(count, 0), 20) {
            guard let child = checked({ atspi_accessible_get_child_at_index(accessible, index, &$0) }) ?? nil else { continue }
            let name = string { atspi_accessible_get_name(child, &$0) }
            names += name.isEmpty ? childNames(child, depth: depth - 1) : [name]
            announcer_atspi_unref(child)
        }
        return names
    }

    /// 1-based place among the parent's children, and their count.
    static func position(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> AccessibleSnapshot.Position? {
        guard let parent = checked({ atspi_accessible_get_parent(accessible, &$0) }) ?? nil else { return nil }
        defer { announcer_atspi_unref(parent) }
        guard let index = checked({ atspi_accessible_get_index_in_parent(accessible, &$0) }),
              let count = checked({ atspi_accessible_get_child_count(parent, &$0) }),
              index >= 0, count > 0, index < count else { return nil }
        return AccessibleSnapshot.Position(index: Int(index) + 1, count: Int(count))
    }

    /// The most items of a list searched for the one with the focus.
    static let mostItemsSearched: Int32 = 500

    /// For a focus event on a list or table that manages its items, the item that has the focus;
    /// nil for any other event. Qt's list takes the focus itself and sends nothing for its current
    /// item, which has the focused state: that item is what the focus is on (as VoiceOver says a
    /// list's current row), for the focus and the review alike.
    static func focusedItem(_ event: UnsafePointer<AtspiEvent>) -> AccessibleReference? {
        guard event.pointee.detail1 == 1, let source = event.pointee.source, event.pointee.type.map({ String(cString: $0) }) == "object:state-changed:focused",
              has(source, ATSPI_STATE_MANAGES_DESCENDANTS) else { return nil }
        let count = checked { atspi_accessible_get_child_count(source, &$0) } ?? 0
        for index in 0..<min(max(count, 0), mostItemsSearched) {
            guard let child = checked({ atspi_accessible_get_child_at_index(source, index, &$0) }) ?? nil else { continue }
            let item = AccessibleReference(taking: child)
            if has(child, ATSPI_STATE_FOCUSED) { return item }
        }
        return nil
    }

    /// Whether the object has the state now.
    static func has(_ accessible: UnsafeMutablePointer<AtspiAccessible>, _ state: AtspiStateType) -> Bool {
        guard let set = atspi_accessible_get_state_set(accessible) else { return false }
        defer { announcer_atspi_unref(set) }
        return atspi_state_set_contains(set, state) != 0
    }

    /// A string libatspi returns for us to free, or "" when it failed.
    static func string(_ call: (inout UnsafeMutablePointer<GError>?) -> UnsafeMutablePointer<gchar>?) -> String {
        guard let text = checked(call) ?? nil else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// One libatspi call that reports failure through a GError, with an error of its own: its
    /// result, or nil when it failed. The error is freed and cleared here, every time, so that
    /// no call ever sees the one before it (GLib requires a GError to be NULL when passed).
    static func checked<T>(_ call: (inout UnsafeMutablePointer<GError>?) -> T) -> T? {
        var error: UnsafeMutablePointer<GError>?
        let result = call(&error)
        guard error == nil else {
            g_clear_error(&error)
            return nil
        }
        return result
    }

}
