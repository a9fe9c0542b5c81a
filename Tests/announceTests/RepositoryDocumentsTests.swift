#if canImport(Glibc)
import Glibc
#endif
import AnnouncerTestSupport
import Foundation
import Testing

/// The repository's documents say what the code and the package are: the design's sections are
/// the ones the code cites, the architecture names every target with its true dependencies, the
/// README describes the commands there are and the package as installed, and the licence and
/// the packaging carry no placeholder. Each reads the files relative to #filePath.
@Suite struct RepositoryDocumentsTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every text file of the repository that is ours (not the build tree, not git's, not the
    /// fuzzers' binary corpora), with its path relative to the root.
    static func repositoryTexts() -> [(path: String, text: String)] {
        let skipped: Set<String> = [".build", ".git", ".swiftpm", "__pycache__", ".pytest_cache"]
        let rootPath = packageRoot.standardizedFileURL.path
        var files: [(String, String)] = []
        guard let walker = FileManager.default.enumerator(at: packageRoot, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true,
                  let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(rootPath.count + 1))
            files.append((path, text))
        }
        return files
    }

    /// The numbers of docs/design.md's `## N. Title` sections.
    static func designSections() throws -> [Int] {
        try text("docs/design.md").split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## ") else { return nil }
            return Int(line.dropFirst(3).prefix { $0.isNumber })
        }
    }

    @Test func theDesignHasItsSectionsInOrder() throws {
        #expect(try Self.designSections() == Array(1...20))
    }

    @Test func everyReferenceToTheDesignNamesOneOfItsSections() throws {
        let sections = Set(try Self.designSections())
        let sectionSign = try Regex("§([0-9]+)")
        var references = 0
        for (path, text) in Self.repositoryTexts() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("design.md") || path == "docs/design.md" {
                for match in line.matches(of: sectionSign) {
                    references += 1
                    let section = Int(line[match.range].dropFirst()) ?? 0
                    #expect(sections.contains(section), "\(path):\(number + 1) cites §\(section), which docs/design.md does not have")
                }
            }
        }
        #expect(references > 80)
    }

    @Test func nothingCitesADesignDocumentOutsideTheRepository() throws {
        // Spelt in pieces, so that this file does not match itself.
        let outside = ["DESIGN" + " §", "DESIGN" + ".md", "../" + "shared", "/work/" + "shared", "founding" + " brief"]
        for (path, text) in Self.repositoryTexts() {
            for phrase in outside where text.contains(phrase) {
                Issue.record("\(path) mentions \(phrase)")
            }
        }
    }

    /// Package.swift's targets (tests aside) and the dependencies each declares.
    static func packageTargets() throws -> [String: Set<String>] {
        let declaration = try Regex(#"\.(?:target|executableTarget|systemLibrary)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var targets: [String: Set<String>] = [:]
        for match in try text("Package.swift").matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let list = match.output[2].substring.map(String.init) ?? ""
            targets[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty })
        }
        return targets
    }

    @Test func theArchitectureTableHasEveryTargetWithItsDependencies() throws {
        let targets = try Self.packageTargets()
        #expect(targets.count == 37)
        var table: [String: Set<String>] = [:]
        for line in try Self.text("docs/architecture.md").split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            table[name] = Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }.filter { !$0.isEmpty && $0 != "—" })
        }
        #expect(Set(table.keys) == Set(targets.keys))
        for (name, dependencies) in targets {
            #expect(table[name] == dependencies, "docs/architecture.md gives \(name) the dependencies \(table[name] ?? []), Package.swift \(dependencies)")
        }
    }

    /// The core's layers as docs/architecture.md draws them, from the top down: the first name on
    /// each line of the diagram's core band.
    static func drawnCoreLayers() throws -> [String] {
        let diagram = try text("docs/architecture.md").components(separatedBy: "```").dropFirst().first ?? ""
        let lines = diagram.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(" core ") }) else { return [] }
        let band = lines[start...].prefix { !$0.contains("────") }
        let name = try Regex(#"^.{15}(Announcer[A-Za-z]+)"#)
        return band.compactMap { line in (try? name.firstMatch(in: String(line)))?.output[1].substring.map(String.init) }
    }

    /// Each layer of the core depends only on layers drawn below it (so on no C library, nor on
    /// AnnouncerSystem), and the band draws every target that depends on core layers alone.
    @Test func theCoreIsLayeredAsDrawn() throws {
        let targets = try Self.packageTargets()
        let layers = try Self.drawnCoreLayers()
        #expect(layers.count == 9, "the core band draws \(layers)")
        for (index, layer) in layers.enumerated() {
            let below = Set(layers[(index + 1)...])
            let dependencies = try #require(targets[layer], "\(layer) is drawn but is not a target")
            #expect(dependencies.isSubset(of: below), "\(layer) depends on \(dependencies.subtracting(below)), not drawn below it")
        }
        let drawn = Set(layers)
        for (name, dependencies) in targets where !drawn.contains(name) && !dependencies.isEmpty && dependencies.isSubset(of: drawn) {
            // The doors' pure rules (AnnouncerSSIP, AnnouncerDesktop, AnnouncerTerminal) stand on
            // the core too, but are doors: they are named above the band.
            #expect(["AnnouncerSSIP", "AnnouncerDesktop", "AnnouncerTerminal"].contains(name), "\(name) depends on core layers alone and is not drawn in the core")
        }
        // Nothing below the top layer reaches the wire; nothing of the core reaches the system.
        #expect(!targets.filter { drawn.contains($0.key) }.values.contains { $0.contains("AnnouncerSystem") })
    }

    /// What announcerd decides is pure: AnnouncerSession reaches, through everything it depends
    /// on, no C library (a system library or a C shim) and not AnnouncerSystem.
    @Test func theDaemonsCoreReachesNoCLibraryNorTheSystem() throws {
        let targets = try Self.packageTargets()
        let systemLibraries = try Set(Self.text("Package.swift").matches(of: Regex(#"\.systemLibrary\(name: "([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
        #expect(systemLibraries.contains("CLouis"))
        var reached: Set<String> = []
        var next = ["AnnouncerSession"]
        while let name = next.popLast() {
            for dependency in targets[name] ?? [] where reached.insert(dependency).inserted { next.append(dependency) }
        }
        #expect(reached.contains("AnnouncerSSIP") && reached.contains("AnnouncerWire"), "AnnouncerSession reaches \(reached)")
        #expect(reached.isDisjoint(with: systemLibraries.union(["AnnouncerSystem", "CAnnouncerSystem", "AnnouncerBraille"])),
                "AnnouncerSession reaches \(reached.intersection(systemLibraries.union(["AnnouncerSystem", "CAnnouncerSystem", "AnnouncerBraille"])))")
    }

    @Test func theDiagramAndTheReadmeLayoutNameEveryTarget() throws {
        let architecture = try Self.text("docs/architecture.md")
        let diagram = architecture.components(separatedBy: "```").dropFirst().first ?? ""
        let readme = try Self.text("README.md")
        let layout = readme.components(separatedBy: "## Layout").dropFirst().first ?? ""
        for name in try Self.packageTargets().keys {
            #expect(diagram.contains(name), "the diagram of docs/architecture.md lacks \(name)")
            #expect(layout.contains(name), "README's layout lacks \(name)")
        }
    }

    @Test func theLicenceIsMITAndSaysWhatEspeakNGMeansForTheBinaries() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.hasPrefix("MIT License"))
        #expect(licence.contains("Copyright (c) 2026 The Announcer authors"))
        let readme = try Self.text("README.md")
        let section = readme.components(separatedBy: "## License").dropFirst().first ?? ""
        #expect(section.contains("LICENSE") && section.contains("espeak-ng") && section.contains("GPL-3.0-or-later"))
        #expect(try Self.text("packaging/copyright").contains("GPL-3.0-or-later"))
    }

    @Test func thePackageNamesNoPlaceholderMaintainer() throws {
        for path in ["packaging/control.in", "packaging/copyright", "scripts/package", "docs/packaging.md"] {
            let text = try Self.text(path)
            for placeholder in ["example.org", "example.com", "example.net"] {
                #expect(!text.contains(placeholder), "\(path) has the placeholder \(placeholder)")
            }
        }
        #expect(try Self.text("packaging/control.in").contains("Maintainer: Announcer authors <announcer@users.noreply.github.com>"))
    }

    /// The two commands and a quick start come first, before the package and CI.
    @Test func theReadmeOpensWithTheTwoCommandsAndAQuickStart() throws {
        let readme = try Self.text("README.md")
        let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(50).joined(separator: "\n")
        #expect(firstScreen.contains("./scripts/run ") && firstScreen.contains("./scripts/test "))
        #expect(firstScreen.contains("## Quick start"))
        #expect(!firstScreen.contains(".ci/run"), "CI's description belongs further down")
    }

    /// `./scripts/run` installs only what running needs: no browser, desktop application or
    /// screen reader to compare with comes with it.
    @Test func theRunCommandInstallsOnlyWhatRunningNeeds() throws {
        let run = try Self.text("scripts/run")
        #expect(run.contains("./scripts/install-deps run\n"))
        let installer = try Self.text("scripts/install-deps")
        let list = try #require(installer.components(separatedBy: "\nrun=(").dropFirst().first?.components(separatedBy: ")").first)
        let packages = Set(list.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(packages.isSuperset(of: ["libespeak-ng-dev", "espeak-ng-data", "libpulse-dev", "pulseaudio"]))
        for testOnly in ["chromium", "firefox-esr", "orca", "python3-pyqt6", "xvfb", "libatspi2.0-dev", "speech-dispatcher", "lintian"] {
            #expect(!packages.contains(testOnly), "scripts/run would install \(testOnly)")
            #expect(installer.contains(" \(testOnly)"), "scripts/install-deps test no longer installs \(testOnly)")
        }
        for script in ["scripts/test", "scripts/sanitize"] {
            #expect(try Self.text(script).contains("./scripts/install-deps test\n"), "\(script) installs what the tests need")
        }
    }

    @Test func theReadmeSpeaksOfTheInstalledCommands() throws {
        // It is installed as /usr/share/doc/announcer/README.md, where there is no build tree.
        let readme = try Self.text("README.md")
        #expect(!readme.contains(".build/"))
    }

    @Test func theReadmeSaysWhatToDoWithoutASystemdUserSession() throws {
        let readme = try Self.text("README.md")
        let install = readme.components(separatedBy: "## Install").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        #expect(install.contains("systemctl --user enable --now announcerd.socket"))
        #expect(install.contains("no systemd user session") || install.contains("needs a systemd user session"))
        #expect(install.contains("announcerd &"))
    }

    @Test func theReadmeCommandTableHasEveryCommand() throws {
        let catalog = try Self.text("Sources/announce/CommandCatalog.swift")
        let named = try Regex(#"(?:daemon\(|name: )"([a-z]+)""#)
        let commands = Set(catalog.matches(of: named).compactMap { $0.output[1].substring.map(String.init) })
        #expect(commands.isSuperset(of: ["say", "keys", "term", "compose", "completion"]))
        let readme = try Self.text("README.md")
        for command in commands {
            #expect(readme.contains("| `\(command)"), "README's command table lacks \(command)")
        }
    }

    @Test func theTestingGuideInstallsPytestBeforeUsingIt() throws {
        let guide = try Self.text("docs/testing.md")
        let install = guide.range(of: "pip install pytest") ?? guide.range(of: "python3-pytest")
        let firstUse = guide.range(of: "-m pytest")
        #expect(install != nil && firstUse != nil)
        if let install, let firstUse { #expect(install.lowerBound < firstUse.lowerBound) }
    }

    @Test func thePackageShipsTheExamplesAndThePostrm() throws {
        let package = try Self.text("scripts/package")
        #expect(package.contains("$doc/examples/"))
        #expect(package.contains("packaging/postrm"))
        let test = try Self.text("scripts/package-test")
        #expect(test.contains("the examples are installed"))
        #expect(test.contains("no .build/"))
        #expect(test.contains("enablement links"))
    }

    /// The postrm run as dpkg runs it on purge, under a `DPKG_ROOT` of its own: the enablement
    /// links of the removed units go, anything else stays.
    @Test func purgeRemovesOnlyTheDanglingLinksToTheUnits() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("announcer-postrm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        guard let entry = getpwuid(getuid()), let homeC = entry.pointee.pw_dir else { return }
        let home = String(cString: homeC)
        let userUnits = root.path + home + "/.config/systemd/user"
        let globalUnits = root.path + "/etc/systemd/user"
        let removed = [userUnits + "/sockets.target.wants/announcerd.socket",
                       userUnits + "/graphical-session.target.wants/announcer-atspi.service",
                       globalUnits + "/sockets.target.wants/announcerd.socket"]
        // A unit still there, and a link of the same name to someone else's unit, stay.
        let kept = [globalUnits + "/sockets.target.wants/announcerd-ssip.socket": nil as String?,
                    userUnits + "/sockets.target.wants/announcerd-ssip.socket": "/usr/lib/systemd/user/other.socket"]
        let installed = root.path + "/usr/lib/systemd/user/announcerd-ssip.socket"
        let manager = FileManager.default
        for link in removed {
            try manager.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: link, withDestinationPath: "/usr/lib/systemd/user/" + (link as NSString).lastPathComponent)
        }
        try manager.createDirectory(atPath: (installed as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = manager.createFile(atPath: installed, contents: Data())
        for (link, destination) in kept {
            try manager.createSymbolicLink(atPath: link, withDestinationPath: destination ?? "/usr/lib/systemd/user/announcerd-ssip.socket")
        }

        let purge = try run("/bin/sh", [packageRoot.appendingPathComponent("packaging/postrm").path, "purge"], environment: ["DPKG_ROOT": root.path])
        #expect(purge.status == 0, "\(purge.stderr)")
        for link in removed {
            #expect((try? manager.destinationOfSymbolicLink(atPath: link)) == nil, "\(link) is still there")
        }
        for link in kept.keys {
            #expect((try? manager.destinationOfSymbolicLink(atPath: link)) != nil, "\(link) was removed")
        }
    }
}
