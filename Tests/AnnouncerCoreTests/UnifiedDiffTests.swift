import AnnouncerSupport
import Testing

/// `diff -u`'s output, checked against what GNU diff prints for the same files.
@Suite struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.lines(from: ["a", "b"], to: ["a", "b"], oldName: "x", newName: "y").isEmpty)
    }

    @Test func farApartChangesAreTwoHunksWithThreeLinesOfContext() {
        let old = (1...20).map(String.init)
        var new = old
        new[1] = "two"
        new.remove(at: 15)
        #expect(UnifiedDiff.lines(from: old, to: new, oldName: "old", newName: "new") == [
            "--- old", "+++ new",
            "@@ -1,5 +1,5 @@", " 1", "-2", "+two", " 3", " 4", " 5",
            "@@ -13,7 +13,6 @@", " 13", " 14", " 15", "-16", " 17", " 18", " 19",
        ])
    }

    @Test func anEmptySideNamesTheLineBefore() {
        #expect(UnifiedDiff.lines(from: [], to: ["a"], oldName: "o", newName: "n") == ["--- o", "+++ n", "@@ -0,0 +1 @@", "+a"])
        #expect(UnifiedDiff.lines(from: ["a"], to: [], oldName: "o", newName: "n") == ["--- o", "+++ n", "@@ -1 +0,0 @@", "-a"])
    }
}
