import AnnouncerClient
import AnnouncerSystem

extension DaemonConnection {
    /// Connects, or prints the one-line error naming the socket and exits 69.
    static func connectOrExit(socket: String?) -> DaemonConnection {
        do {
            return try DaemonConnection(socket: socket)
        } catch {
            Console.error("announce: \(error)")
            ExitStatus.unavailable.exit()
        }
    }
}
