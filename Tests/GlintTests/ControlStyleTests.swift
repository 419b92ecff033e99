import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent
import struct GlintCore.Rect
import struct GlintCore.ScrollEvent
import struct GlintCore.Size

/// Controls measure and look as the environment's `ControlStyle` says, and the laid-out tree
/// says where they are (`accessibilityIdentifier`, `controls(identifiedBy:)`).
@Suite("Control style and the laid-out tree", .serialized)
struct ControlStyleTests {
    /// A value a slider sets.
    final class Model {
        var value = 0.0
        var isOn = false
    }

    static let size = CGSize(width: 300, height: 200)

    func sliders(_ model: Model, style: ControlStyle) -> some View {
        VStack(spacing: 0) {
            Slider(value: Binding(get: { model.value }, set: { model.value = $0 }))
                .accessibilityIdentifier("standard")
            Slider(value: Binding(get: { model.value }, set: { model.value = $0 }))
                .controlStyle(style)
                .accessibilityIdentifier("styled")
            Spacer(minLength: 0)
        }
    }

    @Test("a slider takes its height and knob from the environment's ControlStyle: taller, its knob bigger and further in, a press at its start sets the least value")
    func sliderFollowsTheStyle() throws {
        var style = ControlStyle.standard
        style.controlHeight = 40
        style.knobDiameter = 30
        let model = Model()
        var resolved = ResolvedView()
        resolved.update(sliders(model, style: style), in: Self.size)
        let standard = try #require(resolved.controls(identifiedBy: "standard").first)
        let styled = try #require(resolved.controls(identifiedBy: "styled").first)
        #expect(standard.kind == .slider && standard.frame.height == 24 && standard.knobDiameter == 20)
        #expect(styled.kind == .slider && styled.frame.height == 40 && styled.knobDiameter == 30)
        #expect(styled.frame.width == 300 && styled.track.minX == 15 && styled.track.maxX == 285)
        #expect(resolved.frame(identifiedBy: "styled") == styled.frame, "the identifier's view is the slider")

        // What shows: at 0 the knob's centre is 15 points in; 13 points below it is still knob
        // (white) on the styled slider, and past the standard one's 10-point radius (black).
        let renderer = ImageRenderer(content: ZStack { Color.black; sliders(model, style: style) })
        renderer.proposedSize = Self.size
        let image = try renderer.render()
        func white(_ x: Double, _ y: Double) -> Bool {
            let p = image.pixel(x: Int(x), y: Int(y))
            return min(p.red, p.green, p.blue) > 200
        }
        #expect(white(styled.frame.minX + 15, styled.frame.midY + 13), "the styled knob reaches 13 points down")
        #expect(!white(standard.frame.minX + 10, standard.frame.midY + 13), "the standard knob does not")
        #expect(white(standard.frame.minX + 10, standard.frame.midY + 8), "the standard knob is drawn")

        // A press on the styled knob at 0, dragged 27 points right, moves the value by 27 of its
        // 270 points of travel (the standard knob's 280 would give 0.114).
        let start = Point(x: styled.frame.minX + 15, y: styled.frame.midY)
        resolved.handle(PointerEvent(.down, start, at: 0))
        resolved.handle(PointerEvent(.move, Point(x: start.x + 27, y: start.y), at: 0.05))
        resolved.handle(PointerEvent(.up, Point(x: start.x + 27, y: start.y), at: 0.1))
        #expect(abs(model.value - 0.1) < 1e-9, "\(model.value)")
    }

    @Test("a ScrollView scrolls a notch by its style's step, and shows its bar at the style's width")
    func scrollFollowsTheStyle() throws {
        var style = ControlStyle.standard
        style.scrollStep = 10
        style.scrollBarWidth = 8
        let view = ScrollView {
            VStack(spacing: 0) { Color.red.frame(height: 500) }
        }
        .controlStyle(style)
        .accessibilityIdentifier("list")
        var resolved = ResolvedView()
        resolved.update(view, in: Self.size)
        let before = try #require(resolved.scroll(identifiedBy: "list"))
        #expect(before.offset == 0 && before.maxOffset == 300 && before.bar.width == 8)
        #expect(resolved.handleScroll(ScrollEvent(Point(x: 150, y: 100), dy: -1, at: 0)))
        resolved.update(view, in: Self.size)
        #expect(resolved.scroll(identifiedBy: "list")?.offset == 10, "one notch: the style's 10 points")
    }

    @Test("the laid-out tree lists a view's controls in the order made, with their frames: a toggle's switch, a button's plate")
    func controlsQuery() throws {
        let model = Model()
        let view = VStack(alignment: .leading, spacing: 0) {
            Toggle(isOn: Binding(get: { model.isOn }, set: { model.isOn = $0 })) { EmptyView() }
            Button(action: {}) { Color.blue.frame(width: 50, height: 10) }
                .buttonStyle(.borderedProminent)
            Spacer(minLength: 0)
        }
        .accessibilityIdentifier("form")
        var resolved = ResolvedView()
        resolved.update(view, in: Self.size)
        let controls = resolved.controls(identifiedBy: "form")
        #expect(controls.map(\.kind) == [.toggle, .button])
        #expect(controls.first?.frame.size == Size(width: 44, height: 24))
        // The button's plate: its label padded by the standard style's padding.
        #expect(controls.last?.frame.size == Size(width: 50 + 28, height: 10 + 12))
        #expect(resolved.controls(identifiedBy: "nothing").isEmpty && resolved.frame(identifiedBy: "nothing") == nil)
    }
}
