import Foundation
@testable import Glint
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent
import struct GlintCore.Rect
import struct GlintCore.ScrollEvent

/// Scroll views, lazy stacks, grids and lists laid out and drawn as a desktop draws them,
/// driven by scripted clicks, headless.
@Suite("Lists and grids")
struct ListTests {
    /// Presses and releases at `point`.
    func click(_ resolved: ResolvedView, at point: Point, time: Double = 0) {
        resolved.handle(PointerEvent(.down, point, at: time))
        resolved.handle(PointerEvent(.up, point, at: time + 0.05))
    }

    func frame(_ resolved: ResolvedView, _ id: String) throws -> Rect {
        try #require(resolved.frame(identifiedBy: id), "no view identified as \(id)")
    }

    @Test("ScrollView { ForEach } stacks its rows down the page, 8 points apart, as SwiftUI's implicit VStack; .horizontal stacks them across")
    func scrollViewStacks() throws {
        var resolved = ResolvedView()
        resolved.update(ScrollView {
            ForEach(0..<3) { i in Color.red.frame(width: 50, height: 20).accessibilityIdentifier("row\(i)") }
        }, in: CGSize(width: 100, height: 200))
        let rows = try (0..<3).map { try frame(resolved, "row\($0)") }
        let rowYs: [Double] = [0, 28, 56]
        #expect(rows.map(\.minY) == rowYs, "rows at \(rows)")
        #expect(rows.allSatisfy { $0.minX == 25 }, "centred across: \(rows)")

        var sideways = ResolvedView()
        sideways.update(ScrollView(.horizontal) {
            ForEach(0..<3) { i in Color.red.frame(width: 80, height: 20).accessibilityIdentifier("col\(i)") }
        }, in: CGSize(width: 100, height: 40))
        let cols = try (0..<3).map { try frame(sideways, "col\($0)") }
        let colXs: [Double] = [0, 88, 176]
        #expect(cols.map(\.minX) == colXs, "columns at \(cols)")
        // The wheel moves it sideways: 256 points of content in a 100-point view.
        sideways.handleScroll(ScrollEvent(Point(x: 50, y: 20), dy: -100, at: 0))
        sideways.update(ScrollView(.horizontal) {
            ForEach(0..<3) { i in Color.red.frame(width: 80, height: 20).accessibilityIdentifier("col\(i)") }
        }, in: CGSize(width: 100, height: 40))
        #expect(try frame(sideways, "col2").maxX == 100, "scrolled to the end, the last column ends at the right edge")
    }
}
