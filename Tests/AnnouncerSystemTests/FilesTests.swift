import AnnouncerSystem
import Glibc
import Testing

@Suite struct FilesTests {
    @Test func pathsSplitAtTheirLastSlash() {
        #expect(Path.directory(of: "/a/b/c") == "/a/b")
        #expect(Path.directory(of: "/a/b/") == "/a")
        #expect(Path.directory(of: "/a") == "/")
        #expect(Path.directory(of: "a") == ".")
        #expect(Path.directory(of: "/") == nil)
        #expect(Path.lastComponent(of: "/a/b/en.conf") == "en.conf")
        #expect(Path.lastComponent(of: "en.conf") == "en.conf")
    }

    @Test func directoriesAreMadeWithTheirParentsAndListedWithoutDots() throws {
        let root = try temporaryDirectory()
        defer { for path in [root + "/x/y/b.conf", root + "/x/y/a.conf"] { unlink(path) }; rmdir(root + "/x/y"); rmdir(root + "/x"); rmdir(root) }
        try Files.makeDirectories(root + "/x/y", mode: 0o700)
        try Files.makeDirectories(root + "/x/y", mode: 0o700)  // already there: nothing to do
        #expect(Files.isDirectory(root + "/x/y"))
        try Files.write(Array("b".utf8), to: root + "/x/y/b.conf")
        try Files.write(Array("é".utf8), to: root + "/x/y/a.conf")
        #expect(try Files.list(root + "/x/y") == ["a.conf", "b.conf"])
        #expect(try Files.readText(root + "/x/y/a.conf") == "é")
        #expect(Files.exists(root + "/x/y/b.conf"))
        #expect(!Files.exists(root + "/x/y/c.conf"))
    }

    @Test func aMissingFileIsNoSuchFileAndTextMustBeUTF8() throws {
        #expect(throws: Errno.noSuchFile) { try Files.read("/nonexistent/announcer.conf") }
        let root = try temporaryDirectory()
        defer { unlink(root + "/latin1"); rmdir(root) }
        try Files.write([0x63, 0x61, 0x66, 0xE9], to: root + "/latin1")
        #expect(try Files.readText(root + "/latin1") == nil)
    }

    @Test func errnosAreEqualByCodeAndNamed() {
        #expect(Errno(code: EAGAIN, call: "read") == .wouldBlock)
        #expect(Errno(code: EMFILE, call: "accept4").isOutOfDescriptors)
        #expect(Errno(code: ENOENT, call: "open /x").description == "open /x: No such file or directory")
    }

    @Test func theEnvironmentIsTheProcesssOwn() {
        setenv("ANNOUNCER_SYSTEM_TEST", "a=b", 1)
        #expect(Environment.current["ANNOUNCER_SYSTEM_TEST"] == "a=b")
        #expect(Environment.homeDirectory(["HOME": "/home/me"]) == "/home/me")
        #expect(Environment.executablePath.hasPrefix("/"))
    }
}

@Suite struct ConfigurationFilesTests {
    @Test func aMissingPackagedDirectoryIsAClearError() {
        let files = ConfigurationFiles(packagedDirectory: "/nonexistent", userDirectory: "/nonexistent/user")
        let error = #expect(throws: ConfigurationFiles.Problem.self) { try files.readLocales() }
        #expect(error?.file == "/nonexistent/locales")
        #expect(error?.message.hasPrefix("cannot read the locale tables") == true)
    }

    @Test func theUsersTablesThatCannotBeReadAreReportedNotFatal() throws {
        let root = try temporaryDirectory()
        defer { for path in ["/p/locales/en.conf", "/u/locales/de.conf", "/u/locales/fr.conf"] { unlink(root + path) }; for path in ["/p/locales", "/p", "/u/locales", "/u", ""] { rmdir(root + path) } }
        try Files.makeDirectories(root + "/p/locales")
        try Files.makeDirectories(root + "/u/locales")
        try Files.write(Array("locale = en\n".utf8), to: root + "/p/locales/en.conf")
        try Files.write(Array("trait.button = Knopf.\n".utf8), to: root + "/u/locales/de.conf")
        try Files.write([0xFF, 0xFE], to: root + "/u/locales/fr.conf")
        let contents = try ConfigurationFiles(packagedDirectory: root + "/p", userDirectory: root + "/u").read()
        #expect(contents.configuration == nil)
        #expect(contents.packagedTables.map(\.path) == [root + "/p/locales/en.conf"])
        #expect(contents.userTables.map(\.text) == ["trait.button = Knopf.\n"])
        #expect(contents.unreadableUserTables.map(\.path) == [root + "/u/locales/fr.conf"])
        #expect(contents.unreadableUserTables.first?.reason == "the file is not UTF-8")
    }
}
