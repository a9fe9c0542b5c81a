// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Announcer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnnouncerCore", targets: ["AnnouncerCore"]),
        .library(name: "AnnouncerSpeech", targets: ["AnnouncerSpeech"]),
        .executable(name: "announce", targets: ["announce"]),
        .executable(name: "announcerd", targets: ["announcerd"]),
    ],
    targets: [
        .target(name: "AnnouncerCore"),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // libpulse-simple's pkg-config flags (-D_REENTRANT, -pthread) are refused by SwiftPM; its headers
        // are in /usr/include and the module map names the libraries to link.
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        .target(name: "AnnouncerSpeech", dependencies: ["AnnouncerCore", "CEspeakNG", "CPulseSimple"]),
        .executableTarget(name: "announce", dependencies: ["AnnouncerCore"]),
        .target(name: "AnnouncerServer", dependencies: ["AnnouncerCore", "AnnouncerSpeech"]),
        .executableTarget(name: "announcerd", dependencies: ["AnnouncerCore", "AnnouncerSpeech", "AnnouncerServer"]),
        .executableTarget(name: "shape-shuffle", path: "examples/ShapeShuffle"),
        .executableTarget(name: "announcer-bench", dependencies: ["AnnouncerCore"], path: "bench/CoreBenchmark"),
        .testTarget(
            name: "AnnouncerCoreTests",
            dependencies: ["AnnouncerCore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerSpeechTests",
            dependencies: ["AnnouncerSpeech", "AnnouncerCore"]
        ),
        .testTarget(
            name: "AnnouncerServerTests",
            dependencies: ["AnnouncerServer", "AnnouncerCore", "announcerd", "announce", "shape-shuffle"]
        ),
        .testTarget(
            name: "announceTests",
            dependencies: ["announce", "announcerd", "AnnouncerCore"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
