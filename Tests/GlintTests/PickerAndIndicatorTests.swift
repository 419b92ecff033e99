import Foundation
import Glint
import GlintTestSupport
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// `Picker` in its three looks, `Stepper`, `ProgressView`, `Gauge` and `Divider`, driven by
/// clicks on the laid-out tree and drawn through `ImageRenderer`.
@Suite("Picker, Stepper, ProgressView, Gauge, Divider")
struct PickerAndIndicatorTests {
    enum Flavor: Hashable { case vanilla, mint, cherry }

    final class Model {
        var flavor = Flavor.vanilla
        var count = 2
    }

    static let size = CGSize(width: 320, height: 240)

    func click(_ resolved: ResolvedView, _ rect: CGRect, time: Double = 0) {
        let point = Point(x: rect.midX, y: rect.midY)
        resolved.handle(PointerEvent(.down, point, at: time))
        resolved.handle(PointerEvent(.up, point, at: time + 0.05))
    }

    static func picker(_ model: Model) -> some View {
        Picker("Flavor", selection: Binding(get: { model.flavor }, set: { model.flavor = $0 })) {
            Text("Vanilla").tag(Flavor.vanilla)
            Text("Mint").tag(Flavor.mint)
            Text("Cherry").tag(Flavor.cherry)
        }
    }

