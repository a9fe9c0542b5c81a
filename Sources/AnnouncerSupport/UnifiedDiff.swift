/// Lines of text compared as `diff -u` does: hunks of changes with three lines of context.
/// Used by `announce compose --expect` (snapshot tests).
public enum UnifiedDiff {
    /// The unified diff from `old` to `new`, headed by the two names; empty when they are equal.
    public static func lines(from old: [String], to new: [String], oldName: String, newName: String, context: Int = 3) -> [String] {
        let edits = script(old, new)
        guard edits.contains(where: { $0.kind != .same }) else { return [] }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        // Group edits into hunks: changes closer than 2 × context share a hunk.
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(firstChange - context, index == 0 ? 0 : index)
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if edits[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(lastChange + context + 1, edits.count)
            let hunk = edits[start..<end]
            let oldStart = hunk.first!.oldLine, newStart = hunk.first!.newLine
            let oldCount = hunk.filter { $0.kind != .inserted }.count
            let newCount = hunk.filter { $0.kind != .deleted }.count
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: output.append(" " + edit.text)
                case .deleted: output.append("-" + edit.text)
                case .inserted: output.append("+" + edit.text)
                }
            }
            index = end
        }
        return output
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // diff -u numbers lines from 1; an empty range names the line before it.
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    private struct Edit {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        var text: String
        /// The 0-based lines in old and new at which this edit stands.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script, from the longest common subsequence (quadratic: snapshot
    /// files are small).
    private static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let n = old.count, m = new.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(Edit(kind: .same, text: old[i], oldLine: i, newLine: j))
                i += 1; j += 1
            } else if i < n, j == m || common[i + 1][j] >= common[i][j + 1] {
                // Deletions before insertions, as diff -u prints a changed line.
                edits.append(Edit(kind: .deleted, text: old[i], oldLine: i, newLine: j))
                i += 1
            } else {
                edits.append(Edit(kind: .inserted, text: new[j], oldLine: i, newLine: j))
                j += 1
            }
        }
        return edits
    }
}
