import Foundation
import Glint
import GlintControls
import GlintCore
import GlintRender
import Testing

/// `HeadsUpDisplay.fits`, which the window asks before it shows all its keys, against the plate
/// the display really draws.
@Suite("The HUD's fit", .serialized)
struct HeadsUpDisplayFitTests {
    static let top = "harmonic   60 fps"
    static let help = "1-9, Tab: switch effect   hold: animate   drag in from an edge: tear   R: restore   C: controls   "
        + "Space: pause   .: step a frame   Backspace: restart   [ ]: speed   S: save PNG   V: record video   F11: fullscreen   P: GPU time per pass   "
        + "H: hide help   Q, Esc: quit"

    /// How far down the plate reaches, in points, over a white view of `size` at scale 1: the
    /// first row under it at x = 5 (inside the plate, left of the text) that is white again.
    func plateBottom(help: String, in size: Size) throws -> Int {
        let renderer = ImageRenderer(content: ZStack { Color.white; HeadsUpDisplay(top: Self.top, help: help) })
        renderer.proposedSize = CGSize(width: size.width, height: size.height)
        let image = try renderer.render()
        var y = 6
        while y < image.height && image.pixel(x: 5, y: y).red < 200 { y += 1 }
        return y
    }

    @Test("the display fits where its plate ends within a third of the view's height, and not where it reaches further",
          arguments: [Size(width: 320, height: 200), Size(width: 480, height: 300), Size(width: 800, height: 500), Size(width: 960, height: 600),
                      Size(width: 400, height: 250), Size(width: 1400, height: 120)])
    func fitsAsDrawn(size: Size) throws {
        for help in [Self.help, "H: hide help   Q: quit"] {
            let bottom = Double(try plateBottom(help: help, in: size))
            let limit = size.height * HeadsUpDisplay.Style.maximumCover
            let fits = HeadsUpDisplay.fits(top: Self.top, second: nil, help: help, in: size)
            // A point either way: the plate's edge is anti-aliased.
            if abs(bottom - limit) > 1 {
                #expect(fits == (bottom <= limit), "at \(size) the plate ends at \(bottom) of \(size.height) (limit \(limit)), yet fits says \(fits): \(help.prefix(20))…")
            }
        }
    }

    @Test("at 320x200 all the keys do not fit, the short help does; at 960x600, the window's default, all the keys fit")
    func smallAndDefault() {
        #expect(!HeadsUpDisplay.fits(top: Self.top, second: nil, help: Self.help, in: Size(width: 320, height: 200)))
        #expect(HeadsUpDisplay.fits(top: Self.top, second: nil, help: "H: hide help   Q: quit", in: Size(width: 320, height: 200)))
        #expect(HeadsUpDisplay.fits(top: Self.top, second: nil, help: Self.help, in: Size(width: 960, height: 600)))
        #expect(HeadsUpDisplay.fits(top: nil, second: nil, help: nil, in: Size(width: 10, height: 10)), "nothing to show always fits")
    }
}
