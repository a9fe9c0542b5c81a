import Testing

@Suite struct DurationMillisecondsTests {
    @Test(arguments: [
        (Duration.zero, 0.0), (.milliseconds(1500), 1500), (.microseconds(1500), 1.5), (.seconds(2), 2000),
        (.nanoseconds(250_000), 0.25), (.milliseconds(-20), -20),
    ])
    func milliseconds(_ duration: Duration, _ expected: Double) {
        #expect(abs(duration.milliseconds - expected) < 1e-9)
    }
}
