import Glibc

/// The process's environment and identity.
public enum Environment {
    /// The environment variables, as they are now.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// Sets a variable for this process and the programs it starts.
    public static func set(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }

    /// Removes a variable, for this process and the programs it starts.
    public static func unset(_ name: String) {
        unsetenv(name)
    }

    /// This process's id.
    public static var processID: Int32 { getpid() }

    /// The user this process runs as (its real user id).
    public static var userID: UInt32 { getuid() }

    /// The user's home directory: `$HOME`, else the password database's.
    public static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    /// The running executable's path.
    public static var executablePath: String {
        Files.linkTarget("/proc/self/exe") ?? CommandLine.arguments[0]
    }
}
