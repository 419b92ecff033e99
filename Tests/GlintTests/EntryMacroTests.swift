// `@Entry` exists with the EntryMacro trait, which scripts/test turns on (`--traits EntryMacro`).
#if EntryMacro
import Glint
import Testing

extension EnvironmentValues {
    /// A colour with its type written: the key's default is `.blue`.
    @Entry fileprivate var entryColor: Color = .blue
    /// A number with its type left to the initializer.
    @Entry fileprivate var entryCount = 2
    /// An optional with no initial value: nil until a view above sets it.
    @Entry fileprivate var entryTitle: String?
}

/// A square in the environment's `entryColor`.
private struct EntrySwatch: View {
    @Environment(\.entryColor) private var color
    var body: some View { color.frame(width: 8, height: 8) }
}

/// A bar `4 + entryCount` points wide, white where `entryTitle` is set and black where it is nil.
private struct EntryBar: View {
    @Environment(\.entryCount) private var count
    @Environment(\.entryTitle) private var title
    var body: some View {
        (title == nil ? Color.black : Color.white).frame(width: CGFloat(4 + count), height: 4)
    }
}

/// `@Entry` in an extension of `EnvironmentValues`: the key and the property it writes, read with
/// `@Environment` and set with `.environment`.
@Suite("@Entry", .serialized)
struct EntryMacroTests {
    @Test("@Entry var name: Type = value: its default where no view set it, .environment's value below it")
    func typedEntry() throws {
        #expect(EnvironmentTests.centre(try EnvironmentTests.pixels(EntrySwatch())) == [0, 122, 255, 255])
        let red = EntrySwatch().environment(\.entryColor, .red)
        #expect(EnvironmentTests.centre(try EnvironmentTests.pixels(red)) == [255, 59, 48, 255])
        // The innermost .environment wins, as with a key written out.
        let nested = VStack { EntrySwatch().environment(\.entryColor, .green) }.environment(\.entryColor, .red)
        #expect(EnvironmentTests.centre(try EnvironmentTests.pixels(nested)) == [52, 199, 89, 255])
    }

    @Test("@Entry var name = value (type inferred) and an optional with no value (nil by default)")
    func inferredAndOptionalEntries() throws {
        let plain = try EnvironmentTests.pixels(EntryBar())
        #expect(plain.width == 6)
        #expect(EnvironmentTests.centre(plain) == [0, 0, 0, 255])
        let set = try EnvironmentTests.pixels(EntryBar().environment(\.entryCount, 9).environment(\.entryTitle, "Hi"))
        #expect(set.width == 13)
        #expect(EnvironmentTests.centre(set) == [255, 255, 255, 255])

        // The same through EnvironmentValues itself: each property keeps its own key.
        var values = EnvironmentValues()
        #expect(values.entryCount == 2 && values.entryTitle == nil && values.entryColor == .blue)
        values.entryCount = 5
        values.entryTitle = "Title"
        #expect(values.entryCount == 5 && values.entryTitle == "Title" && values.entryColor == .blue)
        values.entryTitle = nil
        #expect(values.entryTitle == nil)
    }
}
#endif
