#if canImport(Glibc)
import Glibc
#endif
import AnnouncerCore
import AnnouncerSystem
import Dispatch

/// One client on the socket. Everything runs on the daemon's queue: reads are framed into lines
/// and handed up a few at a time, replies and events are buffered and written as the client
/// reads them.
///
/// - Fairness: a connection serves at most `linesPerTurn` lines, then yields the queue to
///   everyone else, and reads nothing more from its socket until the lines it has are answered.
///   A client that floods therefore holds no more than one turn at a time.
/// - A client that half-closes its socket (or closes it with a last line unterminated) gets an
///   answer to every line it sent before the connection closes.
/// - A client whose unread output passes `maximumBacklog` bytes is disconnected rather than
///   slowing anyone; what it has read is released as it reads, not when it has read everything.
final class Connection: @unchecked Sendable {
    enum State {
        /// Reading requests and writing replies.
        case open
        /// The client sent EOF: the lines it sent are still answered, then the connection closes.
        case draining
        case closed
    }

    /// Lines served before the connection yields the daemon's queue to others.
    static let linesPerTurn = 32
    /// Bytes read from the socket at a time.
    static let readSize = 16384
    /// Sent bytes are dropped from the front of the output buffer once this many have gone.
    static let compactionBytes = 65536

    let id: Int
    let fd: FileDescriptor
    let peerPID: pid_t
    private(set) var state = State.open
    private var framer: LineFramer
    private var items: [LineFramer.Item] = []
    private var nextItem = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    private let maximumBacklog: Int
    private var readSource: DispatchSourceRead?
    private var readSuspended = false
    private var writeSource: DispatchSourceWrite?
    /// Dispatch sources not yet cancelled; the descriptor is closed when the last one is.
    private var liveSources = 0
    private var descriptorOpen = true
    private let queue: DispatchQueue
    var subscriptions: Set<String> = []
    var client: String?
    /// The client's registered tree, with the keyboard focus over it.
    var focusEngine: FocusEngine?
    /// Its shortcuts, kept from before and across trees.
    var commands: [KeyCommand] = []

    var onItem: (Connection, LineFramer.Item) -> Void = { _, _ in }
    var onClose: (Connection, String?) -> Void = { _, _ in }

    init(id: Int, fd: FileDescriptor, peerPID: pid_t, queue: DispatchQueue, lineLimit: Int, maximumBacklog: Int) {
        self.id = id
        self.fd = fd
        self.peerPID = peerPID
        self.queue = queue
        self.framer = LineFramer(limit: lineLimit)
        self.maximumBacklog = maximumBacklog
    }

    deinit {
        // A connection that never started has no source to close its descriptor.
        if descriptorOpen { fd.close() }
    }

    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        let source = DispatchSource.makeReadSource(fileDescriptor: fd.rawValue, queue: queue)
        source.setEventHandler { [weak self] in self?.readAvailable() }
        source.setCancelHandler { [self] in sourceCancelled() }
        liveSources += 1
        readSource = source
        source.resume()
    }

    var backlog: Int { output.count - outputStart }

    func send(_ message: JSONValue) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state != .closed else { return }
        output += Array(message.serialized().utf8)
        output.append(UInt8(ascii: "\n"))
        flush()
        if state != .closed, backlog > maximumBacklog {
            close(reason: "it left \(backlog) bytes unread (the limit is \(maximumBacklog))")
        }
    }

    func close(reason: String?) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state != .closed else { return }
        state = .closed
        items.removeAll()
        nextItem = 0
        stopReading()
        if let writeSource {
            writeSource.cancel()
            self.writeSource = nil
        }
        onClose(self, reason)
    }

    /// Reads what the socket holds now, if it is ready: used to notice clients that have gone
    /// before counting them against the client limit.
    func readIfHungUp() {
        guard state == .open, !readSuspended,
              let events = try? fd.waitUntil(events: Int16(POLLIN) | FileDescriptor.pollReadHangUp, timeoutMilliseconds: 0),
              events & (FileDescriptor.pollReadHangUp | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { return }
        readAvailable()
    }

    // MARK: - Reading

    /// Reads until there are lines to serve, the socket would block, or it ends. (libdispatch
    /// reports a hang-up once and then forgets the descriptor, so an event is never left
    /// half-read: what it announced is read here, to the end if the end has come.)
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        while state == .open, !readSuspended {
            let count: Int
            do {
                switch try fd.read(into: &buffer) {
                case .processed(let read): count = read
                case .wouldBlock: return
                }
            } catch {
                close(reason: "\(error)")
                return
            }
            if count == 0 {
                peerFinishedSending()
                return
            }
            items += framer.append(buffer[0..<count])
            if nextItem < items.count {
                suspendReading()
                serveTurn()
                return
            }
        }
    }

    /// EOF: an unterminated last line is still a line; answer everything, then close.
    private func peerFinishedSending() {
        state = .draining
        stopReading()
        if let last = framer.finish() { items.append(last) }
        serveTurn()
    }

    /// Hands up to `linesPerTurn` lines to the daemon, then lets the queue serve others first.
    private func serveTurn() {
        var served = 0
        while state != .closed, nextItem < items.count, served < Self.linesPerTurn {
            let item = items[nextItem]
            nextItem += 1
            served += 1
            onItem(self, item)
        }
        guard state != .closed else { return }
        if nextItem < items.count {
            queue.async { [self] in serveTurn() }
            return
        }
        items.removeAll(keepingCapacity: items.count < 1024)
        nextItem = 0
        switch state {
        case .open:
            resumeReading()
            // What arrived meanwhile (or the end of the stream) may have no event of its own.
            queue.async { [self] in readAvailable() }
        case .draining: closeIfDrained()
        case .closed: break
        }
    }

    private func suspendReading() {
        guard let readSource, !readSuspended else { return }
        readSuspended = true
        readSource.suspend()
    }

    private func resumeReading() {
        guard let readSource, readSuspended else { return }
        readSuspended = false
        readSource.resume()
    }

    /// Cancels the read source (a suspended source must be resumed before it may go).
    private func stopReading() {
        guard let source = readSource else { return }
        source.cancel()
        if readSuspended {
            readSuspended = false
            source.resume()
        }
        readSource = nil
    }

    private func sourceCancelled() {
        liveSources -= 1
        if liveSources == 0, descriptorOpen {
            descriptorOpen = false
            fd.close()
        }
    }

    // MARK: - Writing

    private func flush() {
        while state != .closed, outputStart < output.count {
            let result: IOResult<Int>
            do {
                result = try fd.write(output[outputStart...])
            } catch {
                close(reason: "\(error)")
                return
            }
            guard case .processed(let written) = result else {
                compact()
                waitUntilWritable()
                return
            }
            outputStart += written
        }
        output.removeAll(keepingCapacity: output.count < 1 << 16)
        outputStart = 0
        if state == .draining { closeIfDrained() }
    }

    /// Drops what the client has already read, so a client that always leaves a little unread
    /// holds only that little.
    private func compact() {
        guard outputStart >= Self.compactionBytes, outputStart * 2 >= output.count else { return }
        output.removeFirst(outputStart)
        outputStart = 0
    }

    private func closeIfDrained() {
        guard state == .draining, nextItem >= items.count, backlog == 0 else { return }
        close(reason: nil)
    }

    private func waitUntilWritable() {
        guard writeSource == nil else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd.rawValue, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self, let writeSource = self.writeSource else { return }
            writeSource.cancel()
            self.writeSource = nil
            self.flush()
        }
        source.setCancelHandler { [self] in sourceCancelled() }
        liveSources += 1
        writeSource = source
        source.resume()
    }
}
