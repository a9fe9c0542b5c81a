// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Announcer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnnouncerCore", targets: ["AnnouncerCore"]),
        .executable(name: "announce", targets: ["announce"]),
    ],
    targets: [
        .target(name: "AnnouncerCore"),
        .executableTarget(name: "announce", dependencies: ["AnnouncerCore"]),
        .executableTarget(name: "announcer-bench", dependencies: ["AnnouncerCore"], path: "bench/CoreBenchmark"),
        .testTarget(
            name: "AnnouncerCoreTests",
            dependencies: ["AnnouncerCore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "announceTests",
            dependencies: ["announce", "AnnouncerCore"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
