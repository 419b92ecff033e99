import Foundation
import Glint
import Testing
import struct GlintCore.Rect

/// Layout by SwiftUI's rules, checked against sizes and positions worked out by hand. Each
/// `Color` is drawn as its own frame graph, whose rect is where layout put it. No GL needed.
@Suite("Views laid out as SwiftUI lays them out")
struct LayoutTests {
    /// The rects of the frame graphs `view` draws, in order, in a container of `size`.
    func rects<V: View>(_ view: V, in size: CGSize = CGSize(width: 200, height: 100), scale: CGFloat = 1) -> [Rect] {
        var resolved = ResolvedView()
        resolved.update(view, in: size, scale: scale)
        return resolved.graphs.prefix(resolved.drawnGraphCount).map(\.viewRect)
    }

    @Test("a VStack sizes to its children and their spacing, centres them across, and is centred itself")
    func vstack() {
        let view = VStack(spacing: 10) {
            Color.red.frame(width: 50, height: 20)
            Color.blue.frame(width: 30, height: 10)
        }
        #expect(rects(view) == [Rect(x: 75, y: 30, width: 50, height: 20), Rect(x: 85, y: 60, width: 30, height: 10)])
        let leading = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 50, height: 20)
            Color.blue.frame(width: 30, height: 10)
        }
        #expect(rects(leading) == [Rect(x: 75, y: 35, width: 50, height: 20), Rect(x: 75, y: 55, width: 30, height: 10)])
    }

    @Test("an HStack gives a Spacer what its fixed children leave, and aligns them across")
    func hstackSpacer() {
        let view = HStack(alignment: .top, spacing: 0) {
            Color.red.frame(width: 40, height: 40)
            Spacer()
            Color.blue.frame(width: 20, height: 10)
        }
        #expect(rects(view) == [Rect(x: 0, y: 30, width: 40, height: 40), Rect(x: 180, y: 30, width: 20, height: 10)])
    }

    @Test("flexible children share the length equally; the default spacing is 8 points")
    func sharing() {
        #expect(rects(HStack(spacing: 0) { Color.red; Color.blue }) ==
                [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100)])
        #expect(rects(VStack { Color.red; Color.blue }) ==
                [Rect(x: 0, y: 0, width: 200, height: 46), Rect(x: 0, y: 54, width: 200, height: 46)])
        // A fixed child is offered its share first; the flexible one takes the rest.
        #expect(rects(HStack(spacing: 0) { Color.red.frame(width: 30); Color.blue }) ==
                [Rect(x: 0, y: 0, width: 30, height: 100), Rect(x: 30, y: 0, width: 170, height: 100)])
    }

    @Test("padding insets the content on the edges named, 16 points by default")
    func padding() {
        #expect(rects(Color.red.padding(10)) == [Rect(x: 10, y: 10, width: 180, height: 80)])
        #expect(rects(Color.red.padding(.horizontal, 20)) == [Rect(x: 20, y: 0, width: 160, height: 100)])
        #expect(rects(Color.red.padding()) == [Rect(x: 16, y: 16, width: 168, height: 68)])
        #expect(rects(Color.red.padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))) ==
                [Rect(x: 2, y: 1, width: 194, height: 96)])
    }

    @Test("frames place their content by alignment; maxWidth .infinity takes the width offered")
    func frames() {
        #expect(rects(Color.red.frame(width: 20, height: 20).frame(width: 100, height: 100, alignment: .topLeading)) ==
                [Rect(x: 50, y: 0, width: 20, height: 20)])
        #expect(rects(Color.red.frame(width: 20, height: 20).frame(maxWidth: .infinity, alignment: .trailing)) ==
                [Rect(x: 180, y: 40, width: 20, height: 20)])
        #expect(rects(Color.red.frame(minWidth: 300, maxHeight: 30)) == [Rect(x: -50, y: 35, width: 300, height: 30)])
        #expect(rects(Color.red.frame(maxWidth: 50, maxHeight: 40)) == [Rect(x: 75, y: 30, width: 50, height: 40)])
    }

    @Test("a ZStack aligns its children over each other; the later is drawn after")
    func zstack() {
        let view = ZStack(alignment: .bottomTrailing) {
            Color.red.frame(width: 100, height: 50)
            Color.blue.frame(width: 20, height: 10)
        }
        #expect(rects(view) == [Rect(x: 50, y: 25, width: 100, height: 50), Rect(x: 130, y: 65, width: 20, height: 10)])
    }

    @Test("offset moves the drawing, position centres the view at a point of the space offered")
    func offsetAndPosition() {
        #expect(rects(Color.red.frame(width: 20, height: 20).offset(x: 5, y: -5)) == [Rect(x: 95, y: 35, width: 20, height: 20)])
        #expect(rects(Color.red.frame(width: 20, height: 20).position(x: 30, y: 40)) == [Rect(x: 20, y: 30, width: 20, height: 20)])
    }

    @Test("aspectRatio fits inside or fills the space offered")
    func aspectRatio() {
        let size = CGSize(width: 300, height: 100)
        #expect(rects(Color.red.aspectRatio(2, contentMode: .fit), in: size) == [Rect(x: 50, y: 0, width: 200, height: 100)])
        #expect(rects(Color.red.aspectRatio(2, contentMode: .fill), in: size) == [Rect(x: 0, y: -25, width: 300, height: 150)])
        let image = Image(pixels: [UInt8](repeating: 255, count: 4 * 2 * 4), width: 4, height: 2)
        #expect(rects(image.resizable().scaledToFit(), in: CGSize(width: 100, height: 100)) == [Rect(x: 0, y: 25, width: 100, height: 50)])
    }

    @Test("an image is its pixel size unless resizable; origins are rounded to whole pixels")
    func image() {
        let image = Image(pixels: [UInt8](repeating: 255, count: 3 * 2 * 4), width: 3, height: 2)
        #expect(rects(image) == [Rect(x: 99, y: 49, width: 3, height: 2)])
        #expect(rects(image, scale: 2) == [Rect(x: 98.5, y: 49, width: 3, height: 2)])
        #expect(rects(image.resizable()) == [Rect(x: 0, y: 0, width: 200, height: 100)])
    }

    @Test("a GeometryReader takes the space offered and lays its content at its top-left, made from its size")
    func geometryReader() {
        let view = GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width / 2, height: proxy.size.height / 4)
        }
        #expect(rects(view) == [Rect(x: 0, y: 0, width: 100, height: 25)])
        let global = VStack(spacing: 0) {
            Color.blue.frame(height: 30)
            GeometryReader { proxy in
                Color.red.frame(width: proxy.frame(in: .global).minY, height: proxy.frame(in: .local).minY + 5)
            }
        }
        #expect(rects(global)[1] == Rect(x: 0, y: 30, width: 30, height: 5))
    }

    @Test("background and overlay are sized to the view and drawn behind and over it")
    func backgroundOverlay() {
        let view = Color.red.frame(width: 50, height: 20).padding(5).background(Color.blue).overlay(Color.green.frame(width: 10, height: 10), alignment: .topLeading)
        #expect(rects(view) == [Rect(x: 70, y: 35, width: 60, height: 30), Rect(x: 75, y: 40, width: 50, height: 20),
                                Rect(x: 70, y: 35, width: 10, height: 10)])
    }

    @Test("if/else, optionals and ForEach make the views they hold, in order")
    func builders() {
        func view(_ flag: Bool, _ count: Int) -> some View {
            HStack(spacing: 0) {
                if flag { Color.red.frame(width: 10, height: 10) } else { Color.blue.frame(width: 20, height: 10) }
                ForEach(0..<count, id: \.self) { i in Color.green.frame(width: CGFloat(i + 1), height: 10) }
            }
        }
        #expect(rects(view(true, 2)).map(\.width) == [10, 1, 2])
        #expect(rects(view(false, 3)).map(\.width) == [20, 1, 2, 3])
    }
}
