extension UtteranceComposer {
    /// What is said when a window becomes active: an application window's title alone, as a
    /// screen reader says it on Alt+Tab; a dialog's or a document's title and then its role's
    /// word ("Save changes? Dialog."), so that the user knows the keys now act on a dialog.
    public func composeWindow(title: String, role: WindowRole, language: String?) -> String {
        let words = catalog.words(for: language, configured: locale)
        let period = words[.period]
        let roleWord: String
        switch role {
        case .window: return title
        case .dialog: roleWord = words[.dialogWindow]
        case .document: roleWord = words[.documentWindow]
        }
        let ending = title.hasSuffix(period) || title.last.map { ".?!:".contains($0) } == true ? "" : period
        return title + ending + words[.space] + roleWord
    }
}
