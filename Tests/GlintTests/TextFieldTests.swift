import Foundation
@testable import Glint
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `TextField` and `SecureField` driven as a user drives them: clicks, typed text and keys
/// (Glint's window hands them over the same way), and the pure editing underneath.
@Suite("Text fields: focus, typing, selection, the clipboard, Tab, onSubmit, SecureField")
struct TextFieldTests {
    final class Model {
        var name = ""
        var city = "Paris"
        var secret = ""
        var submitted = 0
    }

    static let size = CGSize(width: 300, height: 120)

    static func form(_ model: Model) -> some View {
        VStack(spacing: 8) {
            TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
                .onSubmit { model.submitted += 1 }
                .accessibilityIdentifier("name")
            TextField("City", text: Binding(get: { model.city }, set: { model.city = $0 }))
                .accessibilityIdentifier("city")
            SecureField("Password", text: Binding(get: { model.secret }, set: { model.secret = $0 }))
                .accessibilityIdentifier("secret")
        }
        .padding(10)
    }

    func click(_ resolved: ResolvedView, _ point: Point, time: Double = 0) {
        resolved.handle(PointerEvent(.down, point, at: time))
        resolved.handle(PointerEvent(.up, point, at: time + 0.05))
    }

    func centre(_ resolved: ResolvedView, _ id: String) throws -> Point {
        let frame = try #require(resolved.frame(identifiedBy: id))
        return Point(x: frame.midX, y: frame.midY)
    }

    @Test("a click focuses a field; typed text goes in at the caret and into the binding; the window's keys type while it has the focus; Esc leaves it")
    func typing() throws {
        let model = Model()
        var resolved = ResolvedView()
        resolved.update(Self.form(model), in: Self.size)
        #expect(!resolved.hasTextFocus)
        #expect(!resolved.handleKeyStroke("s"), "no field focused: keys go on to the window")
        click(resolved, try centre(resolved, "name"))
        resolved.update(Self.form(model), in: Self.size)
        #expect(resolved.hasTextFocus)
        resolved.type(Array("Ada s".unicodeScalars))
        #expect(resolved.handleKeyStroke("s"), "a key that types is the field's while it has the focus")
        #expect(model.name == "Ada s")
        #expect(resolved.handleKeyStroke(.delete) && resolved.handleKeyStroke(.delete))
        #expect(model.name == "Ada")
        #expect(resolved.handleKeyStroke(.return) && model.submitted == 1, "Return runs onSubmit")
        #expect(resolved.handleKeyStroke(.escape) && !resolved.hasTextFocus)
        #expect(!resolved.handleKeyStroke("q"), "after Esc, Q is the window's again")
    }

    @Test("Shift-arrows select, typing replaces the selection, Control-C/X/V copy, cut and paste through the clipboard, Control-A selects all")
    func selectionAndClipboard() throws {
        let model = Model()
        var resolved = ResolvedView()
        resolved.update(Self.form(model), in: Self.size)
        // A click far right of the text puts the caret at its end.
        let city = try #require(resolved.frame(identifiedBy: "city"))
        click(resolved, Point(x: city.maxX - 4, y: city.midY))
        resolved.update(Self.form(model), in: Self.size)
        _ = resolved.handleKeyStroke(.leftArrow, shift: true)
        _ = resolved.handleKeyStroke(.leftArrow, shift: true)
        _ = resolved.handleKeyStroke("c", control: true)
        #expect(resolved.store.clipboard.string == "is")
        resolved.type(Array("ce".unicodeScalars))
        #expect(model.city == "Parce")
        _ = resolved.handleKeyStroke("a", control: true)
        _ = resolved.handleKeyStroke("x", control: true)
        #expect(model.city == "" && resolved.store.clipboard.string == "Parce")
        _ = resolved.handleKeyStroke("v", control: true)
        _ = resolved.handleKeyStroke("v", control: true)
        #expect(model.city == "ParceParce")
        // A click near the start puts the caret before the first letter.
        click(resolved, Point(x: city.minX + 2, y: city.midY), time: 1)
        resolved.update(Self.form(model), in: Self.size)
        resolved.type(["X"])
        #expect(model.city == "XParceParce")
    }

    @Test("Tab moves the focus through the fields in order (Shift-Tab back), selecting the whole text; a SecureField never copies")
    func tabOrder() throws {
        let model = Model()
        model.secret = "hunter2"
        var resolved = ResolvedView()
        resolved.update(Self.form(model), in: Self.size)
        #expect(resolved.handleKeyStroke(.tab))
        resolved.type(["N"])
        #expect(model.name == "N")
        #expect(resolved.handleKeyStroke(.tab))
        resolved.type(["L"])
        #expect(model.city == "L", "tabbed in, the whole text was selected and replaced")
        #expect(resolved.handleKeyStroke(.tab))
        _ = resolved.handleKeyStroke("c", control: true)
        #expect(resolved.store.clipboard.string == nil, "the secure field's text is not copied")
        #expect(resolved.handleKeyStroke(.tab, shift: true))
        resolved.type(["y"])
        #expect(model.city == "y")
    }

