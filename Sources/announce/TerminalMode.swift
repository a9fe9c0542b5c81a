import AnnouncerSystem
import Glibc

/// The tty's settings, saved before raw mode and put back on every way out (a normal exit,
/// SIGTERM, SIGHUP, SIGQUIT).
enum Terminal {
    /// On the heap, with room to spare: under AddressSanitizer, tcgetattr writes the 60 bytes
    /// of the kernel's termios, past the end of the global the compiler laid out for it.
    nonisolated(unsafe) private static let saved = newTermios()
    nonisolated(unsafe) private static let raw = newTermios()

    private static func newTermios() -> UnsafeMutablePointer<termios> {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(MemoryLayout<termios>.stride, 64), alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(MemoryLayout<termios>.stride, 64))
        return bytes.bindMemory(to: termios.self, capacity: 1)
    }
    nonisolated(unsafe) private static var isRaw = false
    nonisolated(unsafe) private static var newlineOnRestore = true

    /// Raw mode. `transparent`: every byte passes both ways unchanged (`announce term`, whose
    /// program's own terminal does the output processing); otherwise "\n" still becomes
    /// "\r\n" for what this program prints, and a line break ends its output on restore.
    static func enterRawMode(transparent: Bool = false) {
        tcgetattr(0, saved)
        raw.pointee = saved.pointee
        cfmakeraw(raw)
        if !transparent { raw.pointee.c_oflag |= tcflag_t(OPOST) }
        newlineOnRestore = !transparent
        tcsetattr(0, TCSAFLUSH, raw)
        isRaw = true
        for number in [SIGTERM, SIGHUP, SIGQUIT] {
            signal(number) { number in
                Terminal.restore()
                _exit(128 + number)
            }
        }
        atexit { Terminal.restore() }
    }

    /// Lets `signals` in: a program started by one that blocks them (a test runner, some
    /// launchers) inherits the block, and would never hear SIGWINCH or SIGTERM.
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    static func restore() {
        guard isRaw else { return }
        isRaw = false
        tcsetattr(0, TCSAFLUSH, saved)
        if newlineOnRestore { Console.write("\r\n", to: .standardOutput) }
    }
}
