import Foundation
import Glint
import Testing

/// The text engine is one per process and `ImageRenderer`s run on any thread: text drawn on
/// several threads at once, each at sizes no other thread has used, must neither crash nor
/// garble (the engine's caches and FreeType's faces are shared).
@Suite("Text on several threads")
struct TextThreadingTests {
    /// A line of every printable ASCII character, black on white, at `size` points.
    static func label(size: CGFloat) -> some View {
        Text("Glint \(Int(size)) AaBbQq!?").font(.system(size: size)).foregroundStyle(Color.black)
            .frame(width: 320, height: 80)
            .background(Color.white)
    }

    /// How many pixels of `image` are dark: the text's ink.
    static func ink(_ image: RenderedImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 128 { count += 1 }
        }
        return count
    }

    @Test("eight threads drawing text at new sizes at once each get the picture one thread alone draws")
    func concurrentText() async throws {
        // Sizes no other test uses, so each thread meets empty caches and warms its atlas
        // while the others measure and lay out.
        let sizes: [CGFloat] = (0..<8).map { 9 + CGFloat($0) * 2.25 }
        let inks = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for (i, size) in sizes.enumerated() {
                group.addTask {
                    var last = 0
                    for round in 0..<3 {
                        last = Self.ink(try ImageRenderer(content: Self.label(size: size + CGFloat(round) * 0.5)).render())
                    }
                    return (i, last)
                }
            }
            var result = [Int](repeating: 0, count: sizes.count)
            for try await (i, ink) in group { result[i] = ink }
            return result
        }
        for (i, size) in sizes.enumerated() {
            let alone = Self.ink(try ImageRenderer(content: Self.label(size: size + 1)).render())
            #expect(inks[i] == alone, "text at \(size + 1) pt drawn beside others has \(inks[i]) ink pixels; alone, \(alone)")
            #expect(alone > 0)
        }
    }
}
