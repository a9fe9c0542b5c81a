import Glibc

/// Files, directories and paths.
public enum Files {
    /// The whole contents of a file.
    public static func read(_ path: String) throws(Errno) -> [UInt8] {
        let file = try FileDescriptor.open(path)
        defer { file.close() }
        return try file.readToEnd()
    }

    /// A file's contents as UTF-8 text; nil when it is not UTF-8.
    public static func readText(_ path: String) throws(Errno) -> String? {
        String(validating: try read(path), as: UTF8.self)
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether this process may run the file at `path`.
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Whether this process may read the file at `path`.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Why this process may not make files in `directory` (write to it and search it), or nil
    /// when it may.
    public static func cannotWriteIn(_ directory: String) -> Errno? {
        access(directory, W_OK | X_OK) == 0 ? nil : Errno.current("access")
    }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a directory, without "." and "..", sorted.
    public static func list(_ directory: String) throws(Errno) -> [String] {
        guard let stream = opendir(directory) else { throw Errno.current("opendir \(directory)") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Makes `path` and any missing parents with `mode`; an existing directory is left as it is.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(Errno) {
        if mkdir(path, mode) == 0 { return }
        let failure = Errno.current("mkdir \(path)")
        if failure == .exists { return }
        guard failure == .noSuchFile, let parent = Path.directory(of: path), parent != path else { throw failure }
        try makeDirectories(parent, mode: mode)
        if mkdir(path, mode) != 0 {
            let again = Errno.current("mkdir \(path)")
            if again != .exists { throw again }
        }
    }

    /// Writes `bytes` to a new file (or over an old one) with `mode`. A failure names the call
    /// and the path ("write /x/1.wav: No space left on device"), closing included (where a
    /// network file system reports what it could not write).
    public static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t = 0o644) throws(Errno) {
        let fd = try SystemCall.retrying("create \(path)") { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        let file = FileDescriptor(rawValue: fd)
        do {
            try file.writeAll(bytes)
        } catch {
            file.close()
            throw Errno(code: error.code, call: "write \(path)")
        }
        // close(2) is never retried: on Linux the descriptor is gone even when it says EINTR.
        if close(fd) != 0 {
            let failure = Errno.current("close \(path)")
            if failure != .interrupted { throw failure }
        }
    }

    /// Where a symbolic link points (for `/proc/self/exe`, the running executable).
    /// A new directory of this user's only, named from `prefix` and six random characters
    /// (mkdtemp(3)), in $TMPDIR or /tmp.
    public static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
        let base = Environment.current["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } != nil }
        guard made else { throw Errno.current("mkdtemp") }
        return String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Puts the file at `path` in place of the one at `destination`, at once (rename(2)).
    public static func rename(_ path: String, to destination: String) throws(Errno) {
        guard Glibc.rename(path, destination) == 0 else { throw Errno.current("rename \(path)") }
    }

    /// Removes a file, or an empty directory; nothing when it is not there.
    public static func remove(_ path: String) {
        if Glibc.unlink(path) != 0 { _ = Glibc.rmdir(path) }
    }

    /// The first executable named `name` in the directories of `$PATH`.
    public static func searchPath(_ name: String, environment: [String: String] = Environment.current) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }.first(where: isExecutable)
    }

    /// A program that comes with the running one: `$VARIABLE` if it names an executable, else
    /// `name` beside the running executable (a build directory, /usr/bin), else on PATH.
    public static func companion(_ name: String, variable: String) -> String? {
        if let named = Environment.current[variable], isExecutable(named) { return named }
        if let directory = Path.directory(of: Environment.executablePath), isExecutable(directory + "/" + name) {
            return directory + "/" + name
        }
        return searchPath(name)
    }

    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Paths as strings, split at "/".
public enum Path {
    /// The directory holding `path` ("/a/b" → "/a", "b" → "."), or nil for "/".
    public static func directory(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "/" { return nil }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of `path`.
    public static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
