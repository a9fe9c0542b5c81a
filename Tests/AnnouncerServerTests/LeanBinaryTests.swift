import Testing
import AnnouncerSystem
import AnnouncerTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Foundation only where it earns its place (docs/design.md §10): the daemon, its speech worker and the
/// clients link neither Foundation nor its ICU data; only the worker links espeak-ng and the
/// sound server's library.
@Suite struct LeanBinaryTests {
    @Test(arguments: ["announcerd", "announcer-speech-worker", "announce", "shape-shuffle"])
    func linksNoFoundation(executable: String) throws {
        let linked = try runTool("/usr/bin/ldd", [binary(executable)])
        #expect(linked.status == 0)
        #expect(linked.stdout.contains("libc.so"))
        for library in ["libFoundation.so", "lib_FoundationICU.so", "libFoundationEssentials.so", "libFoundationInternationalization.so"] {
            #expect(!linked.stdout.contains(library), "\(executable) links \(library)")
        }
    }

    @Test(arguments: ["announcerd", "announce"])
    func onlyTheWorkerLinksTheSynthesizer(executable: String) throws {
        let linked = try runTool("/usr/bin/ldd", [binary(executable)]).stdout
        #expect(!linked.contains("libespeak-ng"))
        #expect(!linked.contains("libpulse"))
        let worker = try runTool("/usr/bin/ldd", [binary("announcer-speech-worker")]).stdout
        #expect(worker.contains("libespeak-ng") && worker.contains("libpulse-simple"))
    }

    /// Idle, the daemon and its worker give back the pages of their programs they are not using
    /// (IdlePages, after IdleTrim's quiet spell), and still speak after it.
    @Test(.disabled(if: underSanitizer, "a sanitizer's runtime keeps its own pages: what the program gives back says nothing there"))
    func theDaemonAndItsWorkerGiveBackTheirProgramsPagesWhenIdle() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "null"])
        let said = try runTool(binary("announce"), ["say", "one utterance", "--wait", "--socket", daemon.socket])
        #expect(said.status == 0)
        let pid = daemon.pid
        let worker = try #require(Self.children(of: pid).first, "announcerd started no speech worker")
        let busy = (daemon: Self.releasableKiB(pid), worker: Self.releasableKiB(worker))
        #expect(busy.daemon > 0 && busy.worker > 0)
        // Five seconds of quiet, and a deadline well beyond it for a loaded machine.
        var idle = busy
        for _ in 0..<300 where idle.daemon * 4 > busy.daemon || idle.worker * 4 > busy.worker {
            usleep(100_000)
            idle = (Self.releasableKiB(pid), Self.releasableKiB(worker))
        }
        #expect(idle.daemon * 4 <= busy.daemon, "announcerd kept \(idle.daemon) of \(busy.daemon) KiB of its program's pages")
        #expect(idle.worker * 4 <= busy.worker, "the worker kept \(idle.worker) of \(busy.worker) KiB of its program's pages")
        #expect(try runTool(binary("announce"), ["say", "again", "--wait", "--socket", daemon.socket]).status == 0)
        #expect(Self.children(of: pid) == [worker], "the worker was restarted")
    }

    /// The resident KiB a process could give back (the rule the trim itself uses).
    static func releasableKiB(_ pid: Int32) -> Int {
        guard let smaps = try? Files.read("/proc/\(pid)/smaps") else { return 0 }
        return IdlePages.releasable(smaps: String(decoding: smaps, as: UTF8.self)).reduce(0) { $0 + $1.residentKiB }
    }

    static func children(of pid: Int32) -> [Int32] {
        guard let tasks = try? Files.list("/proc/\(pid)/task") else { return [] }
        return tasks.flatMap { task in
            ((try? Files.readText("/proc/\(pid)/task/\(task)/children")) ?? nil)?.split(separator: " ").compactMap { Int32($0) } ?? []
        }
    }
}
