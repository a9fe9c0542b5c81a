import Testing
import AnnouncerTestSupport

/// Foundation only where it earns its place (docs/design.md §10): the daemon, its speech worker and the
/// clients link neither Foundation nor its ICU data; only the worker links espeak-ng and the
/// sound server's library.
@Suite struct LeanBinaryTests {
    @Test(arguments: ["announcerd", "announcer-speech-worker", "announce", "shape-shuffle"])
    func linksNoFoundation(executable: String) throws {
        let linked = try runTool("/usr/bin/ldd", [binary(executable)])
        #expect(linked.status == 0)
        #expect(linked.stdout.contains("libc.so"))
        for library in ["libFoundation.so", "lib_FoundationICU.so", "libFoundationEssentials.so", "libFoundationInternationalization.so"] {
            #expect(!linked.stdout.contains(library), "\(executable) links \(library)")
        }
    }

    @Test(arguments: ["announcerd", "announce"])
    func onlyTheWorkerLinksTheSynthesizer(executable: String) throws {
        let linked = try runTool("/usr/bin/ldd", [binary(executable)]).stdout
        #expect(!linked.contains("libespeak-ng"))
        #expect(!linked.contains("libpulse"))
        let worker = try runTool("/usr/bin/ldd", [binary("announcer-speech-worker")]).stdout
        #expect(worker.contains("libespeak-ng") && worker.contains("libpulse-simple"))
    }
}
