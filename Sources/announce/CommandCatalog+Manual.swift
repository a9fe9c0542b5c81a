import AnnouncerSystem

/// The man pages (scripts/manpages): what each page says beyond its program's --help, and the
/// pages themselves, made from it and from the --help (announce's own commands from the
/// catalog; announcerd's and announcer-atspi's --help, and the default announcer.conf, given on
/// standard input).
extension CommandCatalog {
    static let socketFiles: [HelpText.Row] = [
        .init(term: "$XDG_RUNTIME_DIR/announcer/socket", text: "announcerd's socket, by default"),
        .init(term: "$HOME/.cache/announcer/socket", text: "its socket when XDG_RUNTIME_DIR is not set"),
        .init(term: "$XDG_CONFIG_HOME/announcer/announcer.conf", text: "the configuration (~/.config/announcer/announcer.conf), else the packaged default"),
        .init(term: "/usr/share/announcer", text: "the packaged default configuration and locales (or /usr/local/share/announcer, or $ANNOUNCER_DATA_DIR)"),
    ]

    static let socketEnvironment: [HelpText.Row] = [
        .init(term: "ANNOUNCER_SOCKET", text: "announcerd's socket, unless --socket is given"),
        .init(term: "XDG_RUNTIME_DIR", text: "where the default socket is; without it, $HOME/.cache"),
        .init(term: "HOME", text: "the last fallback of the socket's directory"),
    ]

    static let dataEnvironment: [HelpText.Row] = [
        .init(term: "XDG_CONFIG_HOME", text: "where the user's announcer.conf and locale tables are (default ~/.config)"),
        .init(term: "ANNOUNCER_DATA_DIR", text: "where the packaged configuration and locales are, instead of /usr/share/announcer"),
    ]

    /// The statuses both announce and announcerd end with over their arguments and files.
    static let fileExits: [(ExitStatus, String)] = [(.usage, "wrong usage"), (.noInput, "a file that cannot be read"),
                                                   (.config, "a bad configuration or locale table")]

    /// EXIT STATUS rows, in the order of the codes.
    static func exits(_ statuses: [(ExitStatus, String)]) -> [HelpText.Row] {
        statuses.sorted { $0.0.rawValue < $1.0.rawValue }.map { HelpText.Row(term: "\($0.0.rawValue)", text: $0.1) }
    }

    static let announcePage = ManualPage.Description(
        name: "announce", section: 1,
        summary: "say things through announcerd, drive its keyboard model, and test what a screen reader says",
        files: socketFiles, environment: socketEnvironment + dataEnvironment + [.init(term: "SHELL", text: "the program announce term runs when given none")],
        exitStatus: exits([(.success, "done"), (.failure, "not spoken to the end (--wait), or a snapshot that differs (compose --expect)"),
                           (.dataError, "a request refused (bad data)"), (.unavailable, "announcerd unavailable"),
                           (.temporaryFailure, "its queue is full (try again)")] + fileExits),
        examples: [
            .init(term: "Say something, and wait until it has been said:", text: "announce say --wait Build finished"),
            .init(term: "Speak each line of a growing log as it arrives:", text: "tail -f build.log | announce say -"),
            .init(term: "Speak an element as the new focus, then its hint:", text: "announce focus --label Play --traits button --hint \"Plays the song.\""),
            .init(term: "Check what a screen reader says against a snapshot:", text: "announce compose walk.jsonl --expect walk.expected"),
        ],
        seeAlso: ["announcerd(1)", "announcer-atspi(1)", "announcer.conf(5)"])

    static let announcerdPage = ManualPage.Description(
        name: "announcerd", section: 1,
        summary: "Announcer's speech daemon: VoiceOver's words for any program, spoken through espeak-ng",
        files: socketFiles, environment: socketEnvironment + dataEnvironment + [.init(term: "ANNOUNCER_ESPEAK_DATA", text: "another espeak-ng-data directory")],
        exitStatus: exits([(.success, "stopped cleanly (SIGTERM, SIGINT), or a checked file has no problem"),
                           (.dataError, "a checked or played file has bad lines"),
                           (.unavailable, "the socket cannot be served (another announcerd has it, or it cannot be made)"),
                           (.cannotCreate, "the session record (--record FILE) cannot be created")] + fileExits),
        examples: [
            .init(term: "Serve the default socket, speaking through the sound server:", text: "announcerd"),
            .init(term: "No audio: print each utterance as it would be spoken:", text: "announcerd --sink text"),
            .init(term: "Check a configuration file:", text: "announcerd --check-config ~/.config/announcer/announcer.conf"),
        ],
        seeAlso: ["announce(1)", "announcer-atspi(1)", "announcer.conf(5)"])

