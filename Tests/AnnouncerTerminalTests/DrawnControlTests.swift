import AnnouncerComposer
import AnnouncerElements
import AnnouncerScheduler
import AnnouncerTerminal
import AnnouncerTestSupport
import Testing

/// Check boxes and radio buttons drawn in text: the elements they stand for, their words as the
/// composer gives them in each locale, and a highlight that moves onto one sent as that element.
struct DrawnControlTests {
    typealias Speech = TerminalReader.Speech

    @Test(arguments: [
        ("[X] olives Olives", [Element(label: "olives Olives", value: "1", traits: [.checkBox])]),
        ("[x] olives", [Element(label: "olives", value: "1", traits: [.checkBox])]),
        ("[*] olives", [Element(label: "olives", value: "1", traits: [.checkBox])]),
        ("[ ] ham Ham", [Element(label: "ham Ham", value: "0", traits: [.checkBox])]),
        ("(*) Large", [Element(label: "Large", traits: [.selected])]),
        ("( ) Small", [Element(label: "Small")]),
        ("banana Yellow fruit", [Element(label: "banana Yellow fruit")]),
        ("Size: (*) Large ( ) Small", [Element(label: "Size:"), Element(label: "Large", traits: [.selected]), Element(label: "Small")]),
        ("[ ]", [Element(value: "0", traits: [.checkBox])]),
    ])
    func aLineIsTheControlsDrawnOnIt(text: String, elements: [Element]) {
        #expect(DrawnControl.elements(in: text) == elements)
    }

    /// Output says a drawn control as announcerd says a focused one, in the configured locale:
    /// no word of the door's own.
    @Test(arguments: [
        ("en", "[X] olives Olives", "olives Olives. Checked."),
        ("en", "[ ] ham", "ham. Not Checked."),
        ("en", "(*) Large", "Selected: Large"),
        ("en", "( ) Small", "Small"),
        ("en", "no box here", "no box here"),
        ("de", "[X] Oliven", "Oliven. Aktiviert."),
        ("de", "[ ] Schinken", "Schinken. Nicht aktiviert."),
        ("de", "(*) Groß", "Auswahl: Groß"),
        ("de", "Größe: (*) Groß ( ) Klein", "Größe: Auswahl: Groß Klein"),
        ("zh-Hans", "[X] 橄榄", "橄榄。已勾选。"),
    ])
    func outputSaysADrawnControlInTheLocalesWords(locale: String, text: String, said: String) {
        #expect(DrawnControl.said(text, composer: UtteranceComposer(catalog: packagedCatalog, locale: locale)) == said)
    }

    /// A highlight moving onto a row (dialog's checklist and radiolist, whiptail's menu) is the
    /// focus of the row's element: its state as traits and value, never as words in its label.
    @Test(arguments: [
        ("[X] olives", Element(label: "olives", value: "1", traits: [.checkBox])),
        ("[ ] ham", Element(label: "ham", value: "0", traits: [.checkBox])),
        ("(*) Large", Element(label: "Large", traits: [.selected])),
        ("( ) Small", Element(label: "Small")),
        ("banana", Element(label: "banana")),
    ])
    func aHighlightIsTheFocusOfItsElement(row: String, element: Element) {
        var lines = ["  first", "  " + row, ""].map { ScreenLine(text: $0, columns: 20) }
        lines[0] = ScreenLine(text: "  first", columns: 20, look: 1)
        let before = ScreenSnapshot(lines: lines, cursor: ScreenPosition(row: 2, column: 0))
        var reader = TerminalReader(composer: englishComposer, screen: before)
        _ = reader.output(before, scrolledOff: ScrolledOff(), at: 0)
        while let deadline = reader.deadline { _ = reader.tick(at: deadline) }
        var after = before
        after.lines[0] = ScreenLine(text: "  first", columns: 20)
        after.lines[1] = ScreenLine(text: "  " + row, columns: 20, look: 1)
        var said = reader.key(.down, at: 100) + reader.output(after, scrolledOff: ScrolledOff(), at: 101)
        while let deadline = reader.deadline { said += reader.tick(at: deadline) }
        #expect(said == [.stop, .focus(element)])
    }
}
