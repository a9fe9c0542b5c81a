import AnnouncerCore
import AnnouncerSystem
import Foundation

/// The project's root, found from this file so that tests never depend on the working directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
}

/// The texts of the packaged locale tables.
let packagedTables: [ConfigurationSources.Text] = {
    do {
        return try ConfigurationFiles(packagedDirectory: packageRoot.path + "/config", userDirectory: "/nonexistent").readLocales()
    } catch {
        fatalError("the packaged locale tables cannot be read: \(error)")
    }
}()

/// The packaged locale tables, exactly as a user gets them.
let packagedCatalog: LocaleCatalog = {
    do {
        return try ConfigurationSources(packagedTables: packagedTables).loadLocales()
    } catch {
        fatalError("the packaged locale tables do not load: \(error)")
    }
}()

func composer(locale: String = "en", hintStyle: HintStyle = .touch) -> UtteranceComposer {
    UtteranceComposer(catalog: packagedCatalog, locale: locale, hintStyle: hintStyle)
}

/// Decodes an element written as JSON text in a test table.
func element(_ json: String) throws -> Element {
    try Element(json: try JSONValue.parse(json))
}