    @Test("a segmented picker shows every option side by side; a click on one chooses it")
    func segmented() {
        let model = Model()
        let view = VStack { Self.picker(model).pickerStyle(.segmented); Spacer() }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.size)
        let options = resolved.buttonRects
        #expect(options.count == 3)
        #expect(options[0].maxX <= options[1].minX && options[1].maxX <= options[2].minX && options[0].midY == options[2].midY)
        click(resolved, options[2])
        #expect(model.flavor == .cherry)
    }

    @Test("options made by ForEach without a .tag are tagged by their id where it is of the selection's type; an explicit .tag wins; ids of another type make no options")
    func forEachTags() {
        let model = Model()
        let all: [Flavor] = [.vanilla, .mint, .cherry]
        let byID = VStack {
            Picker("Flavor", selection: Binding(get: { model.flavor }, set: { model.flavor = $0 })) {
                ForEach(all, id: \.self) { flavor in Text("\(flavor)") }
            }
            .pickerStyle(.segmented)
            Spacer()
        }
        var resolved = ResolvedView()
        resolved.update(byID, in: Self.size)
        #expect(resolved.buttonRects.count == 3)
        click(resolved, resolved.buttonRects[1])
        #expect(model.flavor == .mint)
        // An explicit tag (the reverse order) wins over the id.
        let explicit = VStack {
            Picker("Flavor", selection: Binding(get: { model.flavor }, set: { model.flavor = $0 })) {
                ForEach(all.indices, id: \.self) { i in Text("\(all[i])").tag(all[2 - i]) }
            }
            .pickerStyle(.segmented)
            Spacer()
        }
        resolved.update(explicit, in: Self.size)
        #expect(resolved.buttonRects.count == 3)
        click(resolved, resolved.buttonRects[0], time: 1)
        #expect(model.flavor == .cherry)
        // Int ids for a Flavor selection: no tags, so no options to click.
        let wrongType = VStack {
            Picker("Flavor", selection: Binding(get: { model.flavor }, set: { model.flavor = $0 })) {
                ForEach(0..<3) { i in Text("\(i)") }
            }
            .pickerStyle(.segmented)
            Spacer()
        }
        resolved.update(wrongType, in: Self.size)
        #expect(resolved.buttonRects.isEmpty)
    }

    @Test("an open menu picker's options float over the views after it: drawn over them, and a click on an option chooses it rather than reaching the view below")
    func optionsFloat() throws {
        let model = Model()
        final class Taps { var below = 0 }
        let taps = Taps()
        func view() -> some View {
            VStack(spacing: 0) {
                Self.picker(model)
                Color.red.frame(height: 200).onTapGesture { taps.below += 1 }
                Spacer(minLength: 0)
            }
            .frame(width: 320, height: 240, alignment: .topLeading)
        }
        var resolved = ResolvedView()
        resolved.update(view(), in: Self.size)
        click(resolved, resolved.buttonRects[0])
        resolved.update(view(), in: Self.size)
        let options = resolved.buttonRects.dropFirst()
        #expect(options.count == 3)
        let cherry = try #require(options.last)
        #expect(cherry.minY > 40, "the options lie over the red view: \(cherry)")
        click(resolved, cherry, time: 1)
        #expect(model.flavor == .cherry)
        #expect(taps.below == 0, "the click was the option's, not the view's below")
    }

    @Test("an inline picker lists the options in a column; a click chooses")
    func inline() {
        let model = Model()
        let view = VStack { Self.picker(model).pickerStyle(.inline); Spacer() }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.size)
        let options = resolved.buttonRects
        #expect(options.count == 3 && options[0].maxY <= options[1].minY)
        click(resolved, options[1])
        #expect(model.flavor == .mint)
    }

    @Test("a menu picker shows the chosen option on its button; a click opens the options below, a click on one chooses it and closes them")
    func menu() {
        let model = Model()
        let view = VStack(alignment: .leading) { Self.picker(model); Spacer() }.frame(maxWidth: .infinity, alignment: .leading)
        var resolved = ResolvedView()
        resolved.update(view, in: Self.size)
        #expect(resolved.buttonRects.count == 1, "closed: the button alone")
        click(resolved, resolved.buttonRects[0])
        resolved.update(view, in: Self.size)
        let open = resolved.buttonRects
        #expect(open.count == 4, "open: the button and three options")
        #expect(open[1].minY >= open[0].maxY - 2, "the options are below the button: \(open)")
        click(resolved, open[3], time: 1)
        resolved.update(view, in: Self.size)
        #expect(model.flavor == .cherry && resolved.buttonRects.count == 1)
    }

    @Test("a Stepper steps within its bounds: + and − change the value, and stop at the ends")
    func stepper() {
        let model = Model()
        func view() -> some View {
            Stepper("Count", value: Binding(get: { model.count }, set: { model.count = $0 }), in: 0...3).frame(width: 200)
        }
        var resolved = ResolvedView()
        resolved.update(view(), in: Self.size)
        let (minus, plus) = (resolved.buttonRects[0], resolved.buttonRects[1])
        #expect(minus.maxX <= plus.minX)
        click(resolved, plus)
        resolved.update(view(), in: Self.size)
        click(resolved, plus, time: 1)
        resolved.update(view(), in: Self.size)
        #expect(model.count == 3, "stopped at 3")
        click(resolved, minus, time: 2)
        #expect(model.count == 2)
    }

    @Test("a ProgressView at 0.25 fills a quarter of its bar in the tint; a Gauge the same; a Divider spans its VStack and stands in an HStack")
    func indicators() throws {
        func bar(_ view: some View) throws -> Int {
            let renderer = ImageRenderer(content: view.tint(.red).frame(width: 200, height: 4))
            renderer.backdrop = .black
            let image = try renderer.render()
            var red = 0
            for x in 0..<image.width where image.pixel(x: x, y: 2).red > 200 && image.pixel(x: x, y: 2).green < 80 { red += 1 }
            return red
        }
        let quarter = try bar(ProgressView(value: 0.25))
        #expect(abs(quarter - 50) <= 3, "a quarter of 200 points: \(quarter)")
        #expect(abs(try bar(Gauge(value: 7.5, in: 5...15) { EmptyView() }) - 50) <= 3)
        #expect(try bar(ProgressView(value: Double.nan)) == 0, "not a number: empty")

        var resolved = ResolvedView()
        resolved.update(VStack { Text("a"); Divider().accessibilityIdentifier("across"); Text("b") }.frame(width: 120), in: Self.size)
        #expect(resolved.frame(identifiedBy: "across")?.width == 120 && resolved.frame(identifiedBy: "across")?.height == 1)
        resolved.update(HStack { Text("a"); Divider().accessibilityIdentifier("up"); Text("b") }.frame(height: 40), in: Self.size)
        #expect(resolved.frame(identifiedBy: "up")?.width == 1 && resolved.frame(identifiedBy: "up")?.height == 40)
    }
}
