import AnnouncerSystem
import AnnouncerTestSupport
import Foundation
import Testing

/// An idle daemon and its speech worker wake zero times a second: no heartbeat, no watchdog,
/// no poll on a beat (a laptop pays for every wake-up). Each wakes only for a client, an
/// utterance, or once for the idle trim 5 s after the last of them. So does a daemon whose
/// braille is `auto` with no BRLTTY, and `announce term` with a shell at its prompt.
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
        let pid = daemon.pid
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

    /// The threads of `pid` that switched between two readings: none, for a process that slept.
    static func woken(_ pid: Int32, during seconds: Double) -> (before: [String: Int], after: [String: Int], woken: [String]) {
        let before = contextSwitches(pid)
        Thread.sleep(forTimeInterval: seconds)
        let after = contextSwitches(pid)
        return (before, after, after.filter { before[$0.key] != $0.value }.map(\.key).sorted())
    }

    /// The threads' names (`/proc/PID/task/*/comm`).
    static func threadNames(_ pid: Int32) -> [String] {
        ((try? Files.list("/proc/\(pid)/task")) ?? []).compactMap { task in
            ((try? Files.readText("/proc/\(pid)/task/\(task)/comm")) ?? nil)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// `braille = auto` and no BRLTTY: the braille thread waits on BRLTTY's socket directory
    /// (inotify), never on a timer. announcerd runs in a mount namespace of its own with an
    /// empty directory there, so that the BRLTTYs other tests start and stop beside this one
    /// cannot wake it.
    @Test(.disabled(if: underSanitizer, "a sanitizer's runtime has threads of its own that wake"),
          .disabled(if: getuid() != 0, "a mount namespace of its own needs root (CI runs as root)"))
    func anIdleDaemonWithBrailleAutoAndNoBRLTTYNeverWakes() throws {
        let private_ = ["/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
                        "mkdir -p /var/lib/BrlAPI && mount -t tmpfs brlapi /var/lib/BrlAPI && exec \"$0\" \"$@\""]
        let daemon = try DaemonProcess(arguments: ["--sink", "null"], config: "braille = auto\n", environment: ["BRLAPI_HOST": ""], wrapper: private_)
        #expect(try runTool(binary("announce"), ["say", "one utterance", "--wait", "--socket", daemon.socket]).status == 0)
        let pid = daemon.pid
        #expect(Self.threadNames(pid).contains("braille"), "no braille thread in \(Self.threadNames(pid))")
        // Past the idle trim and libdispatch's retiring of its threads, as above.
        Thread.sleep(forTimeInterval: 12)
        let quiet = Self.woken(pid, during: 3)
        #expect(!quiet.before.isEmpty)
        #expect(quiet.woken.isEmpty, "announcerd woke while idle with braille = auto: \(quiet.before) → \(quiet.after) context switches by thread")
    }

    /// `announce term` with a shell at its prompt sleeps until the shell writes, a key comes or
    /// the shell ends (SIGCHLD through its signal pipe), never on a beat.
    @Test(.disabled(if: underSanitizer, "a sanitizer's runtime has threads of its own that wake"))
    func announceTermWithAShellAtItsPromptNeverWakes() throws {
        let daemon = try DaemonProcess(arguments: ["--sink", "text:instant"])
        let term = Process()
        term.executableURL = URL(fileURLWithPath: binary("announce"))
        term.arguments = ["term", "--socket", daemon.socket, "--", "/bin/sh", "-i"]
        term.environment = ProcessInfo.processInfo.environment.merging(["PS1": "ready> ", "ENV": "/dev/null"]) { $1 }
        let keys = Pipe()
        term.standardInput = keys
        term.standardOutput = FileHandle.nullDevice
        term.standardError = FileHandle.nullDevice
        try term.run()
        defer {
            try? keys.fileHandleForWriting.close()
            if term.isRunning { kill(term.processIdentifier, SIGKILL) }
            term.waitUntilExit()
        }
        try daemon.waitForOutput("ready>")
        // The prompt said and its echo settled: then nothing is due.
        Thread.sleep(forTimeInterval: 2)
        let quiet = Self.woken(term.processIdentifier, during: 3)
        #expect(!quiet.before.isEmpty)
        #expect(quiet.woken.isEmpty, "announce term woke at a quiet prompt: \(quiet.before) → \(quiet.after) context switches by thread")
        // And it still hears the shell, and its end.
        keys.fileHandleForWriting.write(Data("exit\n".utf8))
        try daemon.waitForOutput("exited 0")
    }
}
