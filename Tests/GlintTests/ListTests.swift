import Foundation
@testable import Glint
import GlintRender
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

    @Test("LazyVStack and LazyHStack lay out as VStack and HStack: rows spacing apart down, columns across")
    func lazyStacks() throws {
        var resolved = ResolvedView()
        resolved.update(LazyVStack(alignment: .leading, spacing: 4) {
            ForEach(0..<3) { i in Color.red.frame(width: CGFloat(20 + 10 * i), height: 10).accessibilityIdentifier("v\(i)") }
        }.frame(width: 100, height: 100, alignment: .topLeading), in: CGSize(width: 100, height: 100))
        let rows = try (0..<3).map { try frame(resolved, "v\($0)") }
        let step: Double = 10 + 4
        let expected: [Double] = [0, step, 2 * step]
        #expect(rows.map(\.minY) == expected, "rows at \(rows)")
        #expect(rows.allSatisfy { $0.minX == 0 }, "leading: \(rows)")

        resolved.update(LazyHStack(spacing: 6) {
            ForEach(0..<3) { i in Color.red.frame(width: 20, height: 10).accessibilityIdentifier("h\(i)") }
        }.frame(width: 100, height: 100, alignment: .topLeading), in: CGSize(width: 100, height: 100))
        let cols = try (0..<3).map { try frame(resolved, "h\($0)") }
        let across: Double = 20 + 6
        let expectedX: [Double] = [0, across, 2 * across]
        #expect(cols.map(\.minX) == expectedX, "columns at \(cols)")
    }

    @Test("Grid: each column as wide as its widest cell, each row as tall as its tallest, cells centred in their space")
    func grid() throws {
        var resolved = ResolvedView()
        let size = CGSize(width: 300, height: 200)
        resolved.update(Grid(horizontalSpacing: 4, verticalSpacing: 2) {
            GridRow {
                Color.red.frame(width: 30, height: 10).accessibilityIdentifier("a")
                Color.red.frame(width: 50, height: 20).accessibilityIdentifier("b")
            }
            GridRow {
                Color.red.frame(width: 40, height: 10).accessibilityIdentifier("c")
                Color.red.frame(width: 10, height: 10).accessibilityIdentifier("d")
            }
        }, in: size)
        // Columns 40 and 50 wide, rows 20 and 10 tall; the grid centred in the container.
        let width = 40.0 + 4 + 50, height = 20.0 + 2 + 10
        let x0 = (300 - width) / 2, y0 = (200 - height) / 2
        #expect(try frame(resolved, "a") == Rect(x: x0 + (40 - 30) / 2, y: y0 + (20 - 10) / 2, width: 30, height: 10))
        #expect(try frame(resolved, "b") == Rect(x: x0 + 40 + 4, y: y0, width: 50, height: 20))
        #expect(try frame(resolved, "c") == Rect(x: x0, y: y0 + 20 + 2, width: 40, height: 10))
        #expect(try frame(resolved, "d") == Rect(x: x0 + 40 + 4 + (50 - 10) / 2, y: y0 + 20 + 2, width: 10, height: 10))
    }

    @Test("LazyVGrid: a fixed and a flexible column share the width; adaptive columns fit as many as their minimum allows")
    func lazyVGrid() throws {
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 300)
        func cells(_ n: Int) -> some View {
            ForEach(0..<n) { i in Color.red.frame(height: 20).accessibilityIdentifier("cell\(i)") }
        }
        resolved.update(LazyVGrid(columns: [GridItem(.fixed(50)), GridItem(.flexible())]) { cells(4) }
            .frame(maxHeight: .infinity, alignment: .top), in: size)
        // The flexible column takes what the fixed one and the 8-point gap leave.
        let flexible = 200.0 - 50 - 8
        #expect(try frame(resolved, "cell0") == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(try frame(resolved, "cell1") == Rect(x: 50 + 8, y: 0, width: flexible, height: 20))
        #expect(try frame(resolved, "cell2") == Rect(x: 0, y: 20 + 8, width: 50, height: 20))

        resolved.update(LazyVGrid(columns: [GridItem(.adaptive(minimum: 40))]) { cells(5) }
            .frame(maxHeight: .infinity, alignment: .top), in: size)
        // As many 40-point columns with 8-point gaps as fit in 200, sharing the width.
        let count = Int((200.0 + 8) / (40 + 8))
        let w = (200.0 - 8 * Double(count - 1)) / Double(count)
        for i in 0..<count {
            #expect(try frame(resolved, "cell\(i)") == Rect(x: Double(i) * (w + 8), y: 0, width: w, height: 20))
        }
        #expect(try frame(resolved, "cell\(count)").minY == 28, "the next cell starts a row")
    }

    @Test("List: rows one under another at least a row's height, content inset at the leading edge; a Form's sections apart under their headers")
    func listRows() throws {
        var resolved = ResolvedView()
        let size = CGSize(width: 240, height: 300)
        resolved.update(List {
            Text("One").accessibilityIdentifier("r0")
            ForEach(1..<3) { i in Text("Row \(i)").accessibilityIdentifier("r\(i)") }
                .onDelete { _ in }
        }, in: size)
        let rows = try (0..<3).map { try frame(resolved, "r\($0)") }
        let rowHeight = max(ListMetrics.rowHeight, rows[0].height + 2 * ListMetrics.rowInsetY)
        for (k, row) in rows.enumerated() {
            #expect(row.minX == ListMetrics.rowInsetX, "row \(k) inset: \(row)")
            #expect(abs(row.midY - (Double(k) + 0.5) * rowHeight) <= 0.5, "row \(k) centred in its row: \(row)")
        }

        resolved.update(Form {
            Section("First") { Text("a").accessibilityIdentifier("a"); Text("b").accessibilityIdentifier("b") }
            Section { Text("c").accessibilityIdentifier("c") } header: { Text("Second").accessibilityIdentifier("h2") }
        }, in: size)
        let a = try frame(resolved, "a"), b = try frame(resolved, "b"), c = try frame(resolved, "c"), h2 = try frame(resolved, "h2")
        let headerHeight = h2.height + 2 * ListMetrics.rowInsetY
        let row = max(ListMetrics.rowHeight, a.height + 2 * ListMetrics.rowInsetY)
        #expect(abs(a.midY - (headerHeight + row / 2)) <= 0.5, "a under the first header: \(a)")
        #expect(abs(b.midY - (headerHeight + row * 1.5)) <= 0.5, "b under a: \(b)")
        let second = headerHeight + 2 * row + ListMetrics.sectionSpacing
        #expect(abs(h2.midY - (second + headerHeight / 2)) <= 0.5, "the second header after a gap: \(h2)")
        #expect(abs(c.midY - (second + headerHeight + row / 2)) <= 0.5, "c under it: \(c)")
        #expect(h2.height < a.height, "a header's text is smaller than a row's")
    }


    @Test("List(selection:): a click on a row selects its id and draws the row over the accent colour; a press that drags selects nothing")
    func selection() throws {
        var picked: String?
        let binding = Binding(get: { picked }, set: { picked = $0 })
        let names = ["red", "green", "blue"]
        let list = List(names, id: \.self, selection: binding) { name in Text(name).accessibilityIdentifier(name) }
        var resolved = ResolvedView()
        let size = CGSize(width: 200, height: 150)
        resolved.update(list, in: size)
        let green = try frame(resolved, "green")
        // Right of the text, inside the row: nothing drawn until it is selected.
        let probe = (x: 180, y: Int(green.midY))
        func alpha(_ pixels: [UInt8]) -> UInt8 { pixels[(probe.y * Int(size.width) + probe.x) * 4 + 3] }
        #expect(alpha(try resolved.drawnHeadless()) == 0)

        resolved.handle(PointerEvent(.down, Point(x: 100, y: green.midY), at: 0))
        resolved.handle(PointerEvent(.move, Point(x: 100, y: green.midY + 30), at: 0.05))
        resolved.handle(PointerEvent(.up, Point(x: 100, y: green.midY + 30), at: 0.1))
        #expect(picked == nil, "a drag is no click")

        click(resolved, at: Point(x: 150, y: green.midY), time: 1)
        #expect(picked == "green")
        #expect(resolved.handleKey(.downArrow) && picked == "blue", "↓ selects the next row")
        #expect(resolved.handleKey(.upArrow) && picked == "green", "↑ the one before")
        resolved.update(list, in: size)
        let pixels = try resolved.drawnHeadless()
        let i = (probe.y * Int(size.width) + probe.x) * 4
        #expect(alpha(pixels) > 0, "the selected row is highlighted")
        #expect(pixels[i + 2] > pixels[i], "in the accent colour (blue): \(pixels[i..<i + 4])")
        let red = try frame(resolved, "red")
        #expect(alpha(Array(pixels)) > 0 && pixels[(Int(red.midY) * Int(size.width) + 180) * 4 + 3] == 0, "the other rows are not")
    }

    @Test("ScrollViewReader: scrollTo brings a row into sight: its top at the top with .top, just in sight with no anchor")
    func scrollViewReader() throws {
        var proxy: ScrollViewProxy?
        func view() -> some View {
            ScrollViewReader { reader in
                ScrollView { ForEach(0..<20) { i in Color.red.frame(height: 20).accessibilityIdentifier("row\(i)") } }
                    .onAppear { proxy = reader }
            }
        }
        var resolved = ResolvedView()
        let size = CGSize(width: 100, height: 100)
        resolved.update(view(), in: size)
        let reader = try #require(proxy)
        reader.scrollTo(15, anchor: .top)
        resolved.update(view(), in: size)
        #expect(try frame(resolved, "row15").minY == 0)
        reader.scrollTo(2)
        resolved.update(view(), in: size)
        #expect(try frame(resolved, "row2").minY == 0, "scrolled back up just enough")
        reader.scrollTo(6)
        resolved.update(view(), in: size)
        #expect(try frame(resolved, "row6").maxY == 100, "scrolled down just enough")
        resolved.update(view(), in: size)
        #expect(try frame(resolved, "row6").maxY == 100, "and it stays there")
    }
}
