// The one libFuzzer entry point of scripts/fuzz's binary, which holds every target (built once,
// since each build compiles all of AnnouncerCore): ANNOUNCER_FUZZ_TARGET names the one to run.
import Foundation

private let target: @Sendable (UnsafePointer<UInt8>, Int) -> CInt = {
    let name = ProcessInfo.processInfo.environment["ANNOUNCER_FUZZ_TARGET"] ?? ""
    switch name {
    case "requests": return requestLineFuzz
    case "configuration": return configurationFuzz
    case "ssip": return ssipFuzz
    default: fatalError("ANNOUNCER_FUZZ_TARGET must be requests, configuration or ssip, not \"\(name)\"")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target(data, size)
}
