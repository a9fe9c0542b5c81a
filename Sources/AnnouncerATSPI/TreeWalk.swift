import AnnouncerDesktop
import CAtSpi

/// A walk of a window's or a web document's tree for the review (docs/design.md §18), a slice
/// at a time: between slices the main loop takes the accessibility events, so that a tree of
/// 10,000 objects, whose walk takes seconds, holds no focus that long. At most
/// `ATSPI.maximumNodes` objects, `maximumDepth` levels and `longestWalk` of walking in all.
final class TreeWalk {
    let root: AccessibleReference
    /// Every object read, by id (for the review's actions).
    private(set) var objects: [String: AccessibleReference] = [:]
    /// The walk was cut short: a call for an object or its children failed (an application
    /// slow to answer), or it ran out of time, so the tree is only part of what is there.
    private(set) var cutShort = false
    private(set) var ranOutOfTime = false
    /// A call took a call's timeout or longer: the application does not answer.
    private(set) var timedOut = false
    /// The tree once the walk is done; nil when not even its root could be read.
    private(set) var tree: AccessibleNode?
    private(set) var isDone = false

    /// An object whose children are being read.
    private struct Frame {
        var object: AccessibleReference
        var node: AccessibleNode
        var depth: Int
        var count: Int32
        var next: Int32 = 0
    }

    private var stack: [Frame] = []
    private var started = false
    private var budget = ATSPI.maximumNodes
    private var spent = Duration.zero
    /// The objects read in this slice.
    private var read: [AccessibleReference] = []

    init(_ root: AccessibleReference) {
        self.root = root
    }

    /// Walks on for at most `slice`; true once the walk is done.
    @discardableResult
    func walk(for slice: Duration) -> Bool {
        guard !isDone else { return true }
        let start = ContinuousClock.now
        defer {
            spent += ContinuousClock.now - start
            // libatspi keeps what was read of each object, and a toolkit does not send an
            // event for every change (GTK 3's list box selects a row without one): what the
            // focus reads between slices must be read afresh, as it was before the walk.
            for object in read { atspi_accessible_clear_cache(object.pointer) }
            read = []
        }
        if !started {
            started = true
            guard let frame = frame(root, depth: 0) else { return finish() }
            stack = [frame]
        }
        while let top = stack.last {
            let now = ContinuousClock.now
            if timedOut || spent + (now - start) >= ATSPI.longestWalk {
                ranOutOfTime = !timedOut
                cutShort = true
                return finish()
            }
            if now - start >= slice { return false }
            guard top.next < top.count, budget > 0 else {
                pop()
                continue
            }
            stack[stack.count - 1].next += 1
            guard let child = ATSPI.checked({ atspi_accessible_get_child_at_index(top.object.pointer, top.next, &$0) }) ?? nil else {
                cutShort = true
                continue
            }
            guard let frame = frame(AccessibleReference(taking: child), depth: top.depth + 1) else { continue }
            if frame.count > 0 {
                stack.append(frame)
            } else {
                stack[stack.count - 1].node.children.append(frame.node)
            }
        }
        return finish()
    }

    /// One object read, with how many of its children are to be read.
    private func frame(_ object: AccessibleReference, depth: Int) -> Frame? {
        guard budget > 0 else { return nil }
        let start = ContinuousClock.now
        defer { if ContinuousClock.now - start >= .milliseconds(ATSPI.callTimeoutMs) { timedOut = true } }
        guard let snapshot = ATSPI.reviewSnapshot(object.pointer) else {
            cutShort = true
            return nil
        }
        budget -= 1
        objects[snapshot.id] = object
        read.append(object)
        let node = AccessibleNode(snapshot)
        // What is not visible is not read: its subtree is not walked.
        guard depth < ATSPI.maximumDepth, snapshot.states.contains("visible") || snapshot.states.isEmpty,
              ReviewTree.walksInto(snapshot) else {
            return Frame(object: object, node: node, depth: depth, count: 0)
        }
        guard let count = ATSPI.checked({ atspi_accessible_get_child_count(object.pointer, &$0) }) else {
            cutShort = true
            return Frame(object: object, node: node, depth: depth, count: 0)
        }
        return Frame(object: object, node: node, depth: depth, count: max(count, 0))
    }

    /// The object on top has had all its children read: it joins its parent's.
    private func pop() {
        let frame = stack.removeLast()
        if stack.isEmpty {
            tree = frame.node
        } else {
            stack[stack.count - 1].node.children.append(frame.node)
        }
    }

    private func finish() -> Bool {
        while !stack.isEmpty { pop() }
        isDone = true
        return true
    }
}
