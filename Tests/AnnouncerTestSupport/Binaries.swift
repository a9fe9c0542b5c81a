import Foundation

/// The project's root, found from this file so that tests never depend on the working directory.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A built executable of the package: beside the test bundle in the build's products directory
/// (or up to two directories above it), else the debug build in `.build`. `$ANNOUNCE_BIN` names
/// another `announce` (an installed one, to test the package).
public func binary(_ name: String) -> String {
    if name == "announce", let explicit = ProcessInfo.processInfo.environment["ANNOUNCE_BIN"] { return explicit }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory.deleteLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/\(name)").path
}

/// Writes the built executables' pages to disk (fsync). A program file just linked, whose pages
/// are still dirty in the page cache, is mapped again at once when a process gives its pages
/// back (IdlePages); an installed one (dpkg syncs what it unpacks) is not. The tests of the
/// idle trim run the programs as installed.
public func writeBack(_ names: [String]) {
    for name in names {
        let fd = open(binary(name), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { continue }
        fsync(fd)
        close(fd)
    }
}
