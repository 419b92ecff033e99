import Foundation
import Glint
import GlintCore
import GlintRender
import Testing

/// `OffscreenHost`: a view's frames with no window, its time and presses stepped by the caller.
@Suite("Offscreen host")
struct OffscreenHostTests {
    /// A square that turns from red to blue once tapped.
    struct Tapped: View {
        @State private var tapped = false
        var body: some View {
            Rectangle().fill(tapped ? Glint.Color(red: 0, green: 0, blue: 1) : Glint.Color(red: 1, green: 0, blue: 0))
                .onTapGesture { tapped = true }
        }
    }

    @Test("a tap applied at its time changes what the next frame draws; frames before it show the view as it was")
    func tapBetweenFrames() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let host = try OffscreenHost(content: Tapped(), size: CGSize(width: 40, height: 30))
        let target = try RenderTarget(pixelWidth: 40, pixelHeight: 30)
        func centre() -> [UInt8] {
            let pixels = target.readPixels()
            let i = (15 * 40 + 20) * 4
            return Array(pixels[i..<i + 4])
        }
        host.update(scale: 1)
        let tap = [PointerEvent(.down, Point(x: 20, y: 15), at: 0.05), PointerEvent(.up, Point(x: 20, y: 15), at: 0.1)]
        #expect(host.advance(to: 1.0 / 60, applying: tap[...]) == 0)
        try host.draw(into: target.framebuffer)
        #expect(centre() == [255, 0, 0, 255])
        #expect(host.advance(to: 0.2, applying: tap[...]) == 2)
        try host.draw(into: target.framebuffer)
        #expect(centre() == [0, 0, 255, 255])
        #expect(host.driver.time == 0.2)
    }

    @Test("willAdvance sees each time before the view moves to it")
    func willAdvance() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let host = try OffscreenHost(content: Glint.Color(red: 0, green: 1, blue: 0), size: CGSize(width: 8, height: 8))
        var seen: [(Double, Double)] = []
        host.willAdvance = { [unowned host] time in seen.append((time, host.driver.time)) }
        host.advance(to: 0.5)
        host.advance(to: 1)
        #expect(seen.map(\.0) == [0.5, 1] && seen.map(\.1) == [0, 0.5])
    }
}
