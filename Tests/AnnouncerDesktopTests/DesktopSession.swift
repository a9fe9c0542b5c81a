import AnnouncerTestSupport
import Foundation

/// One headless desktop session: `Tests/fixtures/desktop/session.sh` starts Xvfb, the AT-SPI
/// bus, announcerd on the text sink, the bridge (or Orca) and the application inside
/// `dbus-run-session`, presses real keys with xdotool, and prints what was spoken. The result
/// is the spoken text of the `SPEAK` lines of the given kinds, in order. A window's title
/// (`window` lines) is left out unless asked for: without a window manager, whether
/// `window:activate` comes before the first focus depends on timing. `app` is a fixture file,
/// or a command line whose first word is one (browser.sh chromium page.html).
func desktopSession(_ app: String, reader: String = binary("announcer-atspi"), keys: [String],
                    kinds: Set<String> = ["focus", "echo", "default", "high", "message"]) throws -> [String] {
    let script = packageRoot.appendingPathComponent("Tests/fixtures/desktop/session.sh").path
    // The fixture and the files it is given (browser.sh's page), by their whole paths.
    let fixtures = packageRoot.appendingPathComponent("Tests/fixtures/desktop")
    let fixture = app.split(separator: " ").map { word in
        let path = fixtures.appendingPathComponent(String(word)).path
        return FileManager.default.fileExists(atPath: path) ? path : String(word)
    }.joined(separator: " ")
    // A home of its own, as on a fresh machine: what the session's desktop settings say (the
    // bridge turns accessibility on in them, as Orca does) is not the user's, nor left behind.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-home-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let text = try sessionOutput(["env", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)/.config", "XDG_CACHE_HOME=\(home)/.cache",
                                  "dbus-run-session", "--", script, binary("announcerd"), reader, fixture] + keys, seconds: 150)
    return text.split(separator: "\n").compactMap { line -> String? in
        let parts = line.split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0] == "SPEAK" else { return nil }
        return kinds.contains(String(parts[1])) ? String(parts[3]) : nil
    }
}
