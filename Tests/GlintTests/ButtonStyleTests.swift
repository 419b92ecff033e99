import Foundation
import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// SwiftUI's button styles: the automatic one is the label in the tint colour (not a filled
/// plate), the built-in ones, and styles of your own.
@Suite("Button styles: automatic, plain, bordered, borderedProminent, ButtonStyle, PrimitiveButtonStyle, roles")
struct ButtonStyleTests {
    /// `view` drawn alone at 1x on black.
    static func pixels(_ view: some View) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = .black
        return try renderer.render()
    }

    /// The share of the image's pixels whose red, green and blue are all above 200.
    static func whiteShare(_ image: RenderedImage) -> Double {
        var white = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.red > 200 && p.green > 200 && p.blue > 200 { white += 1 }
            }
        }
        return Double(white) / Double(image.width * image.height)
    }

    @Test("the automatic style draws the label in the tint colour and no plate: Button(\"Close\").tint(.white) shows white letters on black, not a blank white pill")
    func automaticIsTheLabel() throws {
        let image = try Self.pixels(Button("Close") {}.tint(.white))
        let share = Self.whiteShare(image)
        #expect(share > 0.03 && share < 0.4, "white letters on black, not a white plate: \(share) of the pixels white")
        #expect(image.pixel(x: 0, y: 0).red < 30, "no plate behind the label's corner")
        // The default tint is the accent colour: blue letters.
        let blue = try Self.pixels(Button("Close") {})
        var bluest = 0
        for y in 0..<blue.height { for x in 0..<blue.width where blue.pixel(x: x, y: y).blue > 200 && blue.pixel(x: x, y: y).red < 60 { bluest += 1 } }
        #expect(bluest > 10, "the label in the accent colour")
    }

    @Test("borderedProminent is a plate of the tint with a white label, padded by the control style; bordered a light plate of it; plain the label as it is")
    func builtInStyles() throws {
        let prominent = try Self.pixels(Button("Go") {}.buttonStyle(.borderedProminent).tint(.green))
        let label = try Self.pixels(Button("Go") {}.buttonStyle(.plain))
        #expect(prominent.width == label.width + 28 && prominent.height == label.height + 12, "padded 14 and 6 points")
        let plate = prominent.pixel(x: 4, y: prominent.height / 2)
        #expect(plate.green > 150 && plate.red < 80, "the plate is the tint: \(plate)")
        let bordered = try Self.pixels(Button("Go") {}.buttonStyle(.bordered).tint(.green))
        let light = bordered.pixel(x: 4, y: bordered.height / 2)
        #expect(light.green > 20 && light.green < 90, "the bordered plate is the tint, light: \(light)")
        // Plain: the label in the inherited foreground (white here), no plate.
        let plain = try Self.pixels(Button("Go") {}.buttonStyle(.plain).foregroundStyle(.white))
        #expect(Self.whiteShare(plain) > 0.03 && plain.pixel(x: 0, y: 0).red < 30)
    }

    @Test("a destructive role draws the label red")
    func destructive() throws {
        let image = try Self.pixels(Button("Delete", role: .destructive) {})
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).red > 200 && image.pixel(x: x, y: y).blue < 80 { red += 1 } }
        #expect(red > 10)
    }

    struct Grows: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .frame(width: configuration.isPressed ? 80 : 40, height: 20)
                .accessibilityIdentifier("plate")
        }
    }

    struct TapTwice: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .frame(width: 40, height: 20)
                .onTapGesture(count: 2) { configuration.trigger() }
        }
    }

    @Test("a ButtonStyle of its own draws the label as it says, for the press: wider while held, and the action runs on release")
    func customStyle() {
        final class Log { var taps = 0 }
        let log = Log()
        let view = Button(action: { log.taps += 1 }) { Color.red }.buttonStyle(Grows())
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 100)
        resolved.update(view, in: size)
        #expect(resolved.frame(identifiedBy: "plate")?.width == 40)
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 50), at: 0))
        resolved.update(view, in: size)
        #expect(resolved.frame(identifiedBy: "plate")?.width == 80, "isPressed while held")
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 50), at: 0.1))
        resolved.update(view, in: size)
        #expect(resolved.frame(identifiedBy: "plate")?.width == 40 && log.taps == 1)
    }

    @Test("a PrimitiveButtonStyle decides when the button is used: trigger() after a double tap")
    func primitiveStyle() {
        final class Log { var taps = 0 }
        let log = Log()
        let view = Button(action: { log.taps += 1 }) { Color.red }.buttonStyle(TapTwice())
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 100)
        resolved.update(view, in: size)
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 50), at: 0))
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 50), at: 0.05))
        resolved.update(view, in: size)
        #expect(log.taps == 0, "one tap is not enough")
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 50), at: 0.1))
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 50), at: 0.15))
        resolved.update(view, in: size)
        #expect(log.taps == 1)
    }
}
