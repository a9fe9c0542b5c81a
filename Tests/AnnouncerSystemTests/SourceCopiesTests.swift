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
}
