import Foundation
import Glint
import GlintRender

extension ResolvedView {
    /// The laid-out view drawn headless at scale 1 (its own context): RGBA rows from the top.
    func drawnHeadless() throws -> [UInt8] {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try ViewRenderer()
        let target = try RenderTarget(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        try renderer.draw(self, into: target.framebuffer)
        return target.readPixels()
    }
}
