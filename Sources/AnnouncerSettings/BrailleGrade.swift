/// How words are written: uncontracted (one sign per letter), or contracted (grade 2) where the
/// locale has a table for it.
public enum BrailleGrade: String, Sendable, CaseIterable {
    case uncontracted, contracted
}
