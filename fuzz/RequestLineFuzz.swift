// libFuzzer target: request lines, through the JSON parser, the request decoder and the
// composer. Built by scripts/fuzz with -sanitize=fuzzer,address together with AnnouncerCore's
// sources (one module), so that every trap and memory error in them is a finding.
import Foundation

private let composer: UtteranceComposer = {
    let directory = "config/locales"
    let tables = try! FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".conf") }.map {
        (path: directory + "/" + $0, text: try! String(contentsOfFile: directory + "/" + $0, encoding: .utf8))
    }
    return UtteranceComposer(catalog: try! ConfigurationSources(packagedTables: tables).loadLocales())
}()

public func requestLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Whatever the bytes: a request, or an error with a code; never a trap.
    if let line = try? RequestLine(bytes) {
        _ = line.request.schedulerEvent(composer: composer)
        if case .screen(let tree, let focus) = line.request {
            var engine = FocusEngine(tree: tree)
            _ = engine.replaceTree(tree, focus: focus)
            _ = engine.navigate("next")
            _ = engine.press(KeyPress("f", [.tab]))
            _ = engine.press(KeyPress("a"))
        }
    }
    // What the parser accepts, the serializer writes back as JSON that parses to the same value.
    if let value = try? JSONValue.parse(bytes) {
        let text = value.serialized()
        guard let again = try? JSONValue.parse(text), again == value else {
            fatalError("serialized JSON does not parse back to the same value: \(text)")
        }
    }
    return 0
}
