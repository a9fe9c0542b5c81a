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
        .library(name: "AnnouncerCore", targets: ["AnnouncerCore"]),
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
        .target(name: "AnnouncerCore"),
        .target(name: "AnnouncerClient", dependencies: ["AnnouncerCore", "AnnouncerSystem"]),
        // The configuration in use, read from disk (System) into Core's values: one way for every program.
        .target(name: "AnnouncerConfiguration", dependencies: ["AnnouncerCore", "AnnouncerSystem"]),
        .target(name: "AnnouncerTesting", dependencies: ["AnnouncerClient", "AnnouncerCore", "AnnouncerSystem"]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // libpulse-simple's pkg-config flags (-D_REENTRANT, -pthread) are refused by SwiftPM; its headers
        // are in /usr/include and the module map names the libraries to link.
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        .target(name: "AnnouncerSpeech", dependencies: ["AnnouncerCore", "AnnouncerSystem"]),
        // The only importer of CEspeakNG and CPulseSimple, linked only into the speech worker.
        .target(name: "AnnouncerSynthesis", dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerSpeech", "CEspeakNG", "CPulseSimple"]),
        .executableTarget(name: "announcer-speech-worker", dependencies: ["AnnouncerSynthesis", "AnnouncerSystem"], linkerSettings: staticSwift),
        // The terminal door (docs/design.md §13): the pure rules of what a terminal says; then its shell,
        // the pseudo-terminal's loop around them and the only importer of libvterm (the screen model);
        // `announce term` reads its arguments and runs the shell.
        .target(name: "AnnouncerTerminal", dependencies: ["AnnouncerCore"]),
        .systemLibrary(name: "CVTerm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),
        .target(name: "AnnouncerTerm", dependencies: ["AnnouncerTerminal", "AnnouncerClient", "AnnouncerCore", "AnnouncerSystem", "CVTerm"]),
        .executableTarget(name: "announce", dependencies: ["AnnouncerConfiguration", "AnnouncerCore", "AnnouncerSystem", "AnnouncerClient", "AnnouncerTerminal", "AnnouncerTerm"], linkerSettings: staticSwift),
        // The speech-dispatcher door (docs/design.md §11): SSIP read and answered, pure.
        .target(name: "AnnouncerSSIP", dependencies: ["AnnouncerCore"]),
        // The desktop door (docs/design.md §12): AT-SPI objects and events as elements and requests, pure;
        // then the bridge, the only importer of libatspi (a separate executable, so that the
        // daemon never links GLib or D-Bus).
        .target(name: "AnnouncerDesktop", dependencies: ["AnnouncerCore"]),
        .systemLibrary(name: "CAtSpi", pkgConfig: "atspi-2", providers: [.apt(["libatspi2.0-dev"])]),
        .target(name: "AnnouncerATSPI", dependencies: ["AnnouncerDesktop", "AnnouncerClient", "AnnouncerCore", "AnnouncerSystem", "CAtSpi"]),
        .executableTarget(name: "announcer-atspi", dependencies: ["AnnouncerATSPI", "AnnouncerConfiguration", "AnnouncerDesktop", "AnnouncerCore", "AnnouncerSystem"], linkerSettings: staticSwift),
        // Braille (docs/design.md §20): the pure rules are Core's (BrailleSession, BrailleComposer);
        // this is their shell, the only importer of liblouis (the cells) and of BrlAPI (the
        // display, on a thread of its own).
        .systemLibrary(name: "CLouis", pkgConfig: "liblouis", providers: [.apt(["liblouis-dev"])]),
        // libbrlapi-dev has no pkg-config file: its header is in /usr/include and the module map
        // names the library.
        .systemLibrary(name: "CBrlAPI", providers: [.apt(["libbrlapi-dev"])]),
        .target(name: "AnnouncerBraille", dependencies: ["AnnouncerCore", "AnnouncerSystem", "CLouis", "CBrlAPI"]),
        .target(name: "AnnouncerServer", dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerSpeech", "AnnouncerSSIP", "AnnouncerBraille"]),
        .executableTarget(name: "announcerd", dependencies: ["AnnouncerConfiguration", "AnnouncerCore", "AnnouncerSystem", "AnnouncerSpeech", "AnnouncerServer", "AnnouncerBraille"], linkerSettings: staticSwift),
        .executableTarget(name: "shape-shuffle", dependencies: ["AnnouncerCore", "AnnouncerClient", "AnnouncerSystem"], path: "examples/ShapeShuffle"),
        .executableTarget(name: "announcer-bench", dependencies: ["AnnouncerCore", "AnnouncerSystem"], path: "bench/CoreBenchmark"),
        // What the test targets share: finding the built executables and the packaged locale
        // tables, and a real announcerd on a temporary socket.
        .target(name: "AnnouncerTestSupport", dependencies: ["AnnouncerCore", "AnnouncerSystem"], path: "Tests/AnnouncerTestSupport"),
        .testTarget(
            name: "AnnouncerSystemTests",
            dependencies: ["AnnouncerSystem", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerClientTests",
            dependencies: ["AnnouncerClient", "AnnouncerCore", "AnnouncerSystem", "AnnouncerTestSupport", "announcerd"]
        ),
        .testTarget(
            name: "AnnouncerBrailleTests",
            dependencies: ["AnnouncerBraille", "AnnouncerCore", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerCoreTests",
            dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerDesktopTests",
            dependencies: ["AnnouncerDesktop", "AnnouncerATSPI", "AnnouncerCore", "announcer-atspi", "announcerd", "AnnouncerTestSupport"]
        ),
        .testTarget(
            name: "AnnouncerTerminalTests",
            dependencies: ["AnnouncerTerminal", "AnnouncerTerm", "AnnouncerCore", "AnnouncerSystem", "announce", "announcerd", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerTestingTests",
            dependencies: ["AnnouncerTesting", "announce", "announcerd"]
        ),
        .testTarget(
            name: "AnnouncerSSIPTests",
            dependencies: ["AnnouncerSSIP", "AnnouncerCore"]
        ),
        .testTarget(
            name: "AnnouncerSpeechTests",
            dependencies: ["AnnouncerSpeech", "AnnouncerSynthesis", "AnnouncerCore", "AnnouncerSystem", "announcer-speech-worker"]
        ),
        .testTarget(
            name: "AnnouncerServerTests",
            dependencies: ["AnnouncerServer", "AnnouncerCore", "AnnouncerSystem", "AnnouncerClient", "announcerd", "announcer-speech-worker", "announce", "shape-shuffle", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "announceTests",
            dependencies: ["announce", "announcerd", "announcer-speech-worker", "AnnouncerCore", "AnnouncerSystem", "AnnouncerClient", "AnnouncerTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