    @Test("the field draws its text, the prompt in grey while empty, and the focused field's border in the tint; a SecureField dots")
    func drawn() throws {
        let model = Model()
        model.secret = "abc"
        var resolved = ResolvedView()
        // White text on the black backdrop.
        let view = Self.form(model).tint(.red).foregroundStyle(.white)
        resolved.update(view, in: Self.size)
        click(resolved, try centre(resolved, "name"))
        resolved.update(view, in: Self.size)
        let pixels = try resolved.drawnHeadless()
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * Int(Self.size.width) + x) * 4
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
        let name = try #require(resolved.frame(identifiedBy: "name"))
        let city = try #require(resolved.frame(identifiedBy: "city"))
        // The focused field's left border is the tint (red); the other's grey.
        let focusedEdge = pixel(Int(name.minX) + 1, Int(name.midY))
        #expect(focusedEdge.0 > 180 && focusedEdge.1 < 90, "\(focusedEdge)")
        let plainEdge = pixel(Int(city.minX), Int(city.midY))
        #expect(abs(plainEdge.0 - plainEdge.1) < 20 && plainEdge.0 > 60, "\(plainEdge)")
        // Ink inside each field: the prompt, the text, the dots.
        for id in ["name", "city", "secret"] {
            let frame = try #require(resolved.frame(identifiedBy: id))
            var ink = 0
            for y in Int(frame.minY) + 4..<Int(frame.maxY) - 4 {
                for x in Int(frame.minX) + 8..<Int(frame.minX) + 60 where pixel(x, y) != pixel(Int(frame.minX) + 4, y) { ink += 1 }
            }
            #expect(ink > 20, "\(id) shows something: \(ink)")
        }
    }

    @Test("Tab reaches the controls too, in the order made: Space presses a focused button and flips a toggle, the arrows move a slider, Esc leaves; a focused control takes only those keys")
    func controlsInTabOrder() {
        final class Form { var name = ""; var presses = 0; var on = false; var level = 0.5 }
        let form = Form()
        func view() -> some View {
            VStack {
                TextField("Name", text: Binding(get: { form.name }, set: { form.name = $0 }))
                Button("Go") { form.presses += 1 }
                Toggle("On", isOn: Binding(get: { form.on }, set: { form.on = $0 }))
                Slider(value: Binding(get: { form.level }, set: { form.level = $0 }), in: 0...1)
            }
        }
        var resolved = ResolvedView()
        resolved.update(view(), in: Self.size)
        #expect(resolved.handleKeyStroke(.tab) && resolved.hasTextFocus)
        #expect(resolved.handleKeyStroke(.tab) && !resolved.hasTextFocus && resolved.hasKeyboardFocus)
        #expect(resolved.handleKeyStroke(.space) && form.presses == 1, "Space pressed the button")
        #expect(!resolved.handleKeyStroke("q") && !resolved.focusTakes("q") && resolved.focusTakes(.space),
                "a focused button leaves letters to the window")
        #expect(resolved.handleKeyStroke(.tab) && resolved.handleKeyStroke(.return) && form.on, "Return flipped the toggle")
        #expect(resolved.handleKeyStroke(.tab) && resolved.handleKeyStroke(.rightArrow))
        #expect(abs(form.level - 0.55) < 1e-9, "a twentieth of the range: \(form.level)")
        #expect(resolved.handleKeyStroke(.escape) && !resolved.hasKeyboardFocus)
        #expect(resolved.handleKeyStroke(.tab, shift: true) && resolved.handleKeyStroke(.leftArrow) && abs(form.level - 0.5) < 1e-9,
                "Shift-Tab from nothing: the last, the slider")
    }

    @Test("TextEditing: characters, not bytes; deleting a selection; moving collapses it to its edge")
    func editing() {
        var e = TextEditing(text: "café 👋")
        #expect(e.count == 6 && e.caret == 6)
        e.deleteBackward()
        #expect(e.text == "café ")
        e.place(at: 1)
        e.place(at: 4, extending: true)
        #expect(e.selectedText == "afé")
        e.move(by: -1)
        #expect(e.caret == 1 && e.selection.isEmpty)
        e.insert("line\nbreak\t")
        #expect(e.text == "clinebreakafé ", "a field is one line: breaks and tabs are left out")
    }
}
