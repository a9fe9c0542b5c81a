import AnnouncerTestSupport
import Foundation

/// One headless desktop session: `Tests/fixtures/desktop/session.sh` runs itself in the Python
/// kit's headless desktop (`python3 -m announcer.testing.headless`: Xvfb, the session bus, the
/// AT-SPI bus, announcerd on the text sink and the bridge; or Orca), starts the application,
/// presses real keys with xdotool, and prints what was spoken. The result
/// is the spoken text of the `SPEAK` lines of the given kinds, in order. A window's title
/// (`window` lines) is left out unless asked for: without a window manager, whether
/// `window:activate` comes before the first focus depends on timing. `app` is a fixture file,
/// or a command line whose first word is one (browser.sh chromium page.html). With `mark` among
/// the kinds, the session's marks (`MARK stop 1`) are there too, in their place; with `finished`,
/// each utterance's end as `finished STATUS` (`finished interrupted`); with `language`, each
/// stretch said in another language's voice is marked in the text, «fr:Bonjour», and a text all
/// in one is «fr:…» whole. `environment` is given to the whole session (`LANG`: the user's locale).
func desktopSession(_ app: String, reader: String = binary("announcer-atspi"), keys: [String],
                    kinds: Set<String> = ["focus", "echo", "default", "high", "message"],
                    environment: [String: String] = [:]) async throws -> [String] {
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
    // How long the keys may take: 110 s, and 4 s more for each key past 20 (a loaded machine
    // answers a browser's key in seconds), counted once the application is up; its start has at
    // most 150 s (session.sh's APP_START_SECONDS), the desktop's start and the end 40 s more.
    let pressed = keys.filter { !["wait:", "timed:", "seen:"].contains(where: $0.hasPrefix) }.count
    let budget = 110 + 4 * max(0, pressed - 20)
    // English unless the test names a locale: the machine's own language never changes what is heard.
    let locale = ["LANG": "C.UTF-8"].merging(environment) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let text = try await sessionOutput(["env", "-u", "LC_ALL", "-u", "LC_MESSAGES", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)/.config",
                                        "XDG_CACHE_HOME=\(home)/.cache", "SESSION_SECONDS=\(budget)"] + locale
                                       + [script, binary("announcerd"), reader, fixture] + keys,
                                       seconds: budget + 150 + 40)
    // LANGUAGE lines: each utterance's voices other than the user's.
    var languages: [Substring: [(tag: Substring, offset: Int?, count: Int?)]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("LANGUAGE ") {
        let parts = line.split(separator: " ")
        guard parts.count >= 3 else { continue }
        languages[parts[1], default: []].append((parts[2], parts.count == 5 ? Int(parts[3]) : nil, parts.count == 5 ? Int(parts[4]) : nil))
    }
    return text.split(separator: "\n").compactMap { line -> String? in
        // Keys left unpressed, and an application that never came up, are always said: the
        // expectation then shows where the session went wrong.
        if line.hasPrefix("MARK out of time") || line.hasPrefix("MARK application") || line.hasPrefix("MARK not up") { return String(line) }
        if line.hasPrefix("MARK ") { return kinds.contains("mark") ? String(line) : nil }
        if line.hasPrefix("FINISHED ") { return kinds.contains("finished") ? "finished " + (line.split(separator: " ").last ?? "") : nil }
        let parts = line.split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0] == "SPEAK" else { return nil }
        guard kinds.contains(String(parts[1])) else { return nil }
        guard kinds.contains("language"), let spans = languages[parts[2]] else { return String(parts[3]) }
        var characters = Array(parts[3]).map(String.init)
        for span in spans.reversed() {
            guard let offset = span.offset, let count = span.count, offset + count <= characters.count else {
                characters = ["«\(span.tag):"] + characters + ["»"]
                continue
            }
            characters.insert("»", at: offset + count)
            characters.insert("«\(span.tag):", at: offset)
        }
        return characters.joined()
    }
}

/// Keys, each with what it should make said: the session's keys, each followed by a wait for
/// the last of its lines (the whole `SPEAK` line) (so that a loaded machine, where key events bunch up behind a slow
/// walk of a tree, presses the next key only once the answer has come), and every line expected,
/// in order.
func keysAndSpeech(_ steps: [(key: String, said: [String])]) -> (keys: [String], said: [String]) {
    let special = Set("\\.[]()*+?{}|^$")
    let keys = steps.flatMap { step -> [String] in
        guard let last = step.said.last else { return [step.key] }
        let pattern = last.map { special.contains($0) ? "\\\($0)" : String($0) }.joined()
        return [step.key, "wait:^SPEAK [a-z]+ [0-9]+ \(pattern)$"]
    }
    return (keys, steps.flatMap(\.said))
}
