// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Announcer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnnouncerSystem", targets: ["AnnouncerSystem"]),
        .library(name: "AnnouncerCore", targets: ["AnnouncerCore"]),
        .library(name: "AnnouncerClient", targets: ["AnnouncerClient"]),
        .library(name: "AnnouncerSpeech", targets: ["AnnouncerSpeech"]),
        .executable(name: "announce", targets: ["announce"]),
        .executable(name: "announcerd", targets: ["announcerd"]),
    ],
    targets: [
        // The Linux calls Glibc's module hides behind _GNU_SOURCE (accept4, struct ucred, POLLRDHUP).
        .target(name: "CAnnouncerSystem"),
        .target(name: "AnnouncerSystem", dependencies: ["CAnnouncerSystem"]),
        .target(name: "AnnouncerCore"),
        .target(name: "AnnouncerClient", dependencies: ["AnnouncerCore", "AnnouncerSystem"]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // libpulse-simple's pkg-config flags (-D_REENTRANT, -pthread) are refused by SwiftPM; its headers
        // are in /usr/include and the module map names the libraries to link.
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        .target(name: "AnnouncerSpeech", dependencies: ["AnnouncerCore", "AnnouncerSystem", "CEspeakNG", "CPulseSimple"]),
        .executableTarget(name: "announce", dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerClient"]),
        .target(name: "AnnouncerServer", dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerSpeech"]),
        .executableTarget(name: "announcerd", dependencies: ["AnnouncerCore", "AnnouncerSystem", "AnnouncerSpeech", "AnnouncerServer"]),
        .executableTarget(name: "shape-shuffle", dependencies: ["AnnouncerCore", "AnnouncerClient", "AnnouncerSystem"], path: "examples/ShapeShuffle"),
        .executableTarget(name: "announcer-bench", dependencies: ["AnnouncerCore", "AnnouncerSystem"], path: "bench/CoreBenchmark"),
        .testTarget(
            name: "AnnouncerSystemTests",
            dependencies: ["AnnouncerSystem"]
        ),
        .testTarget(
            name: "AnnouncerCoreTests",
            dependencies: ["AnnouncerCore", "AnnouncerSystem"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AnnouncerSpeechTests",
            dependencies: ["AnnouncerSpeech", "AnnouncerCore"]
        ),
        .testTarget(
            name: "AnnouncerServerTests",
            dependencies: ["AnnouncerServer", "AnnouncerCore", "AnnouncerSystem", "AnnouncerClient", "announcerd", "announce", "shape-shuffle"]
        ),
        .testTarget(
            name: "announceTests",
            dependencies: ["announce", "announcerd", "AnnouncerCore", "AnnouncerSystem", "AnnouncerClient"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
