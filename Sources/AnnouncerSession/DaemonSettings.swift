import AnnouncerLocales
import AnnouncerScheduler
import AnnouncerSettings

/// What a configuration reload (SIGHUP) hands the core, as the `reconfigure` input: the locale
/// and hint style its composer speaks with, its bounds, and the scheduler's settings. What is
/// queued stays queued.
public struct DaemonSettings: Sendable, Equatable {
    /// The tables read again, or nil to keep the core's. Recorded whole (a recording replays
    /// with its own tables), not compared.
    public var catalog: LocaleCatalog?
    public var locale: String
    public var hintStyle: HintStyle
    public var limits: DaemonLimits
    public var scheduler: SchedulerSettings
    /// The listener's settings read again (`UserSetting`: the voice, how much is said), or nil
    /// to keep the core's.
    public var configuration: Configuration?

    public init(catalog: LocaleCatalog?, locale: String, hintStyle: HintStyle, limits: DaemonLimits, scheduler: SchedulerSettings,
                configuration: Configuration? = nil) {
        self.configuration = configuration
        self.catalog = catalog
        self.locale = locale
        self.hintStyle = hintStyle
        self.limits = limits
        self.scheduler = scheduler
    }

    /// The settings a configuration gives, with its tables.
    public init(_ configuration: Configuration, catalog: LocaleCatalog?) {
        self.init(catalog: catalog, locale: configuration.locale, hintStyle: configuration.hintStyle,
                  limits: DaemonLimits(configuration), scheduler: configuration.schedulerSettings, configuration: configuration)
    }

    /// The listener's settings as announcer.conf writes them (what a recording keeps).
    public static func userValues(_ configuration: Configuration) -> [UserSetting: String] {
        Dictionary(uniqueKeysWithValues: UserSetting.allCases.map { ($0, configuration.value(of: $0)) })
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.locale == rhs.locale && lhs.hintStyle == rhs.hintStyle && lhs.limits == rhs.limits && lhs.scheduler == rhs.scheduler
            && lhs.configuration.map(Self.userValues) == rhs.configuration.map(Self.userValues)
    }
}
