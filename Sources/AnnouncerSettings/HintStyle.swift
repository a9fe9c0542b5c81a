/// Which wording the synthesized hints use: VoiceOver's touch gestures, or keys for a keyboard user.
public enum HintStyle: String, Sendable, CaseIterable {
    case touch, keyboard
}
