/// The accessibilityTraits an element may carry, by their wire names (docs/design.md §2).
public enum Trait: String, CaseIterable, Sendable {
    case button, link, header, searchField, image, selected, playsSound, keyboardKey, staticText
    case summaryElement, notEnabled, updatesFrequently, startsMediaSession, adjustable
    case allowsDirectInteraction, causesPageTurn, tabBar, textEntry, isEditing, secureTextField
    case textArea, switchButton, backButton, tabBarItem
    // Beyond UIKit's traits: what a web page's controls say of themselves (docs/design.md §12).
    case popUpButton, visited, required, invalid
    // What a desktop's or a web page's control is when it is none of UIKit's, each said in
    // place of "Button." with its state from the value (1, 0, 2 for mixed); and whether a
    // button or link shows more (a disclosure, a menu button).
    case checkBox, radioButton, toggleButton, menuButton, expanded, collapsed
    // An adjustable element that is a slider or a spin button says so in place of "Adjustable.";
    // a menu's item says "Menu Item." in place of "Button.".
    case slider, spinButton, menuItem
    // The one of a set that is the current one (a web page's `aria-current`): the page, the step,
    // the location, the date, the time, or just current; said after what it is.
    case currentPage, currentStep, currentLocation, currentDate, currentTime, current
    // A web page's combo box (ARIA's combobox role), said "Combo Box." in place of a select's
    // "Pop Up Button."; one that can be typed in, and one that completes what is typed.
    case comboBox, editable, autocomplete
    // Which way a slider moves (its arrows), said after what it is: "Slider. Horizontal.".
    case horizontal, vertical
    // A gauge of a value within its range (ARIA's meter): "Meter.", its value and range.
    case meter
    // An option that can be selected and is not: "Apple. Not Selected. 2 of 13." (a web page's
    // list, as NVDA says it).
    case notSelected

    /// Its bit in `Traits`; the position in `allCases` is stable because the list above is.
    var bit: UInt64 { 1 << UInt64(Trait.allCases.firstIndex(of: self)!) }
}

/// A set of traits as one word, so that the composer's many membership tests cost nothing.
public struct Traits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public init(_ traits: [Trait]) {
        self.init(rawValue: traits.reduce(0) { $0 | $1.bit })
    }

    public func contains(_ trait: Trait) -> Bool { rawValue & trait.bit != 0 }

    public mutating func insert(_ trait: Trait) { formUnion(Traits(rawValue: trait.bit)) }

    public mutating func remove(_ trait: Trait) { subtract(Traits(rawValue: trait.bit)) }

    /// The traits in the canonical order of `Trait.allCases`.
    public var names: [String] { Trait.allCases.filter { contains($0) }.map(\.rawValue) }
}

extension Traits: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Trait...) { self.init(elements) }
}
