import AnnouncerSpeech

/// The daemon's session machine submits to the speech controller (on its queue).
extension SpeechController: SpeechQueue {}
