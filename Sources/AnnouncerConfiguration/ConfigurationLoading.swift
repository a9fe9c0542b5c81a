import AnnouncerSettings
import AnnouncerSupport
import AnnouncerSystem

/// The configuration and locale tables in use: found and read by AnnouncerSystem's
/// `ConfigurationFiles`, checked and turned into values by AnnouncerSettings
/// (`ConfigurationSources.load`, the one rule). The one way announcerd, announce and
/// announcer-atspi read them; a module of its own, since AnnouncerSystem knows nothing of
/// the core's types and the daemon links no client code.
/// The environment's locale (LC_ALL, LC_MESSAGES, LANG) comes with them.
public func configurationSources(explicit: String? = nil) throws(ConfigError) -> ConfigurationSources {
    var sources: ConfigurationSources
    do { sources = ConfigurationSources(try ConfigurationFiles.locate().read(explicit: explicit)) } catch { throw ConfigError(file: error.file, error.message) }
    let environment = Environment.current
    sources.environmentLocale = ConfigurationSources.environmentLocale { environment[$0] }
    return sources
}
