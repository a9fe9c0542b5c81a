import AnnouncerSystem
import AnnouncerTestSupport

/// Every Swift file of the package's own targets (Sources, Tests, examples, bench), walked from
/// the package's root, so that a new file is scanned without being named anywhere.
enum SourceScan {
    static let roots = ["Sources", "Tests", "examples", "bench"]

    /// Paths relative to the package's root, sorted.
    static func swiftFiles(under roots: [String] = roots) throws -> [String] {
        try files(under: roots) { $0.hasSuffix(".swift") }
    }

    /// Every file under the roots whose name `wanted` takes (hidden ones and build trees left
    /// out), relative to the package's root, sorted.
    static func files(under roots: [String], where wanted: (String) -> Bool = { _ in true }) throws -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws {
            let path = packageRoot.path + "/" + relative
            for name in try Files.list(path) where !name.hasPrefix(".") && name != "__pycache__" {
                let child = relative + "/" + name
                if Files.isDirectory(packageRoot.path + "/" + child) {
                    try walk(child)
                } else if wanted(name) {
                    found.append(child)
                }
            }
        }
        for root in roots where Files.isDirectory(packageRoot.path + "/" + root) { try walk(root) }
        return found.sorted()
    }

    static func text(_ relative: String) throws -> String {
        try Files.readText(packageRoot.path + "/" + relative) ?? ""
    }

    /// The code of a line, without what a `//` comment says.
    static func code(_ line: Substring) -> Substring {
        guard let comment = line.firstRange(of: "//") else { return line }
        return line[..<comment.lowerBound]
    }
}
