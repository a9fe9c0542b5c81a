#if canImport(Glibc)
#endif
import AnnouncerSystem
import Dispatch
import AnnouncerSession

/// One client's socket: the I/O shell around the daemon core's view of that client.
/// Everything runs on the daemon's queue (asserted): reads are framed into lines and reported
/// (`onLines`); the daemon serves them when the core says it is this client's turn
/// (`serve`); replies and events are buffered and written as the client reads them.
///
/// - Fairness: a connection reads nothing more from its socket until the lines it has are
///   served, so a client that floods holds no more than the lines of one read.
/// - A client that half-closes its socket (or closes it with a last line unterminated) gets an
///   answer to every line it sent before the connection closes.
/// - What the client has read is released as it reads, not when it has read everything.
final class Connection: @unchecked Sendable {  // Safe: every stored var is touched on the daemon's serial `queue` only.
    enum State {
        /// Reading requests and writing replies.
        case open
        /// The client sent EOF: the lines it sent are still answered, then the connection closes.
        case draining
        case closed
    }

    /// Bytes read from the socket at a time.
    static let readSize = 16384
    /// Sent bytes are dropped from the front of the output buffer once this many have gone.
    static let compactionBytes = 65536

    let id: Int
    let fd: FileDescriptor
    private(set) var state = State.open
    private var framer: LineFramer
    private var items: [LineFramer.Item] = []
    private var nextItem = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    private var readSource: DispatchSourceRead?
    private var readSuspended = false
    private var writeSource: DispatchSourceWrite?
    /// Dispatch sources not yet cancelled; the descriptor is closed when the last one is.
    private var liveSources = 0
    private var descriptorOpen = true
    private let queue: DispatchQueue

    /// Lines arrived (how many) and wait to be served.
    var onLines: (Connection, Int) -> Void = { _, _ in }
    /// One line, served.
    var onItem: (Connection, LineFramer.Item) -> Void = { _, _ in }
    var onClose: (Connection, String?) -> Void = { _, _ in }

    init(id: Int, fd: FileDescriptor, queue: DispatchQueue, lineLimit: Int) {
        self.id = id
        self.fd = fd
        self.queue = queue
        self.framer = LineFramer(limit: lineLimit)
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

    /// Queues a line (newline included) and writes what the client will take now.
    func send(_ line: [UInt8]) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state != .closed else { return }
        output += line
        flush()
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
        closeDescriptorIfDone()
        onClose(self, reason)
    }

    /// Reads nothing more and closes once what was sent has been written (SSIP's `QUIT`).
    func hangUp() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state != .closed else { return }
        state = .draining
        stopReading()
        items.removeAll()
        nextItem = 0
        closeIfDrained()
    }

    /// Reads what the socket holds now, if it is ready: used to notice clients that have gone
    /// before counting them against the client limit.
    func readIfHungUp() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .open, !readSuspended,
              let events = try? fd.wait(for: [.readable, .readHangUp], timeoutMilliseconds: 0),
              !events.isDisjoint(with: [.readHangUp, .hangUp, .error]) else { return }
        readAvailable()
    }

    // MARK: - Reading

    /// Reads until there are lines to serve, the socket would block, or it ends. (libdispatch
    /// reports a hang-up once and then forgets the descriptor, so an event is never left
    /// half-read: what it announced is read here, to the end if the end has come.)
    private func readAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
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
            let before = items.count
            items += framer.append(buffer[0..<count])
            if items.count > before {
                suspendReading()
                onLines(self, items.count - before)
                return
            }
        }
    }

    /// EOF: an unterminated last line is still a line; answer everything, then close.
    private func peerFinishedSending() {
        dispatchPrecondition(condition: .onQueue(queue))
        state = .draining
        stopReading()
        if let last = framer.finish() {
            items.append(last)
            onLines(self, 1)
        } else if nextItem >= items.count {
            closeIfDrained()
        }  // else lines already reported are still to be served; `serve` drains after them
    }

    /// Hands the next `count` lines to the daemon (its turn, as the core gives it).
    func serve(_ count: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        var served = 0
        while state != .closed, nextItem < items.count, served < count {
            let item = items[nextItem]
            nextItem += 1
            served += 1
            onItem(self, item)
        }
        guard state != .closed, nextItem >= items.count else { return }
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
        dispatchPrecondition(condition: .onQueue(queue))
        liveSources -= 1
        closeDescriptorIfDone()
    }

    /// The descriptor outlives its read source while the connection drains (a client that
    /// half-closed still gets its replies, served in a later turn): it is closed once the
    /// connection is closed and no dispatch source still watches it.
    private func closeDescriptorIfDone() {
        guard state == .closed, liveSources == 0, descriptorOpen else { return }
        descriptorOpen = false
        fd.close()
    }

    // MARK: - Writing

    private func flush() {
        dispatchPrecondition(condition: .onQueue(queue))
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
        dispatchPrecondition(condition: .onQueue(queue))
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
