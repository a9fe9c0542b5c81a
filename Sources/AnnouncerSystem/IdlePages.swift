import CAnnouncerSystem
import Glibc

/// The pages a process can give back when it is idle and take again for the price of a minor
/// fault. First, the resident pages of its program and libraries: of its private, read-only file
/// mappings that hold nothing of the process's own (code, constants, the Swift runtime's
/// metadata). Dropping them from the page tables (`MADV_DONTNEED`) leaves them in the kernel's
/// page cache, shared and reclaimable; the next access maps them again from there. A mapping
/// that holds anything written (copy-on-write pages, relocated data, pages in swap) is never
/// touched: for a private mapping that would bring back the file's bytes. Second, the free
/// pages of its heap (`malloc_trim`), which the allocator otherwise keeps for the next request.
public enum IdlePages {
    /// One mapping to release: its addresses, and how much of it was resident (KiB).
    public struct Region: Equatable, Sendable {
        public var start: UInt
        public var end: UInt
        public var residentKiB: Int

        public init(start: UInt, end: UInt, residentKiB: Int) {
            self.start = start
            self.end = end
            self.residentKiB = residentKiB
        }
    }

    /// The mappings of an smaps text (`/proc/self/smaps`) that may be released: private, not
    /// writable, backed by a file (not the kernel's [vdso] and the like), with resident pages,
    /// and with no anonymous or swapped-out page (none written by the process). Pure.
    public static func releasable(smaps: String) -> [Region] {
        var regions: [Region] = []
        var current: (region: Region, eligible: Bool)?
        func close() {
            if let (region, eligible) = current, eligible, region.residentKiB > 0 { regions.append(region) }
            current = nil
        }
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: "-"), fields.count >= 5,
               let start = UInt(first[..<dash], radix: 16), let end = UInt(first[first.index(after: dash)...], radix: 16) {
                close()
                let permissions = Array(fields[1].utf8)
                let inode = fields[4]
                let path = fields.count > 5 ? fields[5] : ""
                let eligible = permissions.count == 4 && permissions[1] != UInt8(ascii: "w") && permissions[3] == UInt8(ascii: "p")
                    && inode != "0" && path.hasPrefix("/")
                current = (Region(start: start, end: end, residentKiB: 0), eligible)
                continue
            }
            guard current != nil, fields.count >= 2, let kib = Int(fields[1]) else { continue }
            switch first {
            case "Rss:": current!.region.residentKiB = kib
            // A page written in a private mapping is anonymous (or, swapped out, in swap). A
            // file's page that is merely dirty in the page cache (the file was just written,
            // and not yet written back) is the file's: it counts as dirty, and may go.
            case "Anonymous:", "Swap:": if kib > 0 { current!.eligible = false }
            default: break
            }
        }
        close()
        return regions
    }

    /// One heap for all the process's threads (glibc's M_ARENA_MAX = 1), so that the free pages
    /// `release` gives back are not spread over an arena for each thread. Call first thing in
    /// `main`, before any thread starts.
    public static func useOneHeap() {
        _ = announcer_use_one_heap_arena()
    }

    /// Gives back this process's releasable program pages, then its free heap pages (the
    /// reading of /proc/self/smaps among them); returns how many KiB of the former were
    /// resident. No program page is released (and 0 returned) when smaps cannot be read.
    @discardableResult
    public static func release() -> Int {
        let released = releaseProgramPages()
        _ = announcer_release_free_heap()
        return released
    }

    private static func releaseProgramPages() -> Int {
        guard let bytes = try? Files.read("/proc/self/smaps") else { return 0 }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var released = 0
        for region in releasable(smaps: smaps) {
            guard let address = UnsafeMutableRawPointer(bitPattern: region.start) else { continue }
            if madvise(address, Int(region.end - region.start), MADV_DONTNEED) == 0 { released += region.residentKiB }
        }
        return released
    }
}
