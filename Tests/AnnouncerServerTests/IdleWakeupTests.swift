import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// An idle daemon and its speech worker wake zero times a second: no heartbeat, no watchdog,
/// no poll on a beat (a laptop pays for every wake-up). Each wakes only for a client, an
/// utterance, or once for the idle trim 5 s after the last of them.
@Suite struct IdleWakeupTests {
    /// Every context switch of every thread of a process so far (`voluntary_ctxt_switches` and
    /// `nonvoluntary_ctxt_switches` of /proc/PID/task/*/status): a thread that is woken and
    /// sleeps again adds one.
    static func contextSwitches(_ pid: Int32) -> [String: Int] {
        var switches: [String: Int] = [:]
        for task in (try? Files.list("/proc/\(pid)/task")) ?? [] {
            let status = ((try? Files.readText("/proc/\(pid)/task/\(task)/status")) ?? nil) ?? ""
            switches[task] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
        return switches
    }

    @Test(.disabled(if: underSanitizer, "a sanitizer's runtime has threads of its own that wake"))
    func anIdleDaemonAndItsWorkerNeverWake() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "null"])
        #expect(try runTool(binary("announce"), ["say", "one utterance", "--wait", "--socket", daemon.socket]).status == 0)
        let pid = daemon.process.processIdentifier
        let worker = try #require(LeanBinaryTests.children(of: pid).first, "announcerd started no speech worker")
        // Past the idle trim (5 s after the last utterance) and past the 5 s after it in which
        // libdispatch retires the threads the trim used, with room for a loaded machine: the
        // quiet being measured is itself a time, so here, and only here, the test sleeps.
        Thread.sleep(forTimeInterval: 12)
        let before = (daemon: Self.contextSwitches(pid), worker: Self.contextSwitches(worker))
        Thread.sleep(forTimeInterval: 3)
        let after = (daemon: Self.contextSwitches(pid), worker: Self.contextSwitches(worker))
        #expect(!before.daemon.isEmpty && !before.worker.isEmpty)
        // A thread that is there both times has not switched once; none has been started.
        #expect(after.daemon.filter { before.daemon[$0.key] != $0.value }.isEmpty,
                "announcerd woke while idle: \(before.daemon) → \(after.daemon) context switches by thread")
        #expect(after.worker.filter { before.worker[$0.key] != $0.value }.isEmpty,
                "the speech worker woke while idle: \(before.worker) → \(after.worker) context switches by thread")
        // And it still speaks, through the same worker.
        #expect(try runTool(binary("announce"), ["say", "again", "--wait", "--socket", daemon.socket]).status == 0)
        #expect(LeanBinaryTests.children(of: pid) == [worker], "the worker was restarted")
    }
}
