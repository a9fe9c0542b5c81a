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
