import AnnouncerCore
import Testing

/// Cases beyond the reference vectors, one per rule of docs/design.md §3, written as VoiceOver says them.
@Suite struct ComposerRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var description: String
        var hint: String?
        var hintStyle: HintStyle = .touch
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "value alone", json: #"{"value":"42%"}"#, description: "42%"),
        Case(name: "empty value is not spoken", json: #"{"label":"Name","value":""}"#, description: "Name"),
        Case(name: "selected with nothing else", json: #"{"traits":["selected"]}"#, description: "Selected."),
        Case(name: "selected with value", json: #"{"label":"Size","value":"Large","traits":["selected"]}"#, description: "Selected: Size: Large"),
        Case(name: "selected button", json: #"{"label":"Bold","traits":["button","selected"]}"#, description: "Selected: Bold. Button."),
        Case(name: "label ending in a period gets no second one", json: #"{"label":"Done.","traits":["button"]}"#, description: "Done. Button."),
        Case(name: "every trait word in order", json: #"{"label":"X","traits":["searchField","image","adjustable","link","header","notEnabled"]}"#,
             description: "X. Dimmed. Heading. Link. Adjustable. Image. Search Field."),
        Case(name: "silent traits", json: #"{"label":"Clock","traits":["staticText","updatesFrequently","playsSound","summaryElement","causesPageTurn","startsMediaSession","allowsDirectInteraction"]}"#,
             description: "Clock"),
        Case(name: "traits alone", json: #"{"traits":["button"]}"#, description: "Button."),
        Case(name: "keyboard key says no Button", json: #"{"label":"Q","traits":["button","keyboardKey"]}"#, description: "Q"),
        Case(name: "back button labelled Back drops the label", json: #"{"label":"Back","traits":["button","backButton"]}"#, description: "Back Button."),
        Case(name: "back button label match ignores case", json: #"{"label":"back","traits":["button","backButton"]}"#, description: "Back Button."),
        Case(name: "switch off", json: #"{"label":"Wi-Fi","value":"0","traits":["button","switchButton"]}"#,
             description: "Wi-Fi. Switch Button. Off.", hint: "Double tap to toggle setting."),
        Case(name: "switch mixed", json: #"{"label":"All","value":"2","traits":["button","switchButton"]}"#,
             description: "All. Switch Button. Mixed.", hint: "Double tap to toggle setting."),
        Case(name: "switch without button trait says only the state", json: #"{"label":"Wi-Fi","value":"1","traits":["switchButton"]}"#,
             description: "Wi-Fi. On.", hint: "Double tap to toggle setting."),
        Case(name: "switch keeps its own hint first", json: #"{"label":"Wi-Fi","value":"1","hint":"Joins networks.","traits":["button","switchButton"]}"#,
             description: "Wi-Fi. Switch Button. On.", hint: "Joins networks. Double tap to toggle setting."),
        Case(name: "dimmed switch has no hint", json: #"{"label":"Wi-Fi","value":"1","traits":["button","switchButton","notEnabled"]}"#,
             description: "Wi-Fi. Dimmed. Switch Button. On."),
        Case(name: "secure text field", json: #"{"label":"Password","traits":["textEntry","secureTextField"]}"#,
             description: "Password. Secure Text Field.", hint: "Double tap to edit."),
        Case(name: "editing text field", json: #"{"label":"Name","value":"Ann","traits":["textEntry","isEditing"]}"#,
             description: "Name: Ann. Text Field. Is editing.", hint: "Use the rotor to access Misspelled Words"),
        Case(name: "text entry replaces the hint", json: #"{"label":"Name","hint":"Your name","traits":["textEntry"]}"#,
             description: "Name. Text Field.", hint: "Double tap to edit."),
        Case(name: "dimmed text field keeps its hint", json: #"{"label":"Name","hint":"Your name","traits":["textEntry","notEnabled"]}"#,
             description: "Name. Dimmed. Text Field.", hint: "Your name"),
        Case(name: "adjustable hint not when dimmed", json: #"{"label":"Volume","traits":["adjustable","notEnabled"]}"#,
             description: "Volume. Dimmed. Adjustable."),
        Case(name: "adjustable with only a hint keeps it as description", json: #"{"hint":"Volume","traits":["adjustable"]}"#,
             description: "Volume. Adjustable."),
        Case(name: "adjustable hint ending in a period", json: #"{"label":"Volume","hint":"Loudness.","traits":["adjustable"]}"#,
             description: "Volume. Adjustable.", hint: "Loudness. Swipe up or down with one finger to adjust the value."),
        Case(name: "plain hint stays a hint", json: #"{"label":"Play","hint":"Plays the song."}"#, description: "Play", hint: "Plays the song."),
        Case(name: "series without traits", json: #"{"label":"Day","context":{"kind":"series","index":1,"count":3}}"#, description: "Day 1 of 3."),
        Case(name: "tab context hides Button and says Tab", json: #"{"label":"Home","traits":["button"],"context":{"kind":"tab","index":2,"count":4}}"#,
             description: "Home. Tab. 2 of 4."),
        Case(name: "list end", json: #"{"label":"Last","context":{"kind":"listEnd"}}"#, description: "Last. List End."),
        Case(name: "landmark start", json: #"{"label":"Nav","traits":["header"],"context":{"kind":"landmarkStart"}}"#, description: "Nav. Heading. Landmark."),
        Case(name: "landmark end", json: #"{"label":"Footer","context":{"kind":"landmarkEnd"}}"#, description: "Footer. End."),
        Case(name: "large position numbers are grouped", json: #"{"label":"Row","context":{"kind":"series","index":1200,"count":25000}}"#,
             description: "Row 1,200 of 25,000."),
        Case(name: "check box, never a switch", json: #"{"label":"Lettuce","value":"0","traits":["button","checkBox"]}"#,
             description: "Lettuce. Check Box. Not Checked.", hint: "Double tap to toggle setting."),
        Case(name: "check box checked", json: #"{"label":"Lettuce","value":"1","traits":["button","checkBox"]}"#,
             description: "Lettuce. Check Box. Checked.", hint: "Double tap to toggle setting."),
        Case(name: "check box mixed", json: #"{"label":"All condiments","value":"2","traits":["button","checkBox"]}"#,
             description: "All condiments. Check Box. Mixed.", hint: "Double tap to toggle setting."),
        Case(name: "radio button with its place", json: #"{"label":"Thin","value":"0","traits":["button","radioButton"],"context":{"kind":"series","index":2,"count":3}}"#,
             description: "Thin. Radio Button. Not Checked. 2 of 3."),
        Case(name: "toggle button pressed", json: #"{"label":"Mute","value":"1","traits":["button","toggleButton"]}"#,
             description: "Mute. Toggle Button. Pressed.", hint: "Double tap to toggle setting."),
        Case(name: "menu button collapsed", json: #"{"label":"Actions","traits":["button","menuButton","collapsed"]}"#,
             description: "Actions. Menu Button. Collapsed."),
        Case(name: "disclosure expanded", json: #"{"label":"Details","traits":["button","expanded"]}"#,
             description: "Details. Button. Expanded."),
        Case(name: "dimmed check box", json: #"{"label":"Lettuce","value":"1","traits":["button","checkBox","notEnabled"]}"#,
             description: "Lettuce. Dimmed. Check Box. Checked."),
        Case(name: "containers entered, outermost first", json: #"{"label":"Lettuce","value":"0","traits":["button","checkBox"],"entered":[{"kind":"dialog","label":"Order"},{"kind":"group","label":"Sandwich Condiments"}]}"#,
             description: "Order. Dialog. Sandwich Condiments. Group. Lettuce. Check Box. Not Checked.", hint: "Double tap to toggle setting."),
        Case(name: "a dialog entered says its description after its kind",
             json: #"{"label":"Street","traits":["textEntry"],"entered":[{"kind":"dialog","label":"New address","description":"Where should we deliver?"}]}"#,
             description: "New address. Dialog. Where should we deliver? Street. Text Field.", hint: "Double tap to edit."),
        Case(name: "a question ends its own sentence", json: #"{"label":"Delete the file?","traits":["button"]}"#,
             description: "Delete the file? Button."),
        Case(name: "a description with no stop of its own gets one", json: #"{"label":"Street","traits":["textEntry"],"entered":[{"kind":"dialog","description":"Pick one"}]}"#,
             description: "Dialog. Pick one. Street. Text Field.", hint: "Double tap to edit."),
        Case(name: "a container without a name says its kind", json: #"{"label":"Home","traits":["link"],"entered":[{"kind":"list"}]}"#,
             description: "List. Home. Link."),
        Case(name: "keyboard switch hint", json: #"{"label":"Wi-Fi","value":"1","traits":["button","switchButton"]}"#,
             description: "Wi-Fi. Switch Button. On.", hint: "Press Space to toggle setting.", hintStyle: .keyboard),
        Case(name: "keyboard edit hint", json: #"{"label":"Name","traits":["textEntry"]}"#,
             description: "Name. Text Field.", hint: "Press Space to edit.", hintStyle: .keyboard),
        Case(name: "keyboard adjust hint", json: #"{"label":"Volume","traits":["adjustable"]}"#,
             description: "Volume. Adjustable.", hint: "Press Up or Down Arrow to adjust the value.", hintStyle: .keyboard),
        Case(name: "slider with its range", json: #"{"label":"Red","value":"128","traits":["adjustable","slider"],"range":{"minimum":0,"maximum":255}}"#,
             description: "Red: 128. Slider. 0 to 255.", hint: "Press Up or Down Arrow to adjust the value.", hintStyle: .keyboard),
        Case(name: "spin button with a fractional range", json: #"{"label":"Zoom","value":"1.5","traits":["adjustable","spinButton"],"range":{"minimum":0.5,"maximum":4}}"#,
             description: "Zoom: 1.5. Spin Button. 0.5 to 4.", hint: "Swipe up or down with one finger to adjust the value."),
        Case(name: "menu item in place of a button", json: #"{"label":"Action 2","traits":["button","menuItem"],"context":{"kind":"series","index":2,"count":4}}"#,
             description: "Action 2. Menu Item. 2 of 4."),
        Case(name: "a container left, then one entered", json: #"{"label":"Send","traits":["button"],"left":[{"kind":"radioGroup"},{"kind":"group","label":"Crust"}],"entered":[{"kind":"toolbar"}]}"#,
             description: "Out of Radio Group. Out of Group. Toolbar. Send. Button."),
        Case(name: "tab panel entered", json: #"{"label":"Maria Ahlefeldt","traits":["staticText"],"entered":[{"kind":"tabPanel","label":"Maria Ahlefeldt"}]}"#,
             description: "Maria Ahlefeldt. Tab Panel. Maria Ahlefeldt"),
    ]

    @Test(arguments: cases)
    func composes(_ testCase: Case) throws {
        let utterance = composer(hintStyle: testCase.hintStyle).compose(try element(testCase.json))
        #expect(utterance.description == testCase.description)
        #expect(utterance.hint == testCase.hint)
    }
}
