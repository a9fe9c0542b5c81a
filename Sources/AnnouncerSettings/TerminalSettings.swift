/// The terminal door's settings (docs/design.md §13), `term.` in announcer.conf.
public struct TerminalSettings: Sendable, Equatable {
    /// Output is said after this much quiet, so that a burst is said once.
    public var quietMs = 30
    /// A line rewritten again and again in place (a spinner, a progress bar) is said at most
    /// once in this time.
    public var repeatMs = 2000
    /// More lines than this in one burst is a flood: its last line and how many more.
    public var floodLines = 20
    public var typingEcho = TypingEcho.characters
    /// The program's language (`announce term --language`, else its environment's locale):
    /// its output is said in that language's voice when it is not the user's.
    public var language: String?

    public init() {}
}
