import AnnouncerLocales
import AnnouncerSettings
import AnnouncerSystem

/// The texts of the packaged locale tables (config/locales).
public let packagedTables: [ConfigurationSources.Text] = {
    do {
        return try ConfigurationFiles(packagedDirectory: packageRoot.path + "/config", userDirectory: "/nonexistent").readLocales()
    } catch {
        fatalError("the packaged locale tables cannot be read: \(error)")
    }
}()

/// The packaged locale tables, exactly as a user gets them.
public let packagedCatalog: LocaleCatalog = {
    do {
        return try ConfigurationSources(packagedTables: packagedTables).loadLocales()
    } catch {
        fatalError("the packaged locale tables do not load: \(error)")
    }
}()

/// The text of the packaged announcer.conf (config/announcer.conf).
public func packagedConfigurationText() throws -> String {
    String(decoding: try Files.read(packageRoot.path + "/config/announcer.conf"), as: UTF8.self)
}
