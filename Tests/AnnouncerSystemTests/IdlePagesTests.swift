import AnnouncerSystem
import Glibc
import Testing

@Suite struct IdlePagesTests {
    /// Each mapping's header line and the fields the rule reads (the kernel prints more).
    static func mapping(_ range: String, _ permissions: String, inode: String = "254163", path: String,
                        rss: Int, anonymous: Int = 0, swap: Int = 0, privateDirty: Int = 0) -> String {
        """
        \(range) \(permissions) 00002000 fe:00 \(inode)        \(path)
        Size:                 24 kB
        Rss:                  \(rss) kB
        Pss:                  \(rss) kB
        Shared_Dirty:          0 kB
        Private_Dirty:         \(privateDirty) kB
        Anonymous:             \(anonymous) kB
        Swap:                  \(swap) kB
        VmFlags: rd mr mw me

        """
    }

    @Test func onlyCleanReadOnlyPrivateFilePagesAreReleasable() {
        let smaps = [
            Self.mapping("1000-3000", "r--p", path: "/usr/bin/announcerd", rss: 8),                       // constants
            Self.mapping("3000-9000", "r-xp", path: "/usr/bin/announcerd", rss: 24),                      // code
            Self.mapping("9000-a000", "r--p", path: "/usr/bin/announcerd", rss: 4, anonymous: 4),         // relocated (RELRO)
            Self.mapping("a000-b000", "rw-p", path: "/usr/bin/announcerd", rss: 4, privateDirty: 4),      // data
            Self.mapping("b000-c000", "r-xp", path: "/usr/lib/libswapped.so", rss: 0, swap: 4),           // a page in swap
            Self.mapping("c000-d000", "r-xp", path: "/usr/lib/libnotresident.so", rss: 0),                // nothing to give back
            Self.mapping("d000-e000", "r--s", path: "/dev/shm/shared", rss: 4),                           // shared
            Self.mapping("e000-f000", "r--p", inode: "0", path: "[vvar]", rss: 4),                        // the kernel's
            Self.mapping("f000-10000", "r-xp", path: "/usr/lib/x86_64-linux-gnu/libc.so.6", rss: 4),
            Self.mapping("12000-14000", "r-xp", path: "/tmp/just-linked", rss: 8, privateDirty: 8),    // dirty in the page cache only
            Self.mapping("10000-11000", "rw-p", inode: "0", path: "[heap]", rss: 4, anonymous: 4),
            Self.mapping("11000-12000", "r-xp", inode: "0", path: "", rss: 4),                             // anonymous code
        ].joined()
        #expect(IdlePages.releasable(smaps: smaps) == [
            .init(start: 0x1000, end: 0x3000, residentKiB: 8),
            .init(start: 0x3000, end: 0x9000, residentKiB: 24),
            .init(start: 0xf000, end: 0x10000, residentKiB: 4),
            .init(start: 0x12000, end: 0x14000, residentKiB: 8),
        ])
    }

    @Test func nothingIsReleasableInTextThatIsNotSmaps() {
        #expect(IdlePages.releasable(smaps: "").isEmpty)
        #expect(IdlePages.releasable(smaps: "garbage\n\u{0}\u{1}\nRss: 12 kB\n").isEmpty)
    }

    /// This test process's own pages: released, its code runs on (mapped again from the page
    /// cache), and its data is untouched.
    @Test func releasingTheRealProcessKeepsItsDataAndItsCodeRunning() throws {
        let before = try IdlePages.releasable(smaps: String(decoding: Files.read("/proc/self/smaps"), as: UTF8.self))
        #expect(!before.isEmpty)
        var written = [Int](repeating: 7, count: 10_000)
        written[9_999] = 42
        #expect(IdlePages.release() > 0)
        #expect(written.reduce(0, +) == 7 * 9_999 + 42)
        #expect(String(describing: written.count) == "10000")
    }
}
