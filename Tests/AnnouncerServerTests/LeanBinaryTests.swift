import Testing

/// Foundation only where it earns its place (DESIGN §10): the daemon (which is also its speech
/// worker) and the client link neither Foundation nor its ICU data.
@Suite struct LeanBinaryTests {
    @Test(arguments: ["announcerd", "announce", "shape-shuffle"])
    func linksNoFoundation(executable: String) throws {
        let linked = try runTool("/usr/bin/ldd", [binary(executable)])
        #expect(linked.status == 0)
        #expect(linked.stdout.contains("libc.so"))
        for library in ["libFoundation.so", "lib_FoundationICU.so", "libFoundationEssentials.so", "libFoundationInternationalization.so"] {
            #expect(!linked.stdout.contains(library), "\(executable) links \(library)")
        }
    }
}
