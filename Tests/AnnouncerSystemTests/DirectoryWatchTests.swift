import AnnouncerSystem
import Glibc
import Testing

/// A directory watch is readable once something appears in the directory, and not before; a
/// directory not there yet is watched through its parent, whose new entry wakes it.
@Suite struct DirectoryWatchTests {
    static func isReadable(_ watch: borrowing DirectoryWatch) throws -> Bool {
        var entries = [Poll.Entry(watch.descriptor, .readable)]
        return try Poll.wait(&entries, timeoutMilliseconds: 0) > 0
    }

    @Test func aNewEntryWakesTheWatchAndNothingElseDoes() throws {
        let root = try temporaryDirectory()
        defer { unlink(root + "/0"); rmdir(root) }
        let watch = try DirectoryWatch(root)
        #expect(watch.watched == root)
        #expect(try !Self.isReadable(watch))
        try Files.write(Array("x".utf8), to: root + "/0")
        #expect(try Self.isReadable(watch))
        watch.drain()
        #expect(try !Self.isReadable(watch))
    }

    @Test func aMissingDirectoryIsWatchedThroughItsNearestParent() throws {
        let root = try temporaryDirectory()
        defer { rmdir(root + "/BrlAPI"); rmdir(root) }
        let watch = try DirectoryWatch(root + "/BrlAPI")
        #expect(watch.watched == root)
        #expect(try !Self.isReadable(watch))
        try Files.makeDirectories(root + "/BrlAPI", mode: 0o755)
        #expect(try Self.isReadable(watch))
        #expect(try DirectoryWatch(root + "/a/b/c").watched == root)
    }
}
