/// A key on the keyboard, named the way SwiftUI's `KeyEquivalent` names it: by the character it
/// types on a US layout (`"q"`, `"1"`, `"/"`), or by a name for the keys that type none
/// (`.escape`, `.tab`, `.upArrow`).
///
/// Keys are physical: `"q"` is the key where a US keyboard has its Q, whatever the layout, so
/// bindings stay in place on any keyboard (as GLFW's key codes do). Letters are lower case.
///
/// ```swift
/// switch key {
/// case .escape, "q": window.close()
/// case "h": showsHUD.toggle()
/// default: if let digit = key.character.wholeNumberValue { select(digit) }
/// }
/// ```
public struct Key: Hashable, Sendable, CustomStringConvertible, ExpressibleByExtendedGraphemeClusterLiteral {
    /// The character the key types; a private-use character (as in SwiftUI) for keys that type none.
    public let character: Character

    /// The key that types `character` on a US layout; letters in lower case.
    public init(_ character: Character) {
        self.character = character
    }

    public init(extendedGraphemeClusterLiteral character: Character) {
        self.init(character)
    }

    /// Esc.
    public static let escape = Key("\u{1B}")
    /// Tab.
    public static let tab = Key("\t")
    /// Return (Enter).
    public static let `return` = Key("\r")
    /// The space bar.
    public static let space = Key(" ")
    /// Backspace, the key that deletes backwards (SwiftUI's name).
    public static let delete = Key("\u{8}")
    /// Delete, the key that deletes forwards.
    public static let deleteForward = Key("\u{7F}")
    /// ↑.
    public static let upArrow = Key("\u{F700}")
    /// ↓.
    public static let downArrow = Key("\u{F701}")
    /// ←.
    public static let leftArrow = Key("\u{F702}")
    /// →.
    public static let rightArrow = Key("\u{F703}")
    /// Home.
    public static let home = Key("\u{F729}")
    /// End.
    public static let end = Key("\u{F72B}")
    /// Page Up.
    public static let pageUp = Key("\u{F72C}")
    /// Page Down.
    public static let pageDown = Key("\u{F72D}")
    /// F11 (the private-use character AppKit gives it, as the arrows above).
    public static let f11 = Key("\u{F70E}")

    /// The digit on the key, for the row of number keys: 0…9, or nil.
    public var digit: Int? {
        character.isASCII ? character.wholeNumberValue : nil
    }

    /// What a user would call it: "Esc", "Tab", "↑", "Q", "1".
    public var description: String {
        switch self {
        case .escape: "Esc"
        case .tab: "Tab"
        case .return: "Return"
        case .space: "Space"
        case .delete: "Backspace"
        case .deleteForward: "Delete"
        case .upArrow: "↑"
        case .downArrow: "↓"
        case .leftArrow: "←"
        case .rightArrow: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Page Up"
        case .pageDown: "Page Down"
        case .f11: "F11"
        default: character.uppercased()
        }
    }
}
