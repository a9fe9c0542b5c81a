/// What an element is to its children (docs/design.md §2 `container`). Every kind keeps its children
/// together in reading order; some also give them position words.
public enum ContainerKind: String, CaseIterable, Sendable {
    case list, landmark, series, tabBar, semanticGroup

    /// The context of the child at `index` (0-based) among `count` accessible children.
    func context(index: Int, count: Int) -> ElementContext? {
        switch self {
        case .series: .series(index: index + 1, count: count)
        case .tabBar: .tab(index: index + 1, count: count)
        // A lone child is only the start, as VoiceOver reads it.
        case .list: index == 0 ? .listStart : (index == count - 1 ? .listEnd : nil)
        case .landmark: index == 0 ? .landmarkStart : (index == count - 1 ? .landmarkEnd : nil)
        case .semanticGroup: nil
        }
    }
}
