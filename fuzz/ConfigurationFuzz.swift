// libFuzzer target: the configuration and locale-table parsers (announcer.conf and
// config/locales/*.conf share the key = value reader). Built by scripts/fuzz.
import Foundation

private let english: LocaleWords = {
    let path = "config/locales/en.conf"
    return try! LocaleWords(file: KeyValueFile(parsing: String(contentsOfFile: path, encoding: .utf8), name: path))
}()

public func configurationFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // A file parses or is refused with a line number; never a trap.
    guard let file = try? KeyValueFile(parsing: text, name: "fuzz.conf") else { return 0 }
    _ = try? Configuration(file: file)
    if let words = try? LocaleWords(file: file, base: english) {
        _ = try? LocaleCatalog(tables: [english, words])
    }
    return 0
}
