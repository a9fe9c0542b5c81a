import AnnouncerElements
import AnnouncerLocales

/// What an application says outside the focus of its own accord (docs/design.md §12): its
/// announcements (`object:announcement`), and a desktop notification, a window of a
/// notification's roles that did not become the active window (an alert dialog takes the focus,
/// and is said as a window). Rules with no state: what is said of each is all there is to it.
/// Pure (NotificationsTests).
public enum Notifications {
    /// An announcement: assertive ones interrupt. An empty one says nothing.
    public static func announced(_ text: String, assertive: Bool) -> DesktopRequest? {
        text.isEmpty ? nil : .announce(Announcement(text: text, priority: assertive ? .high : .default))
    }

    /// A window created, of the AT-SPI `role`, with its labels' `texts`; `isActive`: it is the
    /// active window. A notification's summary and body are two sentences.
    public static func created(role: String, texts: [String], isActive: Bool, in words: LocaleWords) -> DesktopRequest? {
        guard AccessibleMapping.notificationRoles.contains(role), !isActive else { return nil }
        let period = words[.period], space = words[.space]
        let said = texts.compactMap { AccessibleMapping.spokenText($0) }.reduce("") { said, text in
            guard !said.isEmpty else { return text }
            return said + (said.last.map { ".?!:。！？".contains($0) } == true ? "" : period) + space + text
        }
        return said.isEmpty ? nil : .notification(said)
    }
}
