import Foundation
import Testing
import AnnouncerTestSupport

/// docs/testing.md shows its examples as they are in the repository, and the shell example
/// passes (the pytest one runs in scripts/python-test, the Swift one in the Swift suite).
@Suite struct TestingGuideTests {
    @Test func theGuideShowsEachExampleFileAsItIs() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let parts = guide.components(separatedBy: "<!-- file: ").dropFirst()
        #expect(parts.count == 20)
        for part in parts {
            let path = String(part.prefix { $0 != " " })
            let afterFence = part.components(separatedBy: "```").dropFirst().first ?? ""
            let shown = afterFence.drop { $0 != "\n" }.dropFirst()
            let file = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(String(shown) == file, "docs/testing.md shows \(path) differently")
        }
    }

    /// The shell examples pass: the dialog's walk, and the curses menu under announce term
    /// (with a private announcerd, since none answers here).
    @Test(arguments: ["examples/testing/dialog.sh", "examples/testing/terminal/menu.sh"])
    func theShellExamplePasses(_ script: String) throws {
        let bin = URL(fileURLWithPath: announceBinary).deletingLastPathComponent().path
        let result = try run("/bin/sh", [packageRoot.appendingPathComponent(script).path],
                             environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                                           "ANNOUNCER_SOCKET": "/nonexistent/announcer/socket"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "")
    }
}
