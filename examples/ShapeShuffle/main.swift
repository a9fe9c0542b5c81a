// Shape Shuffle for the terminal: a small card game that publishes its elements to announcerd
// and reacts to what a keyboard user does with them. It talks only the public wire protocol
// (docs/protocol.md), through the AnnouncerClient library.
//
//   swift run shape-shuffle [--socket PATH]
//
// Then drive it from another terminal with `announce keys`.

import AnnouncerClient
import AnnouncerElements
import AnnouncerFocus
import AnnouncerWire
import AnnouncerSystem

/// Writes a line to standard output, at once (a pipe or a file is not a terminal).
func log(_ line: String) { Console.out(line) }

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
    let daemon: DaemonConnection

    init(daemon: DaemonConnection) { self.daemon = daemon }

    // MARK: - The elements

    func cardElement(_ card: Card) -> Element {
        Element(id: card.id + "-group", children: [
            Element(id: card.id, label: "Card \(card.number)", value: card.pinned ? "Pinned" : "", traits: [.button],
                    actions: [CustomAction(id: "add", name: "Add"), CustomAction(id: "pin", name: "Pin")],
                    frame: Frame(x: Double(10 + 20 * card.number), y: 10, width: 16, height: 8), shape: .roundedRect),
            // The card's views: read in VoiceOver's reading order, skipped by the keyboard.
            Element(id: card.id + "-shape", label: card.shape, traits: [.image], interactive: false),
            Element(id: card.id + "-colour", label: card.colour, interactive: false),
            Element(id: card.id + "-number", label: String(card.number), interactive: false),
        ], group: "cards", container: .semanticGroup)
    }

    func screenElements() -> [Element] {
        [
            Element(id: "settings", label: "Settings", traits: [.button], inputLabels: ["settings", "prefs", "preferences", "gear"],
                    group: "toolbar", shape: .ellipse),
            Element(id: "title", label: "Shape Shuffle", traits: [.header]),
            Element(id: "levels", children: [
                // Each level button's focus ring is drawn in its own shape.
                Element(id: "level-circle", label: "Circle level", traits: [.button], shape: .ellipse),
                Element(id: "level-triangle", label: "Triangle level", traits: [.button],
                        shape: .polygon([.init(x: 8, y: 0), .init(x: 16, y: 14), .init(x: 0, y: 14)])),
                Element(id: "level-square", label: "Square level", traits: [.button], shape: .rect),
            ], group: "levels", container: .series),
            Element(id: "cards", children: cards.map(cardElement), container: .list),
        ]
    }

    /// The Gameplay menu's shortcuts, registered only while a card is focused (canPerformAction):
    /// with anything else focused they neither fire nor appear.
    func gameplayCommands() -> [KeyCommand] {
        guard cardFocused else { return [] }
        return [
            KeyCommand(id: "add-card", title: "Add Card", key: KeyPress("a"), when: .focused, menu: "Gameplay"),
            KeyCommand(id: "pin-card", title: "Pin Card", key: KeyPress("p"), when: .focused, menu: "Gameplay"),
        ]
    }

    // MARK: - Talking to announcerd

    func send(_ request: Request) {
        do {
            try daemon.send(request)
        } catch {
            log("shape-shuffle: \(error)")
        }
    }

    func announce(_ text: String) {
        send(.announce(Announcement(text: text)))
    }

    // MARK: - Playing

    mutating func start() {
        send(.hello(client: "shape-shuffle", protocol: 1))
        send(.commands(gameplayCommands()))
        do {
            send(.screen(try ElementTree(roots: screenElements()), focus: nil))
        } catch {
            log("shape-shuffle: the screen is not a valid tree: \(error)")
        }
        log("Shape Shuffle: \(cards.count) cards on the table. Drive it with `announce keys`.")
    }

    func cardIndex(_ id: String?) -> Int? { cards.firstIndex { $0.id == id } }

    mutating func pin(_ index: Int) {
        cards[index].pinned.toggle()
        let card = cards[index]
        send(.update([cardElement(card)], focus: nil))
        log("\(card.pinned ? "pinned" : "unpinned") \(card.id)")
        announce("Card \(card.number) \(card.pinned ? "pinned" : "unpinned").")
    }

    mutating func add(_ index: Int) {
        hand.append(cards[index].number)
        log("added \(cards[index].id) to the hand")
        announce("Card \(cards[index].number) added. \(hand.count) in your hand.")
    }

    mutating func handle(_ message: DaemonMessage) {
        switch message {
        case .reply(let reply):
            if case .error(_, let text) = reply.body { log("error: \(text)") }
        case .event(.focus(let element, _, let shape)):
            log("focus: \(element ?? "none") (ring: \(shape.map { "\($0)" } ?? "rect"))")
            let isCard = cardIndex(element) != nil
            if isCard != cardFocused {
                cardFocused = isCard
                send(.commands(gameplayCommands()))
            }
        case .event(.activate(let element)):
            log("activate: \(element)")
            if element == "settings" { announce("Settings are not in this demo.") }
        case .event(.action(let element, let action)):
            log("action: \(action) on \(element)")
            if let index = cardIndex(element) { action == "pin" ? pin(index) : add(index) }
        case .event(.command(let command, let element)):
            log("command: \(command) on \(element ?? "none")")
            if let index = cardIndex(element) { command == "pin-card" ? pin(index) : add(index) }
        case .event:
            break
        }
    }

    mutating func play() {
        while let message = try? daemon.nextMessage() { handle(message) }
        log("announcerd closed the connection")
    }
}

let arguments = CommandLine.arguments
let socket = arguments.firstIndex(of: "--socket").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let daemon: DaemonConnection
do {
    daemon = try DaemonConnection(socket: socket)
} catch {
    Console.error("shape-shuffle: \(error)")
    ExitStatus.unavailable.exit()
}
var game = ShapeShuffle(daemon: daemon)
game.start()
game.play()
