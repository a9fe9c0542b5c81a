import AnnouncerScheduler
import Testing

@Suite struct SpeechDurationEstimateTests {
    let estimate = SpeechDurationEstimate(wordsPerMinute: 180)

    @Test func sixCharactersAreAWord() {
        // 12 characters = 2 words at 180 per minute = 666.7 ms, plus the 50 ms pause.
        #expect(abs(estimate.duration(of: Speech(text: "Play, button")) - (2 * 60_000 / 180 + 50)) < 0.001)
    }

    @Test func rateAndSpellingChangeIt() {
        let word = Speech(text: "cat")
        let faster = Speech(text: "cat", rate: 2)
        let spelled = Speech(text: "cat", spellOut: true)
        #expect(estimate.duration(of: faster) < estimate.duration(of: word))
        #expect(abs(estimate.duration(of: spelled) - (3 * 60_000 / 180 + 50)) < 0.001)
    }

    @Test func emptyTextTakesNoTime() {
        #expect(estimate.duration(of: Speech(text: "")) == 0)
    }
}
