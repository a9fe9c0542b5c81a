import AnnouncerCore
import AnnouncerSystem

/// The configuration and locale tables in use: found and read by AnnouncerSystem, checked and
/// turned into values by AnnouncerCore (`ConfigurationSources.load`, the one rule).
func configurationSources(explicit: String?) throws(ConfigError) -> ConfigurationSources {
    do { return ConfigurationSources(try ConfigurationFiles.locate().read(explicit: explicit)) } catch { throw ConfigError(file: error.file, error.message) }
}
