import Foundation
import GlintCore
import GlintRender
import Testing

/// The PNG encoder's two settings write the same pixels: decoded, both give back exactly what
/// was encoded; `small` is never larger than `fast`.
@Suite("PNG compression settings")
struct PNGCompressionTests {
    /// Pictures unlike each other: a smooth glow, flat areas with hard edges, noise, and alpha.
    static func pictures() -> [(name: String, width: Int, height: Int, rgba: [UInt8])] {
        let w = 320, h = 180
        var smooth = [UInt8](repeating: 255, count: w * h * 4)
        var flat = smooth, noisy = smooth, alpha = smooth
        var seed: UInt32 = 12345
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let d = Double((x - 160) * (x - 160) + (y - 90) * (y - 90)).squareRoot()
                smooth[i] = UInt8(max(0, 255 - d)); smooth[i + 1] = UInt8(max(0, 200 - d * 2)); smooth[i + 2] = UInt8(x * 255 / w)
                flat[i] = x < 100 ? 0 : 250; flat[i + 1] = y < 60 ? 30 : 180; flat[i + 2] = 90
                seed = seed &* 1_103_515_245 &+ 12345
                noisy[i] = UInt8(truncatingIfNeeded: seed >> 16); noisy[i + 1] = UInt8(truncatingIfNeeded: seed >> 8); noisy[i + 2] = UInt8(truncatingIfNeeded: seed)
                alpha[i] = UInt8(x % 256); alpha[i + 1] = UInt8(y); alpha[i + 2] = 40; alpha[i + 3] = UInt8((x + y) % 256)
            }
        }
        return [("smooth", w, h, smooth), ("flat", w, h, flat), ("noise", w, h, noisy), ("alpha", w, h, alpha),
                ("one pixel", 1, 1, [9, 8, 7, 6])]
    }

    @Test("fast and small both decode to exactly the pixels encoded; small is never larger")
    func roundTrip() throws {
        for picture in Self.pictures() {
            let fast = try PNG.encode(width: picture.width, height: picture.height, rgba: picture.rgba, compression: .fast)
            let small = try PNG.encode(width: picture.width, height: picture.height, rgba: picture.rgba, compression: .small)
            for (setting, bytes) in [("fast", fast), ("small", small)] {
                let decoded = try PNG.decode(bytes)
                #expect(decoded.width == picture.width && decoded.height == picture.height, "\(picture.name) \(setting)")
                let same = decoded.rgba == picture.rgba  // compared outside #expect: its report of two large arrays takes minutes
                #expect(same, "\(picture.name) \(setting): the pixels came back changed")
            }
            #expect(small.count <= fast.count, "\(picture.name): small \(small.count) > fast \(fast.count)")
            let isDefault = try PNG.encode(width: picture.width, height: picture.height, rgba: picture.rgba) == fast
            #expect(isDefault, "fast is the default")
        }
    }

    @Test("the PNG is well formed: signature, IHDR first with the size, an sRGB chunk, IEND last")
    func chunks() throws {
        let bytes = try PNG.encode(width: 3, height: 2, rgba: [UInt8](repeating: 200, count: 24))
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        #expect(Array(bytes[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])
        #expect(String(decoding: bytes[37..<41], as: UTF8.self) == "sRGB")
        #expect(String(decoding: bytes[(bytes.count - 8)..<(bytes.count - 4)], as: UTF8.self) == "IEND")
    }
}
