import AnnouncerSystem
import Testing

/// The daemon and every client find the socket by the same rule, so a second terminal without
/// XDG_RUNTIME_DIR (su, some ssh logins) still meets the daemon.
@Suite struct SocketPathTests {
    @Test func anExplicitPathThenTheEnvironmentThenTheRuntimeDirectoryThenHome() {
        let all = ["ANNOUNCER_SOCKET": "/a/socket", "XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/me"]
        #expect(SocketPath.resolve(explicit: "/x/socket", environment: all) == "/x/socket")
        #expect(SocketPath.resolve(explicit: nil, environment: all) == "/a/socket")
        #expect(SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/me"]) == "/run/user/1000/announcer/socket")
        #expect(SocketPath.resolve(explicit: nil, environment: ["HOME": "/home/me"]) == "/home/me/.cache/announcer/socket")
        #expect(SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "", "HOME": "/home/me"]) == "/home/me/.cache/announcer/socket")
        #expect(SocketPath.resolve(explicit: nil, environment: [:]) == nil)
    }
}
