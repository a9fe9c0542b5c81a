import Glibc

/// Readable once something is created in, moved into or removed from a directory (inotify): a
/// program waits on it for another's socket to appear instead of trying again on a timer. A
/// directory not there yet is waited for through its nearest existing parent, so its creation
/// wakes the watcher too (who looks again, and watches again if it still has nothing).
public struct DirectoryWatch: ~Copyable {
    /// Poll it for `.readable`; `drain` after it was.
    public let descriptor: FileDescriptor
    /// The directory watched: `path` itself, or its nearest existing parent.
    public let watched: String

    public init(_ path: String) throws(Errno) {
        let inotify = try SystemCall.retrying("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        let events = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        var directory = path
        while true {
            do {
                try SystemCall.retrying("inotify_add_watch") { inotify_add_watch(inotify, directory, events) }
                break
            } catch where error.code == ENOENT || error.code == ENOTDIR {
                guard let parent = Path.directory(of: directory) else {
                    close(inotify)
                    throw error
                }
                directory = parent
            } catch {
                close(inotify)
                throw error
            }
        }
        descriptor = FileDescriptor(rawValue: inotify)
        watched = directory
    }

    deinit { descriptor.close() }

    /// Reads what has come (the events themselves are not needed: the watcher looks again).
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case .processed(let count)? = try? descriptor.read(into: &buffer), count > 0 {}
    }
}
