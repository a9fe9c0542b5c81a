import AnnouncerSupport
import AnnouncerSystem

/// A snapshot of what is said, one utterance a line: `announce compose --expect` and
/// `announce term --expect` compare with it, `--update` writes it.
struct SpeechSnapshot {
    let path: String
    /// The command's name, for its messages and the diff's header.
    let command: String

    /// With `update`, writes `lines` to the snapshot (0, or 73 when it cannot be written).
    /// Else 0 when the snapshot holds exactly `lines`, or a unified diff (the snapshot against
    /// what was said now) on standard output and 1. A snapshot that cannot be read differs from
    /// any output (`--update` creates it).
    func check(_ lines: [String], update: Bool) -> ExitStatus {
        if update {
            do {
                try Files.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
            } catch {
                Console.error("\(command): cannot write \(path): \(error.reason)")
                return .cannotCreate
            }
            return .success
        }
        let expected: [String]
        if let data = try? Files.read(path) {
            var read = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if read.last == "" { read.removeLast() }
            expected = read
        } else {
            Console.error("\(command): cannot read \(path); --update writes it")
            expected = []
        }
        let diff = UnifiedDiff.lines(from: expected, to: lines, oldName: path, newName: "\(command) output")
        for line in diff { Console.out(line) }
        return diff.isEmpty ? .success : .failure
    }
}
