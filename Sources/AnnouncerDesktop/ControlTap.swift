/// Control pressed and released with no other key between: silence now, wherever the user is
/// (docs/design.md §18), as a user of NVDA or Orca expects. Control held for a shortcut
/// (Ctrl+S) silences nothing: the shortcut's own answer cuts off what speaks. Pure
/// (ReviewKeyMapTests); the bridge sends `stop` when `released` says so.
public struct ControlTap: Sendable, Equatable {
    private var alone = false

    public init() {}

    /// A key pressed: Control begins a tap (its repeats while held keep it), any other key ends it.
    public mutating func pressed(control: Bool) {
        alone = control
    }

    /// A key released: whether it ends a tap of Control alone.
    public mutating func released(control: Bool) -> Bool {
        defer { alone = false }
        return control && alone
    }
}
