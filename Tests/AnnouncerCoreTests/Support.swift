import AnnouncerComposer
import AnnouncerElements
import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem
import AnnouncerTestSupport
import Foundation

func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
}

func composer(locale: String = "en", hintStyle: HintStyle = .touch) -> UtteranceComposer {
    UtteranceComposer(catalog: packagedCatalog, locale: locale, hintStyle: hintStyle)
}

/// Decodes an element written as JSON text in a test table.
func element(_ json: String) throws -> Element {
    try Element(json: try JSONValue.parse(json))
}