    static let atspiPage = ManualPage.Description(
        name: "announcer-atspi", section: 1,
        summary: "speaks desktop applications (GTK, Qt, web browsers) through announcerd, and reads their windows and web pages",
        environment: socketEnvironment,
        exitStatus: exits([(.success, "done"), (.usage, "wrong usage"), (.unavailable, "announcerd or the accessibility bus cannot be reached")]),
        examples: [
            .init(term: "Speak the desktop, words echoed as they are typed:", text: "announcer-atspi --typing-echo words &"),
            .init(term: "Hold CapsLock, not Insert, for the review keys:", text: "printf 'desktop.modifier = capslock\\n' >> ~/.config/announcer/announcer.conf"),
        ],
        seeAlso: ["announcerd(1)", "announce(1)"])

    static let configurationPage = ManualPage.Description(
        name: "announcer.conf", section: 5, summary: "Announcer's configuration",
        files: Array(socketFiles.dropFirst(2)), environment: dataEnvironment,
        examples: [.init(term: "Speak faster, with keyboard hints, and check the file:", text: "printf 'rate = 250\\nhint-style = keyboard\\n' > ~/.config/announcer/announcer.conf; announcerd --check-config ~/.config/announcer/announcer.conf")],
        seeAlso: ["announcerd(1)", "announce(1)"])

    /// The man page `name`; `input` is the program's --help (or, for announcer.conf, the default
    /// configuration file). Nil for a page that does not exist.
    static func manual(_ name: String, input: String) -> ManualPage? {
        switch name {
        case "announce": announceManual()
        case "announcerd": programManual(announcerdPage, help: input)
        case "announcer-atspi": programManual(atspiPage, help: input)
        case "announcer.conf": configurationManual(input)
        default: nil
        }
    }

    private static func programManual(_ description: ManualPage.Description, help: String) -> ManualPage {
        let text = HelpText(help)
        let body = ManualPage.body(text.blocks, optionsApart: true)
        return ManualPage(description: description, synopsis: ManualPage.synopsis(text.usages, bold: 1),
                          sections: [("DESCRIPTION", body.text), ("OPTIONS", body.options)].filter { !$0.1.isEmpty })
    }

    private static func announceManual() -> ManualPage {
        let forms = ["announce command [options]"] + commands.map { "announce " + $0.synopsis + " [options]" }
        var commandLines: [String] = []
        for command in commands {
            let help = HelpText(command.help)
            commandLines += [".SS \"announce \(command.name)\""] + ManualPage.synopsis(help.usages, bold: 2) + ManualPage.body(help.blocks).text
        }
        let description = [
            ".PP", ManualPage.escaped("announce is the command-line client of announcerd, Announcer's speech daemon, and its offline composer: compose says what a screen reader would say with no daemon at all. Each command has its own options; 'announce COMMAND --help' prints them."),
            ".PP", ManualPage.escaped(SocketPath.lookup.split(separator: "\n").joined(separator: " ")),
        ]
        return ManualPage(description: announcePage, synopsis: ManualPage.synopsis(forms, bold: 2),
                          sections: [("DESCRIPTION", description), ("COMMANDS", commandLines)])
    }

    /// announcer.conf(5) from the default file: its opening comment is the description; each
    /// setting, with its default, is described by the comment above it.
    private static func configurationManual(_ file: String) -> ManualPage {
        var description: [String] = [], settings: [String] = [], comment: [String] = []
        var opening = true
        for line in file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#") {
                comment.append(line.hasPrefix("# ") ? String(line.dropFirst(2)) : String(line.dropFirst()))
            } else if line.trimmed.isEmpty, opening, !comment.isEmpty {
                description = ManualPage.body(HelpText("\n" + comment.dropFirst().joined(separator: "\n")).blocks).text
                comment = []
                opening = false
            } else if !line.trimmed.isEmpty {
                settings += [".TP", "\\fB" + ManualPage.escaped(line) + "\\fR"] + settingText(comment)
                comment = []
            }
        }
        let synopsis = [".PP", "$XDG_CONFIG_HOME/announcer/announcer.conf (~/.config/announcer/announcer.conf)"]
        return ManualPage(description: configurationPage, synopsis: synopsis,
                          sections: [("DESCRIPTION", description), ("SETTINGS", settings)])
    }

    /// A setting's comment inside its tagged paragraph: paragraphs as lines, lists indented.
    private static func settingText(_ comment: [String]) -> [String] {
        HelpText("\n" + comment.joined(separator: "\n")).blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let text): [ManualPage.escaped(text), ".br"]
            case .list(let rows): [".RS 4"] + rows.flatMap { [ManualPage.escaped($0.term + "  " + $0.text), ".br"] } + [".RE"]
            }
        }
    }
}
