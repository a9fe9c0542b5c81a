import AnnouncerBraille
import Testing

/// Where the braille thread waits for BRLTTY while it is away: the local BrlAPI socket
/// directory for a local host (BRLAPI_HOST unset, empty or `:N`), none for another machine's.
@Suite struct BrlAPISocketDirectoryTests {
    @Test(arguments: [
        ([:], "/var/lib/BrlAPI"),
        (["BRLAPI_HOST": ""], "/var/lib/BrlAPI"),
        (["BRLAPI_HOST": ":3"], "/var/lib/BrlAPI"),
        (["BRLAPI_HOST": "braille.local:1"], nil),
    ] as [([String: String], String?)])
    func theDirectoryWatchedIsTheLocalHosts(_ environment: [String: String], _ directory: String?) {
        #expect(BrlAPIDisplay.socketDirectory(environment) == directory)
    }
}
