import Foundation
import Testing
@testable import Glint
@testable import GlintControls
@testable import GlintCore
@testable import GlintRender

/// What the window writes over the effect stays readable: the label and the HUD over a glow
/// turned white (many waves, a large amplitude), and the notice over a broken view, centred in
/// the effect's view whether or not the controls are docked beside it.
@Suite("Legibility renders", .serialized)
struct LegibilityRenderTests {
    static let size = Size(width: 960, height: 540)
    static let notice = "Press R to bring the view back"

    struct Frame {
        var width: Int, height: Int, rgba: [UInt8]

        /// Rec. 601 luma of the pixel at (x, y), 0…255.
        func luma(_ x: Int, _ y: Int) -> Double {
            let i = (y * width + x) * 4
            return 0.299 * Double(rgba[i]) + 0.587 * Double(rgba[i + 1]) + 0.114 * Double(rgba[i + 2])
        }

        /// The lumas of the pixels in a box of points (at scale 1), sorted.
        func lumas(x: ClosedRange<Double>, y: ClosedRange<Double>) -> [Double] {
            var values: [Double] = []
            for row in max(0, Int(y.lowerBound))...min(height - 1, Int(y.upperBound)) {
                for column in max(0, Int(x.lowerBound))...min(width - 1, Int(x.upperBound)) { values.append(luma(column, row)) }
            }
            return values.sorted()
        }
    }

