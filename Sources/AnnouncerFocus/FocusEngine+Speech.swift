import AnnouncerComposer
import AnnouncerLocales
import AnnouncerScheduler

extension FocusEngine.Speech {
    /// The words for this, in the configured locale.
    public func text(composer: UtteranceComposer) -> String {
        let words = composer.catalog.words(for: nil, configured: composer.locale)
        func filled(_ word: LocaleWords.Word, _ text: String) -> String { words[word].replacing("{text}", with: text) }
        switch self {
        case .actionsMenuItem(let name, let index, let count):
            return name + words[.space] + words.position(index: index, count: count)
        case .noActions: return words[.noActions]
        case .menuClosed: return words[.menuClosed]
        case .findStarted: return words[.findStarted]
        case .findMatch(let item): return composer.compose(item).description
        case .noMatch(let query): return filled(.noMatch, query)
        case .findCancelled: return words[.findCancelled]
        case .shortcuts(let titles):
            return titles.isEmpty ? words[.noShortcuts] : filled(.shortcuts, titles.joined(separator: words[.listSeparator]))
        case .help(let titles):
            return titles.isEmpty ? words[.help] : words[.help] + words[.space] + filled(.shortcuts, titles.joined(separator: words[.listSeparator]))
        case .nothingFocused: return words[.nothingFocused]
        }
    }
}
