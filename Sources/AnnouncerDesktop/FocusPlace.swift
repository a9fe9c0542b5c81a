import AnnouncerElements

/// Where a focus said is (docs/design.md §12): the containers it entered since the focus before
/// it, said before it, and those it left; a table's cell, only what changed of its place; a
/// combo box's list, opened. It keeps the containers the last focus was said to be in. Pure
/// (FocusPlaceTests).
public struct FocusPlace: Sendable {
    /// The containers the last focus said was in (`AccessibleMapping.enteredContainer`), by id.
    private var containers: [EnteredContainer.Placed] = []

    public init() {}

    /// What is said of `object` taking the focus, whose own element is `element`, after the
    /// focus said before it. The element kept as the focus is without its containers, so that a
    /// change to it is said alone.
    public mutating func said(_ object: AccessibleSnapshot, element: Element, after before: FocusCoalescing.Said?) -> Element {
        // A web page's container that takes the focus itself (a tab panel, a dialog) says what it
        // is as it is entered, and its name once.
        let own = object.xmlRoles == nil ? [] : AccessibleMapping.placedContainers([
            AccessibleSnapshot.Container(id: object.id, role: object.role, name: object.name, xmlRoles: object.xmlRoles),
        ]).filter { $0.container.kind != .list }
        let inside = AccessibleMapping.placedContainers(object.containers)
        var said = element
        said.entered = EnteredContainer.entered(from: containers, to: inside + own).map { container in
            var container = container
            if container.label == element.label { container.label = nil }
            return container
        }
        // And those it left, innermost first ("Out of Radio Group."), but for a list outside a
        // web page (its last item's "List End." said it; a page's list is left as NVDA's browse
        // mode leaves it, "Out of List."); a page's document taking the focus (a page loaded)
        // leaves nothing: the last page's containers are gone with it.
        let isDocument = AccessibleMapping.windowRole(object.role) == .document
        let inPage = object.xmlRoles != nil || object.containers.contains { $0.xmlRoles != nil }
        said.left = isDocument ? [] : EnteredContainer.left(from: containers, to: inside + own, lists: inPage)
        containers = inside + own
        // From a combo box not said open into a list (its option, the box's active descendant):
        // the box opened its list, said first ("Expanded."), whichever came first of the box's
        // change and the option's focus (a browser tells the change after the focus moved on).
        if let before = before?.element, before.traits.contains(.comboBox), !before.traits.contains(.expanded),
           !element.traits.contains(.comboBox), said.entered.contains(where: { $0.kind == .list }) {
            said.opened = true
        }
        // A cell within the table the focus was in: only what changed of its place.
        if let cell = object.cell { said.context = AccessibleMapping.cellContext(cell, from: before?.object.cell, label: element.label) }
        return said
    }
}
