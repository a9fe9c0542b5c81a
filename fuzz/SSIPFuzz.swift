// libFuzzer target: SSIP as a hostile client sends it, through one connection's session (command
// lines, SPEAK data, settings, blocks) and the SSML reader. Built by scripts/fuzz with
// -sanitize=fuzzer,address together with AnnouncerCore's and AnnouncerSSIP's sources (one
// module), so that every trap and memory error in them is a finding.

public func ssipFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var session = SSIPSession(client: 1)
    // Whatever the lines: each gets a step, and a reply is always SSIP's shape (CR LF ended,
    // every line three digits then a dash or a space).
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        var line = Array(line)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let step = line.count > 4096 ? session.receiveTooLong() : session.receive(line: line)
        switch step {
        case .reply(let text):
            precondition(text.hasSuffix("\r\n"), "a reply without CR LF: \(text)")
            for reply in text.split(separator: "\r\n") {
                let head = Array(reply.utf8.prefix(4))
                precondition(head.count == 4 && head[0..<3].allSatisfy { (48...57).contains($0) } && (head[3] == 45 || head[3] == 32),
                             "a malformed reply line: \(reply)")
            }
        case .speak(let message):
            for mark in message.speech.marks { precondition(mark.offset >= 0 && mark.offset <= message.speech.text.count) }
        case .set(let setting, _):
            _ = session.apply(setting)
        case .silent, .control, .listVoices, .quit:
            break
        }
    }
    let document = SSMLText(String(decoding: bytes, as: UTF8.self))
    for mark in document.marks { precondition(mark.offset >= 0 && mark.offset <= document.text.count) }
    return 0
}
