#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import Dispatch

/// One client on the socket. Everything runs on the daemon's queue: reads are framed into lines
/// and handed up, replies and events are buffered and written as the client reads them. A client
/// whose unread output passes `maximumBacklog` bytes is disconnected rather than slowing anyone.
final class Connection {
    enum State { case open, closed }

    let id: Int
    let fd: Int32
    let peerPID: pid_t
    private(set) var state = State.open
    private var framer: LineFramer
    private var output: [UInt8] = []
    private var outputStart = 0
    private let maximumBacklog: Int
    private let readSource: DispatchSourceRead
    private var writeSource: DispatchSourceWrite?
    private let queue: DispatchQueue
    var subscriptions: Set<String> = []
    var client: String?
    /// The client's registered tree, with the keyboard focus over it.
    var focusEngine: FocusEngine?
    /// Its shortcuts, kept from before and across trees.
    var commands: [KeyCommand] = []

    var onItem: (Connection, LineFramer.Item) -> Void = { _, _ in }
    var onClose: (Connection, String?) -> Void = { _, _ in }

    init(id: Int, fd: Int32, peerPID: pid_t, queue: DispatchQueue, lineLimit: Int, maximumBacklog: Int) {
        self.id = id
        self.fd = fd
        self.peerPID = peerPID
        self.queue = queue
        self.framer = LineFramer(limit: lineLimit)
        self.maximumBacklog = maximumBacklog
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    }

    func start() {
        readSource.setEventHandler { [weak self] in self?.readAvailable() }
        readSource.resume()
    }

    var backlog: Int { output.count - outputStart }

    func send(_ message: JSONValue) {
        guard state == .open else { return }
        output += Array(message.serialized().utf8)
        output.append(UInt8(ascii: "\n"))
        flush()
        if state == .open, backlog > maximumBacklog {
            close(reason: "it left \(backlog) bytes unread (the limit is \(maximumBacklog))")
        }
    }

    func close(reason: String?) {
        guard state == .open else { return }
        state = .closed
        readSource.cancel()
        writeSource?.cancel()
        writeSource = nil
        Glibc.close(fd)
        onClose(self, reason)
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while state == .open {
            let count: Int?
            do {
                count = try Syscall.nonBlocking("read") { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            } catch {
                close(reason: "\(error)")
                return
            }
            guard let count else { return }  // would block: wait for more
            if count == 0 {
                close(reason: nil)
                return
            }
            for item in framer.append(buffer[0..<count]) {
                guard state == .open else { return }
                onItem(self, item)
            }
        }
    }

    private func flush() {
        while state == .open, outputStart < output.count {
            let written: Int?
            do {
                written = try Syscall.nonBlocking("write") {
                    output[outputStart...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            } catch {
                close(reason: "\(error)")
                return
            }
            guard let written else {
                waitUntilWritable()
                return
            }
            outputStart += written
        }
        output.removeAll(keepingCapacity: output.count < 1 << 20)
        outputStart = 0
    }

    private func waitUntilWritable() {
        guard writeSource == nil else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            self.writeSource?.cancel()
            self.writeSource = nil
            self.flush()
        }
        writeSource = source
        source.resume()
    }
}
