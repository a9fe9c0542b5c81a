import AnnouncerElements

extension UtteranceComposer {
    /// What is said when a window becomes active: an application window's title alone, as a
    /// screen reader says it on Alt+Tab; a dialog's or a document's title and then its role's
    /// word ("Save changes? Dialog."), so that the user knows the keys now act on a dialog.
    /// The title is the window's own text: in its `language`'s voice when that is not the
    /// locale's.
    public func composeWindow(title: String, role: WindowRole, language: String?) -> Utterance {
        let words = self.words
        let period = words[.period]
        let own = LanguageSpan.spans(of: [(title, ownLanguage(language))]).spans
        let roleWord: String
        switch role {
        case .window: return Utterance(description: title, spans: own)
        case .dialog: roleWord = words[.dialogWindow]
        case .document: roleWord = words[.documentWindow]
        }
        let ending = title.hasSuffix(period) || title.last.map { ".?!:".contains($0) } == true ? "" : period
        return Utterance(description: title + ending + words[.space] + roleWord, spans: own)
    }
}
