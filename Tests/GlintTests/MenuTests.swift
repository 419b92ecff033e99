import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// `Menu`: a button that opens its items below it; an item runs and closes it; a click elsewhere
/// closes it.
@Suite("Menu")
struct MenuTests {
    final class Log { var lines: [String] = [] }

    func click(_ resolved: ResolvedView, _ rect: CGRect, time: Double) {
        let p = Point(x: rect.midX, y: rect.midY)
        resolved.handle(PointerEvent(.down, p, at: time))
        resolved.handle(PointerEvent(.up, p, at: time + 0.05))
    }

    @Test("a click opens the menu's items below its button; a click on one runs it and closes the menu; a click elsewhere or on the button again closes it")
    func menu() {
        let log = Log()
        let view = VStack(alignment: .leading) {
            Menu("Effect") {
                Button("Ripple") { log.lines.append("ripple") }
                Divider()
                Button("Reset") { log.lines.append("reset") }
            }
            Spacer()
        }
        .frame(width: 300, height: 200, alignment: .topLeading)
        var resolved = ResolvedView()
        let size = CGSize(width: 300, height: 200)
        resolved.update(view, in: size)
        #expect(resolved.buttonRects.count == 1, "closed: the menu's button alone")
        let button = resolved.buttonRects[0]
        click(resolved, button, time: 0)
        resolved.update(view, in: size)
        let open = resolved.buttonRects
        #expect(open.count == 3, "open: its two items")
        #expect(open[1].minY >= button.maxY - 1 && open[2].minY > open[1].maxY, "the items below the button, in order: \(open)")
        click(resolved, open[2], time: 1)
        resolved.update(view, in: size)
        #expect(log.lines == ["reset"] && resolved.buttonRects.count == 1, "the item ran and the menu closed")
        // Opened, then a click elsewhere closes it; opened, then its button closes it.
        click(resolved, button, time: 2)
        resolved.update(view, in: size)
        click(resolved, CGRect(x: 250, y: 180, width: 2, height: 2), time: 3)
        resolved.update(view, in: size)
        #expect(resolved.buttonRects.count == 1)
        click(resolved, button, time: 4)
        resolved.update(view, in: size)
        #expect(resolved.buttonRects.count == 3)
        click(resolved, button, time: 5)
        resolved.update(view, in: size)
        #expect(resolved.buttonRects.count == 1 && log.lines == ["reset"])
    }
}

/// `.controlSize`: the control style scaled.
@Suite("Control size")
struct ControlSizeTests {
    @Test(".controlSize(.large) draws a toggle's switch 1.2 times the regular size, .mini 0.7 times; nested sizes do not compound")
    func sizes() throws {
        func switchSize(_ size: ControlSize?) throws -> CGSize {
            final class Model { var on = false }
            let model = Model()
            let toggle = Toggle(isOn: Binding(get: { model.on }, set: { model.on = $0 })) { EmptyView() }
            var resolved = ResolvedView()
            if let size {
                resolved.update(VStack { toggle.controlSize(size) }.controlSize(.small).accessibilityIdentifier("form"), in: CGSize(width: 300, height: 200))
            } else {
                resolved.update(VStack { toggle }.accessibilityIdentifier("form"), in: CGSize(width: 300, height: 200))
            }
            let frame = try #require(resolved.controls(identifiedBy: "form").first?.frame)
            return CGSize(width: frame.width, height: frame.height)
        }
        let regular = try switchSize(nil)
        #expect(regular == CGSize(width: 44, height: 24))
        let large = try switchSize(.large)
        #expect(abs(large.width - 44 * 1.2) < 0.01 && abs(large.height - 24 * 1.2) < 0.01, "\(large)")
        let mini = try switchSize(.mini)
        #expect(abs(mini.width - 44 * 0.7) < 0.01, "\(mini)")
    }
}

/// `.toggleStyle`: a switch, a button or a checkbox, each flipped by a click.
@Suite("Toggle styles")
struct ToggleStyleTests {
    @Test(".toggleStyle(.button) is a plate of the tint while on; .checkbox a ticked box before the label; a click flips either")
    func styles() throws {
        final class Model { var on = false }
        for kind in ["button", "checkbox"] {
            let model = Model()
            func view() -> some View {
                Group {
                    if kind == "button" {
                        Toggle("Loop", isOn: Binding(get: { model.on }, set: { model.on = $0 })).toggleStyle(.button)
                    } else {
                        Toggle("Loop", isOn: Binding(get: { model.on }, set: { model.on = $0 })).toggleStyle(.checkbox)
                    }
                }
                .tint(.green)
                .foregroundStyle(.white)
                .accessibilityIdentifier("toggle")
            }
            func draw() throws -> RenderedImage {
                let renderer = ImageRenderer(content: view())
                renderer.backdrop = .black
                return try renderer.render()
            }
            func greenShare(_ image: RenderedImage) -> Double {
                var green = 0
                for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).green > 150 && image.pixel(x: x, y: y).red < 100 { green += 1 } }
                return Double(green) / Double(image.width * image.height)
            }
            let off = try draw()
            var resolved = ResolvedView()
            resolved.update(view(), in: CGSize(width: 200, height: 60))
            let frame = try #require(resolved.controls(identifiedBy: "toggle").first?.frame)
            resolved.handle(PointerEvent(.down, Point(x: frame.midX, y: frame.midY), at: 0))
            resolved.handle(PointerEvent(.up, Point(x: frame.midX, y: frame.midY), at: 0.05))
            #expect(model.on, "\(kind): a click turned it on")
            let on = try draw()
            #expect(greenShare(on) > greenShare(off) + 0.05, "\(kind): the tint shows while on: \(greenShare(off)) → \(greenShare(on))")
            #expect(on.width == off.width, "\(kind): the same size on and off")
        }
    }
}
