import AnnouncerSystem
import AnnouncerTestSupport
import Testing

/// One path per behaviour: a source file that stands again, letter for letter, under the same
/// name in another module is a copy that will drift; what two modules share belongs in one
/// module both import (as `configurationSources` in AnnouncerConfiguration).
@Suite struct SourceCopiesTests {
    @Test func noSourceFileIsCopiedIntoAnotherModule() throws {
        var byName: [String: [String]] = [:]
        for path in try SourceScan.swiftFiles(under: ["Sources"]) {
            byName[Path.lastComponent(of: path), default: []].append(packageRoot.path + "/" + path)
        }
        #expect(byName.count > 100, "the scan found too few files to be a scan of Sources")
        for (name, paths) in byName where paths.count > 1 {
            let texts = try paths.map { try Files.read($0) }
            for first in texts.indices {
                for second in texts.indices where second > first && texts[first] == texts[second] {
                    Issue.record("\(name): \(paths[first]) and \(paths[second]) are the same file")
                }
            }
        }
    }

    /// One headless desktop: only the Python kit's (clients/python/announcer/testing/headless/)
    /// starts a display or the accessibility bus; the Swift suite's session script, bench/ and
    /// the kit's `Desktop` all run in it. Every file of the repository's code, tests, benchmarks
    /// and scripts is read for what starts them (Xvfb's `-displayfd`, the bus launcher's
    /// `--launch-immediately`, `dbus-run-session`, `xvfb-run`), outside comments.
    @Test func theHeadlessDesktopIsStartedInOnePlace() throws {
        let starts = ["-displayfd", "--launch-immediately", "dbus-run-session", "xvfb-run"]
        let files = try SourceScan.files(under: ["Sources", "Tests", "bench", "clients", "scripts", "examples", ".ci"])
        #expect(files.count > 300, "the scan found too few files to be a scan of the repository")
        var starting: Set<String> = []
        // This file names them, to look for them.
        for file in files where file != "Tests/AnnouncerSystemTests/SourceCopiesTests.swift" {
            guard let text = try? SourceScan.text(file) else { continue }
            for line in text.split(separator: "\n") {
                let code = line.drop { $0 == " " }
                if code.hasPrefix("#") || code.hasPrefix("//") || code.hasPrefix("///") { continue }
                if starts.contains(where: { code.contains($0) }) { starting.insert(file) }
            }
        }
        #expect(starting == ["clients/python/announcer/testing/headless/__init__.py"])
    }
}
