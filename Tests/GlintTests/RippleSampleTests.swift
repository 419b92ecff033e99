import Foundation
import Glint
import GlintTestSupport
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent

/// Apple's ripple sample (WWDC24), as the Examples package's `ripple` target has it: a tap
/// sets an origin and bumps a trigger, a `keyframeAnimator` drives the elapsed time, and the
/// target's own Metal `Ripple` function moves the pixels through a `layerEffect`.
@Suite("Apple's ripple sample", .serialized, .removesTemporaryFiles)
struct RippleSampleTests {
    /// The Examples' Ripple.metal, in a folder of its own.
    static func library() throws -> ShaderLibrary {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Sources/Ripple/Ripple.metal")
        let folder = URL(fileURLWithPath: try TemporaryFiles.folder("glint-ripple"))
        try FileManager.default.copyItem(at: examples, to: folder.appendingPathComponent("Ripple.metal"))
        return ShaderLibrary(url: folder)
    }

    /// The sample's view and modifiers, with the library above in place of the app's default one.
    struct Rippled: View {
        let library: ShaderLibrary
        @State var counter = 0
        @State var origin = CGPoint.zero
        let duration = 3.0

        var body: some View {
            Rectangle().colorEffect(ShaderLibrary.builtIn.checkerboard(.color(.blue), .float(6)))
                .frame(width: 200, height: 200)
                .onTapGesture { location in
                    origin = location
                    counter += 1
                }
                .keyframeAnimator(initialValue: 0, trigger: counter) { [origin, library, duration] view, elapsedTime in
                    view.visualEffect { content, _ in
                        content.layerEffect(library.Ripple(.float2(origin), .float(elapsedTime), .float(12), .float(15), .float(8), .float(1200)),
                                            maxSampleOffset: CGSize(width: 12, height: 12),
                                            isEnabled: 0 < elapsedTime && elapsedTime < duration)
                    }
                } keyframes: { [duration] _ in
                    MoveKeyframe(0)
                    LinearKeyframe(duration, duration: duration)
                }
        }
    }

    @Test("a tap ripples the picture: 0.05 s on, the ring has spread 60 points (1200 per second) and moved the pixels inside it, none beyond; after 3 s it is gone")
    func rippleMovesPixels() throws {
        let view = Rippled(library: try Self.library())
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 200)
        resolved.update(view, in: size, time: 0)
        let before = try resolved.drawnHeadless()
        resolved.handle(PointerEvent(.down, Point(x: 100, y: 100), at: 0.5))
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 100), at: 0.5))
        resolved.update(view, in: size, time: 0.55)
        let during = try resolved.drawnHeadless()

        // The share of pixels at distances in `range` from the tap that differ from before.
        func changed(_ pixels: [UInt8], _ range: ClosedRange<Double>) -> Double {
            var (moved, total) = (0, 0)
            for y in 0..<200 {
                for x in 0..<200 {
                    let d = ((Double(x) + 0.5 - 100) * (Double(x) + 0.5 - 100) + (Double(y) + 0.5 - 100) * (Double(y) + 0.5 - 100)).squareRoot()
                    guard range.contains(d) else { continue }
                    total += 1
                    let i = (y * 200 + x) * 4
                    if (0..<3).contains(where: { abs(Int(pixels[i + $0]) - Int(before[i + $0])) > 2 }) { moved += 1 }
                }
            }
            return Double(moved) / Double(max(total, 1))
        }
        let inside = changed(during, 30...55)
        let beyond = changed(during, 76...95)
        #expect(inside > 0.3, "the ring has passed 30 to 55 points out: \(inside) of those pixels changed")
        #expect(beyond == 0, "it has not reached 76 points out (60 plus the 12-point push): \(beyond) changed")

        resolved.update(view, in: size, time: 4)
        let after = try resolved.drawnHeadless()
        #expect(changed(after, 0...95) == 0, "the ripple is over 3 s after the tap")
    }
}
