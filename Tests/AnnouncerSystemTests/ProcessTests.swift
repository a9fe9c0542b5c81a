import AnnouncerSystem
import Glibc
import Testing

/// waitpid's status read once (`WaitStatus`), for every child: spawned, in a pseudo-terminal, or
/// run to its end by `Subprocess`.
@Suite struct ProcessTests {
    @Test(arguments: [
        (Int32(0), WaitStatus.exited(0)), (0x0100, .exited(1)), (0xff00, .exited(255)),
        (9, .signalled(9)), (0x8b, .signalled(11)),  // 0x80: a core was dumped
    ])
    func statusWords(_ raw: Int32, _ status: WaitStatus) {
        #expect(WaitStatus(rawValue: raw) == status)
    }

    @Test func shellStatusAndWords() {
        #expect(WaitStatus.exited(3).shellStatus == 3)
        #expect(WaitStatus.signalled(9).shellStatus == 137)
        #expect(WaitStatus.exited(3).description == "status 3")
        #expect(WaitStatus.signalled(11).description == "signal 11, Segmentation fault")
    }

    @Test(arguments: [("exit 3", WaitStatus.exited(3)), ("kill -9 $$", .signalled(9))])
    func realChildren(_ script: String, _ ending: WaitStatus) throws {
        #expect(try ChildProcess.spawn("/bin/sh", arguments: ["sh", "-c", script]).wait() == ending)
        #expect(try Subprocess.run("/bin/sh", ["-c", script]).status == ending.shellStatus)
    }

    /// The test runner may block SIGTERM; a child spawned with the default mask hears it.
    @Test func aSignalledChild() throws {
        let child = try ChildProcess.spawn("/bin/sleep", arguments: ["sleep", "5"], defaultSignalMask: true)
        #expect(try child.wait(atMost: .milliseconds(50)) == nil)
        try child.send(.terminate)
        #expect(try child.wait() == .signalled(SIGTERM))
    }

    @Test func aChildThatRunsOnIsNotWaitedForPastTheLimit() throws {
        let child = try ChildProcess.spawn("/bin/sleep", arguments: ["sleep", "5"])
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try child.wait(atMost: .milliseconds(100)) == nil)
        #expect(clock.now - start < .seconds(2))
        try child.send(.kill)
        #expect(try child.wait() == .signalled(SIGKILL))
    }

    /// The terminal door: only EIO on the controlling end is the program's hang-up.
    @Test func aPseudoTerminalHangsUpWithEIOAndOtherErrorsAreThrown() throws {
        let terminal = try PseudoTerminal.spawn(["/bin/sh", "-c", "printf hi"], rows: 24, columns: 80)
        var buffer = [UInt8](repeating: 0, count: 256)
        var output: [UInt8] = []
        var ending: PseudoTerminal.Output?
        while ending == nil {
            switch try terminal.read(into: &buffer) {
            case .bytes(let count): output += buffer[0..<count]
            case .wouldBlock: _ = try terminal.controller.wait(for: .readable, timeoutMilliseconds: 1000)
            case .hungUp: ending = .hungUp
            }
        }
        #expect(String(decoding: output, as: UTF8.self) == "hi")
        #expect(try terminal.ended(waiting: true) == .exited(0))
        // Any other error is thrown: the controlling end's number made a directory's (a read
        // there fails with EISDIR). Not a closed descriptor's EBADF: in a process whose other
        // tests open files meanwhile, the number could be taken again before the read.
        let directory = open("/", O_RDONLY | O_DIRECTORY)
        #expect(directory >= 0)
        #expect(dup2(directory, terminal.controller.rawValue) == terminal.controller.rawValue)
        close(directory)
        #expect(throws: Errno(code: EISDIR)) { try terminal.read(into: &buffer) }
        terminal.controller.close()
    }

    /// A signal's handler only writes its number to a pipe; the loop reads it there.
    @Test func signalsArriveAsBytesOnAPipe() throws {
        let pipe = try SignalPipe([.windowChanged])
        #expect(pipe.take() == [])
        Signal.unblock([.windowChanged])
        raise(SIGWINCH)
        raise(SIGWINCH)
        #expect(try pipe.descriptor.wait(for: .readable, timeoutMilliseconds: 1000) == .readable)
        #expect(pipe.take() == [.windowChanged, .windowChanged])
    }

    @Test(arguments: [
        (Duration.zero, Int32(0)), (.microseconds(1), 1), (.milliseconds(1500), 1500), (.nanoseconds(1_000_001), 2),
        (.seconds(-1), 0), (.seconds(Int64.max / 2), .max),
    ])
    func pollTimeouts(_ duration: Duration, _ milliseconds: Int32) {
        #expect(duration.pollTimeout == milliseconds)
    }
}
