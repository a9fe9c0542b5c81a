/// VoiceOver's reading order over a tree of elements.
///
/// - An accessible element is one stop; its children are not visited.
/// - A `hidden` element and its subtree do not exist.
/// - The children of an element without `container` join their parent's siblings (as a plain
///   view's subviews do); a `container` keeps its children together as one block, placed where
///   its own frame (or, without one, the union of its children's frames) puts it.
/// - When every item of a block has a frame, the block is ordered top-to-bottom, then
///   leading-to-trailing; items whose tops differ by less than `rowTolerance` are one row.
///   Otherwise the order is the order of `children`.
/// - Position words come from the nearest enclosing container that gives them (`semanticGroup`
///   gives none), counting that container's accessible elements; without one, the element's own
///   `context` stands.
public enum ReadingOrder {
    /// VoiceOver's cut-off, in the frame's units, for one element to count as above another.
    public static let rowTolerance = 8.0

    public static func items(in roots: [Element]) -> [ReadingItem] {
        var items: [ReadingItem] = []
        emit(sorted(roots.flatMap(nodes(of:))), context: nil, into: &items)
        return items
    }

    private indirect enum Node {
        case leaf(Element)
        case block(ContainerKind, [Node], Frame?)

        var frame: Frame? {
            switch self {
            case .leaf(let element): element.frame
            case .block(_, _, let frame): frame
            }
        }

        var leafCount: Int {
            switch self {
            case .leaf: 1
            case .block(_, let nodes, _): nodes.reduce(0) { $0 + $1.leafCount }
            }
        }
    }

    private static func nodes(of element: Element) -> [Node] {
        if element.hidden { return [] }
        if element.isAccessible { return [.leaf(element)] }
        let children = element.children.flatMap(nodes(of:))
        guard let container = element.container else { return children }
        if children.isEmpty { return [] }
        let unionFrame = children.reduce(Frame?.none) { partial, node in
            guard let frame = node.frame else { return partial }
            return partial.map { $0.union(frame) } ?? frame
        }
        let allFramed = children.allSatisfy { $0.frame != nil }
        return [.block(container, sorted(children), element.frame ?? (allFramed ? unionFrame : nil))]
    }

    private static func sorted(_ nodes: [Node]) -> [Node] {
        guard nodes.count > 1 else { return nodes }
        var framed: [(node: Node, frame: Frame, index: Int)] = []
        for (index, node) in nodes.enumerated() {
            guard let frame = node.frame else { return nodes }
            framed.append((node, frame, index))
        }
        framed.sort { ($0.frame.y, $0.index) < ($1.frame.y, $1.index) }
        // Cut into rows: an item starts a new row when its top is at least `rowTolerance` below
        // the top of the row's first item.
        var rows: [[(node: Node, frame: Frame, index: Int)]] = []
        for item in framed {
            if let rowTop = rows.last?.first?.frame.y, item.frame.y - rowTop < rowTolerance {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        return rows.flatMap { row in row.sorted { ($0.frame.x, $0.index) < ($1.frame.x, $1.index) }.map(\.node) }
    }

    private struct PositionCounter {
        var kind: ContainerKind
        var count: Int
        var next = 0
    }

    private static func emit(_ nodes: [Node], context counter: PositionCounter?, into items: inout [ReadingItem]) {
        var counter = counter
        for node in nodes {
            switch node {
            case .leaf(let element):
                var context = element.context
                if var position = counter {
                    if let computed = position.kind.context(index: position.next, count: position.count) {
                        context = computed
                    } else if position.kind == .list || position.kind == .landmark {
                        context = nil
                    }
                    position.next += 1
                    counter = position
                }
                items.append(ReadingItem(element: element, context: context))
            case .block(let kind, let children, _):
                // A semantic group gives no position words: the enclosing counter goes on inside it.
                // Any other container counts its own elements; either way the enclosing counter
                // steps over the block's elements.
                let inner = kind == .semanticGroup ? counter : PositionCounter(kind: kind, count: node.leafCount)
                emit(children, context: inner, into: &items)
                counter?.next += node.leafCount
            }
        }
    }
}
