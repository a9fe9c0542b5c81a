// Shape Shuffle for the terminal: a small card game that publishes its elements to announcerd
// and reacts to what a keyboard user does with them. It talks only the public wire protocol
// (docs/protocol.md): JSON lines on the daemon's Unix socket.
//
//   swift run shape-shuffle [--socket PATH]
//
// Then drive it from another terminal with `announce keys`.

#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes a line to standard output (1) or error (2).
func say(_ fd: Int32, _ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

struct Card {
    var number: Int
    var shape: String
    var colour: String
    var pinned = false
    var id: String { "card-\(number)" }
}

struct ShapeShuffle {
    var cards = [
        Card(number: 1, shape: "Circle", colour: "Red"),
        Card(number: 2, shape: "Triangle", colour: "Green"),
        Card(number: 3, shape: "Square", colour: "Blue"),
    ]
    var hand: [Int] = []
    var cardFocused = false
    var requestID = 0
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    // MARK: - The elements

    func cardElement(_ card: Card) -> [String: Any] {
        [
            "id": card.id + "-group", "container": "semanticGroup", "group": "cards",
            "children": [
                ["id": card.id, "label": "Card \(card.number)", "value": card.pinned ? "Pinned" : "", "traits": ["button"],
                 "shape": "roundedRect", "frame": [10 + 20 * card.number, 10, 16, 8],
                 "actions": [["id": "add", "name": "Add"], ["id": "pin", "name": "Pin"]]],
                // The card's views: read in VoiceOver's reading order, skipped by the keyboard.
                ["id": card.id + "-shape", "label": card.shape, "traits": ["image"], "interactive": false],
                ["id": card.id + "-colour", "label": card.colour, "interactive": false],
                ["id": card.id + "-number", "label": String(card.number), "interactive": false],
            ],
        ]
    }

    func screenElements() -> [[String: Any]] {
        [
            ["id": "settings", "label": "Settings", "traits": ["button"], "group": "toolbar", "shape": "ellipse",
             "inputLabels": ["settings", "prefs", "preferences", "gear"]],
            ["id": "title", "label": "Shape Shuffle", "traits": ["header"]],
            ["id": "levels", "container": "series", "group": "levels", "children": [
                // Each level button's focus ring is drawn in its own shape.
                ["id": "level-circle", "label": "Circle level", "traits": ["button"], "shape": "ellipse"],
                ["id": "level-triangle", "label": "Triangle level", "traits": ["button"],
                 "shape": ["polygon": [[8, 0], [16, 14], [0, 14]]]],
                ["id": "level-square", "label": "Square level", "traits": ["button"], "shape": "rect"],
            ]],
            ["id": "cards", "container": "list", "children": cards.map(cardElement)],
        ]
    }

    /// The Gameplay menu's shortcuts, registered only while a card is focused (canPerformAction):
    /// with anything else focused they neither fire nor appear.
    func gameplayCommands() -> [[String: Any]] {
        guard cardFocused else { return [] }
        return [
            ["id": "add-card", "title": "Add Card", "discoverabilityTitle": "Add Card", "key": "a", "when": "focused", "menu": "Gameplay"],
            ["id": "pin-card", "title": "Pin Card", "discoverabilityTitle": "Pin Card", "key": "p", "when": "focused", "menu": "Gameplay"],
        ]
    }

    // MARK: - Talking to announcerd

    static func connect(arguments: [String], environment: [String: String]) -> Int32 {
        let socketPath = arguments.firstIndex(of: "--socket").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
            ?? environment["ANNOUNCER_SOCKET"]
            ?? environment["XDG_RUNTIME_DIR"].map { $0 + "/announcer/socket" }
        guard let socketPath else {
            say(2, "shape-shuffle: give --socket PATH (XDG_RUNTIME_DIR is not set)")
            exit(64)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            say(2, "shape-shuffle: cannot connect to announcerd at \(socketPath): \(String(cString: strerror(errno)))")
            exit(69)
        }
        return fd
    }

    mutating func send(_ request: [String: Any]) {
        var request = request
        requestID += 1
        request["id"] = requestID
        var data = try! JSONSerialization.data(withJSONObject: request)
        data.append(UInt8(ascii: "\n"))
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    func log(_ line: String) { say(1, line) }

    mutating func announce(_ text: String) {
        send(["type": "announce", "text": text])
    }

    // MARK: - Playing

    mutating func start() {
        send(["type": "hello", "client": "shape-shuffle", "protocol": 1])
        send(["type": "commands", "commands": gameplayCommands()])
        send(["type": "screen", "elements": screenElements()])
        log("Shape Shuffle: \(cards.count) cards on the table. Drive it with `announce keys`.")
    }

    func cardIndex(_ id: String?) -> Int? { cards.firstIndex { $0.id == id } }

    mutating func pin(_ index: Int) {
        cards[index].pinned.toggle()
        let card = cards[index]
        send(["type": "update", "element": cardElement(card)])
        log("\(card.pinned ? "pinned" : "unpinned") \(card.id)")
        announce("Card \(card.number) \(card.pinned ? "pinned" : "unpinned").")
    }

    mutating func add(_ index: Int) {
        hand.append(cards[index].number)
        log("added \(cards[index].id) to the hand")
        announce("Card \(cards[index].number) added. \(hand.count) in your hand.")
    }

    mutating func handle(_ message: [String: Any]) {
        if message["type"] as? String == "error" {
            log("error: \(message["message"] ?? "")")
            return
        }
        guard message["type"] as? String == "event", let event = message["event"] as? String else { return }
        let element = message["element"] as? String
        switch event {
        case "focus":
            log("focus: \(element ?? "none") (ring: \(message["shape"].map { "\($0)" } ?? "rect"))")
            let isCard = cardIndex(element) != nil
            if isCard != cardFocused {
                cardFocused = isCard
                send(["type": "commands", "commands": gameplayCommands()])
            }
        case "activate":
            log("activate: \(element ?? "none")")
            if element == "settings" { announce("Settings are not in this demo.") }
        case "action":
            let action = message["action"] as? String
            log("action: \(action ?? "?") on \(element ?? "none")")
            if let index = cardIndex(element) { action == "pin" ? pin(index) : add(index) }
        case "command":
            let command = message["command"] as? String
            log("command: \(command ?? "?") on \(element ?? "none")")
            if let index = cardIndex(element) { command == "pin-card" ? pin(index) : add(index) }
        default:
            break
        }
    }

    mutating func play() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let message = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { handle(message) }
            }
        }
        log("announcerd closed the connection")
    }
}

var game = ShapeShuffle(fd: ShapeShuffle.connect(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))
game.start()
game.play()
