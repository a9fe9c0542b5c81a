// swift-tools-version:6.0
import PackageDescription

// The executables carry the parts of the Swift runtime they use instead of mapping the whole
// shared runtime: a smaller resident size (docs/benchmarks.md) and a faster start, and a Debian
// package that runs without Swift installed. (Release builds only: the test bundles link the
// executables' modules and need the shared runtime.)
let staticSwift: [LinkerSetting] = [.unsafeFlags(["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"], .when(platforms: [.linux], configuration: .release))]

let package = Package(
    name: "Announcer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnnouncerSystem", targets: ["AnnouncerSystem"]),
        // The core's nine layers (docs/architecture.md), for programs that use its types with the client.
        .library(name: "AnnouncerCore", targets: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire"]),
        .library(name: "AnnouncerClient", targets: ["AnnouncerClient"]),
        // Terminal programs under test, for Swift Testing (docs/testing.md).
        .library(name: "AnnouncerTesting", targets: ["AnnouncerTesting"]),
        .library(name: "AnnouncerSpeech", targets: ["AnnouncerSpeech"]),
        .executable(name: "announcer-speech-worker", targets: ["announcer-speech-worker"]),
        .executable(name: "announce", targets: ["announce"]),
        .executable(name: "announcerd", targets: ["announcerd"]),
        .executable(name: "announcer-atspi", targets: ["announcer-atspi"]),
    ],
    targets: [
        // The Linux calls Glibc's module hides behind _GNU_SOURCE (accept4, struct ucred, POLLRDHUP).
        .target(name: "CAnnouncerSystem"),
        .target(name: "AnnouncerSystem", dependencies: ["CAnnouncerSystem"]),
        // The core (docs/architecture.md): nine layers of pure rules, each depending only on the
        // layers before it, none on AnnouncerSystem or a C library (RepositoryDocumentsTests).
        .target(name: "AnnouncerSupport"),
        .target(name: "AnnouncerElements", dependencies: ["AnnouncerSupport"]),
        .target(name: "AnnouncerLocales", dependencies: ["AnnouncerSupport", "AnnouncerElements"]),
        .target(name: "AnnouncerSettings", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales"]),
        .target(name: "AnnouncerComposer", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings"]),
        .target(name: "AnnouncerScheduler", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer"]),
        .target(name: "AnnouncerBrailleRules", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer"]),
        .target(name: "AnnouncerFocus", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerComposer", "AnnouncerScheduler"]),
        .target(name: "AnnouncerWire", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus"]),
        .target(name: "AnnouncerClient", dependencies: ["AnnouncerSupport", "AnnouncerSettings", "AnnouncerWire", "AnnouncerSystem"]),
        // The configuration in use, read from disk (System) into the core's values (AnnouncerSettings): one way for every program.
        .target(name: "AnnouncerConfiguration", dependencies: ["AnnouncerSupport", "AnnouncerSettings", "AnnouncerSystem"]),
        .target(name: "AnnouncerTesting", dependencies: ["AnnouncerSupport", "AnnouncerClient", "AnnouncerSystem"]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // libpulse-simple's pkg-config flags (-D_REENTRANT, -pthread) are refused by SwiftPM; its headers
        // are in /usr/include and the module map names the libraries to link.
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        .target(name: "AnnouncerSpeech", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerScheduler", "AnnouncerSystem"]),
        // The only importer of CEspeakNG and CPulseSimple, linked only into the speech worker.
        .target(name: "AnnouncerSynthesis", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerScheduler", "AnnouncerSystem", "AnnouncerSpeech", "CEspeakNG", "CPulseSimple"]),
        .executableTarget(name: "announcer-speech-worker", dependencies: ["AnnouncerSynthesis", "AnnouncerSystem"], linkerSettings: staticSwift),
        // The terminal door (docs/design.md §13): the pure rules of what a terminal says; then its shell,
        // the pseudo-terminal's loop around them and the only importer of libvterm (the screen model);
        // `announce term` reads its arguments and runs the shell.
        .target(name: "AnnouncerTerminal", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler"]),
        .systemLibrary(name: "CVTerm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),
        .target(name: "AnnouncerTerm", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerWire", "AnnouncerTerminal", "AnnouncerClient", "AnnouncerSystem", "CVTerm"]),
        .executableTarget(name: "announce", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerFocus", "AnnouncerWire", "AnnouncerConfiguration", "AnnouncerSystem", "AnnouncerClient", "AnnouncerTerminal", "AnnouncerTerm"], linkerSettings: staticSwift),
        // The speech-dispatcher door (docs/design.md §11): SSIP read and answered, pure.
        .target(name: "AnnouncerSSIP", dependencies: ["AnnouncerElements", "AnnouncerScheduler"]),
        // The desktop door (docs/design.md §12): AT-SPI objects and events as elements and requests, pure;
        // then the bridge, the only importer of libatspi (a separate executable, so that the
        // daemon never links GLib or D-Bus).
        .target(name: "AnnouncerDesktop", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer"]),
        .systemLibrary(name: "CAtSpi", pkgConfig: "atspi-2", providers: [.apt(["libatspi2.0-dev"])]),
        .target(name: "AnnouncerATSPI", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerWire", "AnnouncerDesktop", "AnnouncerClient", "AnnouncerSystem", "CAtSpi"]),
        .executableTarget(name: "announcer-atspi", dependencies: ["AnnouncerSupport", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerATSPI", "AnnouncerConfiguration", "AnnouncerDesktop", "AnnouncerSystem"], linkerSettings: staticSwift),
        // Braille (docs/design.md §20): the pure rules are AnnouncerBrailleRules' (BrailleSession, BrailleComposer);
        // this is their shell, the only importer of liblouis (the cells) and of BrlAPI (the
        // display, on a thread of its own).
        .systemLibrary(name: "CLouis", pkgConfig: "liblouis", providers: [.apt(["liblouis-dev"])]),
        // libbrlapi-dev has no pkg-config file: its header is in /usr/include and the module map
        // names the library.
        .systemLibrary(name: "CBrlAPI", providers: [.apt(["libbrlapi-dev"])]),
        .target(name: "AnnouncerBraille", dependencies: ["AnnouncerLocales", "AnnouncerSettings", "AnnouncerBrailleRules", "AnnouncerSystem", "CLouis", "CBrlAPI"]),
        // What announcerd decides, one pure value (DaemonCore): the core's layers and the SSIP
        // door's rules, no C library and not AnnouncerSystem.
        .target(name: "AnnouncerSession", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire", "AnnouncerSSIP"]),
        .target(name: "AnnouncerServer", dependencies: ["AnnouncerSession", "AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire", "AnnouncerSystem", "AnnouncerSpeech", "AnnouncerSSIP", "AnnouncerBraille"]),
        .executableTarget(name: "announcerd", dependencies: ["AnnouncerSession", "AnnouncerSupport", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerWire", "AnnouncerConfiguration", "AnnouncerSystem", "AnnouncerSpeech", "AnnouncerServer", "AnnouncerBraille"], linkerSettings: staticSwift),
        .executableTarget(name: "shape-shuffle", dependencies: ["AnnouncerElements", "AnnouncerFocus", "AnnouncerWire", "AnnouncerClient", "AnnouncerSystem"], path: "examples/ShapeShuffle"),
        .executableTarget(name: "announcer-bench", dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerWire", "AnnouncerSystem"], path: "bench/CoreBenchmark"),
        // What the test targets share: finding the built executables and the packaged locale
        // tables, and a real announcerd on a temporary socket.
        .target(name: "AnnouncerTestSupport", dependencies: ["AnnouncerSupport", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerClient", "AnnouncerSystem"], path: "Tests/AnnouncerTestSupport"),
        .testTarget(
            name: "AnnouncerSystemTests",
            dependencies: ["AnnouncerSystem", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerClientTests",
            dependencies: ["AnnouncerElements", "AnnouncerClient", "AnnouncerSystem", "AnnouncerTestSupport", "announcerd"]
        ),
        .testTarget(
            name: "AnnouncerBrailleTests",
            dependencies: ["AnnouncerSettings", "AnnouncerBrailleRules", "AnnouncerBraille", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerCoreTests",
            dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire", "AnnouncerSystem", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerDesktopTests",
            dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerDesktop", "AnnouncerATSPI", "announcer-atspi", "announcerd", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerTerminalTests",
            dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerWire", "AnnouncerTerminal", "AnnouncerTerm", "AnnouncerSystem", "announce", "announcerd", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerTestingTests",
            dependencies: ["AnnouncerTesting", "announce", "announcerd"]
        ),
        .testTarget(
            name: "AnnouncerSSIPTests",
            dependencies: ["AnnouncerScheduler", "AnnouncerSSIP"]
        ),
        .testTarget(
            name: "AnnouncerSpeechTests",
            dependencies: ["AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerScheduler", "AnnouncerSpeech", "AnnouncerSynthesis", "AnnouncerSystem", "announcer-speech-worker"]
        ),
        .testTarget(
            name: "AnnouncerServerTests",
            dependencies: ["AnnouncerBraille", "AnnouncerSession", "AnnouncerSupport", "AnnouncerElements", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerScheduler", "AnnouncerBrailleRules", "AnnouncerFocus", "AnnouncerWire", "AnnouncerServer", "AnnouncerSystem", "AnnouncerClient", "announcerd", "announcer-speech-worker", "announce", "shape-shuffle", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "announceTests",
            dependencies: ["AnnouncerElements", "AnnouncerLocales", "AnnouncerSettings", "AnnouncerComposer", "AnnouncerSupport", "AnnouncerScheduler", "AnnouncerFocus", "AnnouncerWire", "announce", "announcerd", "announcer-speech-worker", "AnnouncerSystem", "AnnouncerClient", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
