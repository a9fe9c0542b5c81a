/// SSIP's replies and events as text: a reply is `ccc-data` lines and a last `ccc text` line,
/// each ended by CRLF (docs/design.md §11; the codes and texts are speech-dispatcher's, which its
/// clients read).
public enum SSIPReply {
    /// One reply: its data lines, then the line that ends it.
    public static func text(_ code: Int, _ message: String, data: [String] = []) -> String {
        var text = ""
        for line in data { text += "\(code)-\(line)\r\n" }
        return text + "\(code) \(message)\r\n"
    }

    // What the commands answer when they succeed.
    static let languageSet = text(201, "OK LANGUAGE SET")
    static let prioritySet = text(202, "OK PRIORITY SET")
    static let rateSet = text(203, "OK RATE SET")
    static let pitchSet = text(204, "OK PITCH SET")
    static let punctuationSet = text(205, "OK PUNCTUATION SET")
    static let capitalsSet = text(206, "OK CAP LET RECOGNITION SET")
    static let spellingSet = text(207, "OK SPELLING SET")
    static let clientNameSet = text(208, "OK CLIENT NAME SET")
    static let voiceSet = text(209, "OK VOICE SET")
    public static let stopped = text(210, "OK STOPPED")
    public static let paused = text(211, "OK PAUSED")
    public static let resumed = text(212, "OK RESUMED")
    public static let cancelled = text(213, "OK CANCELED")
    static let outputModuleSet = text(216, "OK OUTPUT MODULE SET")
    static let pauseContextSet = text(217, "OK PAUSE CONTEXT SET")
    static let volumeSet = text(218, "OK VOLUME SET")
    static let ssmlModeSet = text(219, "OK SSML MODE SET")
    static let notificationSet = text(220, "OK NOTIFICATION SET")
    static let messageEmpty = text(227, "OK MESSAGE CANCELED")
    static let receivingData = text(230, "OK RECEIVING DATA")
    public static let bye = text(231, "HAPPY HACKING")
    static let insideBlock = text(260, "OK INSIDE BLOCK")
    static let outsideBlock = text(261, "OK OUTSIDE BLOCK")
    static let debuggingSet = text(262, "OK DEBUGGING SET")
    static let pitchRangeSet = text(263, "OK PITCH RANGE SET")
    static let notImplementedButOK = text(299, "OK BUT NOT IMPLEMENTED -- DOES NOTHING")

    /// `SPEAK`, `CHAR`, `KEY` and `SOUND_ICON` accepted: the message's id, for events and `STOP`.
    public static func queued(_ id: Int) -> String { text(225, "OK MESSAGE QUEUED", data: [String(id)]) }
    static func clientID(_ id: Int) -> String { text(245, "OK CLIENT ID SENT", data: [String(id)]) }
    static func got(_ value: String) -> String { text(251, "OK GET RETURNED", data: [value]) }
    public static func voices(_ lines: [String]) -> String { text(249, "OK VOICE LIST SENT", data: lines) }
    static func modules(_ names: [String]) -> String { text(250, "OK MODULE LIST SENT", data: names) }
    static func help(_ lines: [String]) -> String { text(248, "OK HELP SENT", data: lines) }

    // Errors.
    public static let internalError = text(300, "ERR INTERNAL")
    static let alreadyInsideBlock = text(330, "ERR ALREADY INSIDE BLOCK")
    static let alreadyOutsideBlock = text(331, "ERR ALREADY OUTSIDE BLOCK")
    static let notAllowedInsideBlock = text(332, "ERR NOT ALLOWED INSIDE BLOCK")
    static let notImplemented = text(380, "ERR NOT YET IMPLEMENTED")
    public static let cannotListVoices = text(304, "CANT LIST VOICES")
    static let couldNotSetClientName = text(311, "ERR COULDNT SET CLIENT_NAME")
    public static let noSuchClient = text(406, "ERR ID DOESNT EXIST")
    static let unknownPriority = text(408, "ERR UNKNOWN PRIORITY")
    static let invalidCommand = text(500, "ERR INVALID COMMAND")
    static let invalidEncoding = text(501, "ERR INVALID ENCODING")
    static let missingParameter = text(510, "ERR MISSING PARAMETER")
    static let notANumber = text(511, "ERR PARAMETER NOT A NUMBER")
    static let notOnOrOff = text(513, "ERR PARAMETER NOT ON OR OFF")
    static let invalidParameter = text(514, "ERR PARAMETER INVALID")

    /// A number out of its range: SSIP has a code for each end of each setting.
    static func outOfRange(_ name: String, tooHigh: Bool) -> String {
        switch (name, tooHigh) {
        case ("rate", true): text(409, "ERR RATE TOO HIGH")
        case ("rate", false): text(410, "ERR RATE TOO LOW")
        case ("pitch", true): text(411, "ERR PITCH TOO HIGH")
        case ("pitch", false): text(412, "ERR PITCH TOO LOW")
        // speech-dispatcher's own words for volume, which clients may match.
        case ("volume", true): text(413, "ERR PITCH TOO HIGH")
        case ("volume", false): text(414, "ERR PITCH TOO LOW")
        case (_, true): text(415, "ERR PITCH RANGE TOO HIGH")
        case (_, false): text(416, "ERR PITCH RANGE TOO LOW")
        }
    }

    /// A request Announcer refuses for its own reasons (a full queue, a message too long), with
    /// the reason in words, in SSIP's server-error group (upper case, as SSIP's words are).
    public static func refused(_ reason: String) -> String {
        text(300, "ERR \(reason.replacingNewlines.uppercased())")
    }
}

/// The events a client may turn on (`SET SELF NOTIFICATION …`), with their codes and words.
public enum SSIPEvent: String, CaseIterable, Sendable {
    case indexMark = "index_marks"
    case begin, end, cancel, pause, resume

    var code: Int {
        switch self {
        case .indexMark: 700
        case .begin: 701
        case .end: 702
        case .cancel: 703
        case .pause: 704
        case .resume: 705
        }
    }

    var words: String {
        switch self {
        case .indexMark: "INDEX MARK"
        case .begin: "BEGIN"
        case .end: "END"
        case .cancel: "CANCELED"
        case .pause: "PAUSED"
        case .resume: "RESUMED"
        }
    }

    /// The event about message `message` of client `client` (and the mark reached, for 700).
    public func text(message: Int, client: Int, mark: String? = nil) -> String {
        SSIPReply.text(code, words, data: [String(message), String(client)] + (mark.map { [$0] } ?? []))
    }
}

extension String {
    var replacingNewlines: String { String(map { $0 == "\r" || $0 == "\n" ? " " : $0 }) }
}
