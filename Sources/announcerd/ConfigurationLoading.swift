import AnnouncerCore
import AnnouncerSystem

extension ConfigurationFiles {
    /// The configuration and locale tables in use, read and checked (`ConfigurationSources.load`).
    func load(explicit: String?, warnings: inout [ConfigError]) throws(ConfigError) -> (Configuration, LocaleCatalog) {
        try sources(explicit: explicit).load(warnings: &warnings)
    }

    func sources(explicit: String?) throws(ConfigError) -> ConfigurationSources {
        do {
            let contents = try read(explicit: explicit)
            return ConfigurationSources(configuration: contents.configuration, configurationPath: contents.configurationPath,
                                        packagedTables: contents.packagedTables, userTables: contents.userTables,
                                        unreadableUserTables: contents.unreadableUserTables)
        } catch {
            throw ConfigError(file: error.file, error.message)
        }
    }

    static func locateOrThrow() throws(ConfigError) -> ConfigurationFiles {
        do {
            return try locate()
        } catch {
            throw ConfigError(file: error.file, error.message)
        }
    }
}
