import Glibc

/// The user's terminal in raw mode, and back: its settings are saved before and put back by
/// `restore` (call it on every way out; a signal that ends the program is heard through a
/// `SignalPipe` by the program's loop, which restores and exits).
public enum RawMode {
    /// On the heap, with room to spare: under AddressSanitizer, tcgetattr writes the 60 bytes
    /// of the kernel's termios, past the end of the global the compiler laid out for it.
    nonisolated(unsafe) private static let saved = newTermios()  // Safe: entered once before the program starts its threads; restored by its loop or at exit, one after the other.
    nonisolated(unsafe) private static let raw = newTermios()  // Safe: the same thread only.
    nonisolated(unsafe) private static var isRaw = false  // Safe: the same thread only.
    nonisolated(unsafe) private static var newlineOnRestore = true  // Safe: the same thread only.

    private static func newTermios() -> UnsafeMutablePointer<termios> {
        let size = max(MemoryLayout<termios>.stride, 64)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        return bytes.bindMemory(to: termios.self, capacity: 1)
    }

    /// Raw mode on standard input. `transparent`: every byte passes both ways unchanged (`announce
    /// term`, whose program's own terminal does the output processing); otherwise "\n" still
    /// becomes "\r\n" for what this program prints, and a line break ends its output on restore.
    public static func enter(transparent: Bool = false) throws(Errno) {
        try SystemCall.retrying("tcgetattr") { tcgetattr(0, saved) }
        raw.pointee = saved.pointee
        cfmakeraw(raw)
        if !transparent { raw.pointee.c_oflag |= tcflag_t(OPOST) }
        newlineOnRestore = !transparent
        try SystemCall.retrying("tcsetattr") { tcsetattr(0, TCSAFLUSH, raw) }
        isRaw = true
        atexit { RawMode.restore() }
    }

    /// The settings as they were; does nothing when raw mode is not on.
    public static func restore() {
        guard isRaw else { return }
        isRaw = false
        _ = try? SystemCall.retrying("tcsetattr") { tcsetattr(0, TCSAFLUSH, saved) }
        if newlineOnRestore { Console.write("\r\n", to: .standardOutput) }
    }
}
