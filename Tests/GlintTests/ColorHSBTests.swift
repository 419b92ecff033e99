import Foundation
import Glint
import Testing

@Suite("Color(hue:saturation:brightness:)")
struct ColorHSBTests {
    func drawn(_ color: Color) throws -> [Int] {
        let p = try ImageRenderer(content: color.frame(width: 4, height: 4)).render().pixel(x: 2, y: 2)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    @Test("the six hue sectors, saturation towards white, brightness towards black, the hue wrapping")
    func conversion() throws {
        #expect(try drawn(Color(hue: 0, saturation: 1, brightness: 1)) == [255, 0, 0, 255])
        #expect(try drawn(Color(hue: 1.0 / 3, saturation: 1, brightness: 1)) == [0, 255, 0, 255])
        #expect(try drawn(Color(hue: 2.0 / 3, saturation: 1, brightness: 1)) == [0, 0, 255, 255])
        #expect(try drawn(Color(hue: 1.0 / 6, saturation: 1, brightness: 1)) == [255, 255, 0, 255])
        #expect(try drawn(Color(hue: 0.5, saturation: 0, brightness: 1)) == [255, 255, 255, 255])
        #expect(try drawn(Color(hue: 0.5, saturation: 1, brightness: 0)) == [0, 0, 0, 255])
        #expect(try drawn(Color(hue: 1.5, saturation: 1, brightness: 1)) == drawn(Color(hue: 0.5, saturation: 1, brightness: 1)))
        #expect(try drawn(Color(hue: 0, saturation: 1, brightness: 0.5)) == [128, 0, 0, 255])
    }
}