    /// The `p`-th quantile (0…1) of sorted values.
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * p).rounded())))]
    }

    /// The harmonic glow at t = 1 with `waves` waves of amplitude 2: white over most of the view
    /// with 20 (the example), white to the top-left corner with 32.
    func render(hud: HeadsUpDisplay? = nil, foreground: Bool, waves: Double = 20) throws -> Frame {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: waves)
        effect.setParameter("amplitude", to: 2)
        let target = try ChainFrames.render([effect], showsForeground: foreground, hud: hud, size: Self.size, time: 1)
        return Frame(width: target.framebuffer.pixelWidth, height: target.framebuffer.pixelHeight, rgba: target.readPixels())
    }

    @Test("the label reads over a white glow: its letters are over 100 levels of 255 brighter than what is around them")
    func labelOverWhite() throws {
        typealias L = EffectForegroundView.Layout
        // The label's line: above the icon, centred; its letters span about 200 points.
        let bottom = Self.size.height - Double(L.bottomPadding + L.imageSize + L.spacing)
        let box = (x: (Self.size.width / 2 - 100)...(Self.size.width / 2 + 100), y: (bottom - Double(L.labelSize))...bottom)
        let bare = try render(foreground: false).lumas(x: box.x, y: box.y)
        #expect(Self.quantile(bare, 0.5) > 230, "the glow is white where the label goes: median \(Self.quantile(bare, 0.5))")
        let shown = try render(foreground: true).lumas(x: box.x, y: box.y)
        let letters = Self.quantile(shown, 0.98), around = Self.quantile(shown, 0.5)
        print("label over white: letters \(letters), around them \(around)")
        #expect(letters - around > 100, "the label's letters (\(letters)) should stand out from their surroundings (\(around))")
    }

    @Test("the HUD reads over a white glow: its letters are over 100 levels of 255 brighter than what is around them")
    func hudOverWhite() throws {
        typealias L = HeadsUpDisplay.Style
        let hud = HeadsUpDisplay(top: "harmonic   60 fps", help: "1-7, Tab: switch effect   hold: animate   H: hide help   Q, Esc: quit")
        // The first two lines' letters, from the left padding on.
        let box = (x: L.padding...(L.padding + 300), y: L.padding...(L.padding + 2 * L.textSize * 1.5))
        let bare = try render(foreground: false, waves: 32).lumas(x: box.x, y: box.y)
        #expect(Self.quantile(bare, 0.5) > 230, "the glow is white where the HUD goes: median \(Self.quantile(bare, 0.5))")
        let shown = try render(hud: hud, foreground: false, waves: 32).lumas(x: box.x, y: box.y)
        let letters = Self.quantile(shown, 0.98), around = Self.quantile(shown, 0.5)
        print("HUD over white: letters \(letters), around them \(around)")
        #expect(letters - around > 100, "the HUD's letters (\(letters)) should stand out from their surroundings (\(around))")
    }

    /// The harmonic glow torn from the left edge and broken at t = 3 (so fallen away), in a frame of
    /// `size`, with the controls shown or not, over a known backdrop; the HUD carries `notice`.
    /// Returns the frame and the effect's view: what the controls leave of the frame.
    func broken(size: Size, controls: Bool, notice: String?) throws -> (Frame, Rect) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let effect = HarmonicEffect(), tear = TearController()
        let viewRect = controls ? ControlsPanel(effects: [effect]).placement(in: size).content : Rect(size: size)
        let y = size.height / 2
        var events = [PointerEvent(.down, Point(x: 2, y: y), at: 0.1)]
        var x = 2.0, t = 0.1
        while x < viewRect.width - 2 {
            x = min(viewRect.width - 2, x + 20)
            t += 1.0 / 60
            events.append(PointerEvent(.move, Point(x: x, y: y), at: t))
        }
        events.append(PointerEvent(.up, Point(x: x, y: y), at: t + 0.05))
        let target = try ChainFrames.render([effect], tear: tear, showsControls: controls, hud: HeadsUpDisplay(notice: notice),
                                            size: size, time: 3, events: events, backdrop: TearRenderTests.backdrop)
        #expect(tear.isBroken)
        return (Frame(width: Int(size.width), height: Int(size.height), rgba: target.readPixels()), viewRect)
    }

    /// Where the white letters are: their bounding box in pixels, and how many.
    static func whiteLetters(_ f: Frame) -> (count: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        var count = 0, minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<f.height {
            for x in 0..<f.width where f.luma(x, y) > 230 {
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (count, minX, maxX, minY, maxY)
    }

    @Test("over a broken view the notice shows, centred in the view on its plate; with the controls docked, centred in what they leave",
          arguments: [false, true])
    func noticeOverBrokenView(controls: Bool) throws {
        let size = Size(width: 800, height: 500)
        let (without, _) = try broken(size: size, controls: controls, notice: nil)
        let (with, view) = try broken(size: size, controls: controls, notice: Self.notice)
        #expect(controls == (view.width < size.width))
        // Without the notice the fallen view shows only the backdrop (and the panel): nothing white in the view.
        let bare = Self.whiteLetters(Frame(width: without.width, height: without.height, rgba: without.rgba))
        #expect(bare.count == 0 || bare.minX >= Int(view.maxX), "white pixels in a fallen view with no notice: \(bare)")
        // With it: white letters, centred in the view, across and down, within 2 pixels.
        var letters = Self.whiteLetters(with)
        if controls {
            // Only the view's part: the panel has white thumbs of its own.
            var only = Frame(width: with.width, height: with.height, rgba: with.rgba)
            for y in 0..<only.height { for x in Int(view.maxX)..<only.width { only.rgba[(y * only.width + x) * 4 ..< (y * only.width + x) * 4 + 3] = [0, 0, 0] } }
            letters = Self.whiteLetters(only)
        }
        print("notice (controls \(controls)): \(letters) in view \(view)")
        #expect(letters.count > 300, "the notice's letters show: \(letters.count) white pixels")
        #expect(abs(Double(letters.minX + letters.maxX + 1) / 2 - view.midX) <= 2, "centred across the view: \(letters) in \(view)")
        #expect(abs(Double(letters.minY + letters.maxY + 1) / 2 - view.midY) <= 4, "centred down the view: \(letters) in \(view)")
        #expect(Double(letters.maxX - letters.minX) < view.width * 0.8)
        // The plate: just left of the first letter, darker than the backdrop there without the notice.
        let px = letters.minX - 6, py = (letters.minY + letters.maxY) / 2
        #expect(with.luma(px, py) < without.luma(px, py) - 10, "a dark plate behind the letters: \(with.luma(px, py)) over \(without.luma(px, py))")
    }
}
