import Foundation
@testable import Glint
import GlintRender
import Testing
import struct GlintCore.Point
import struct GlintCore.PointerEvent
import struct GlintCore.Rect

/// `NavigationStack`: a click on a link pushes its destination, the bar's back button and
/// Escape pop it, headless.
@Suite("Navigation")
struct NavigationTests {
    let size = CGSize(width: 300, height: 200)

    /// Presses and releases at `point`.
    func click(_ resolved: ResolvedView, at point: Point, time: Double = 0) {
        resolved.handle(PointerEvent(.down, point, at: time))
        resolved.handle(PointerEvent(.up, point, at: time + 0.05))
    }

    /// The buttons laid out this frame (links, the back button): those of levels not shown have no size.
    func buttons(_ resolved: ResolvedView) -> [Rect] {
        resolved.buttonRects.filter { $0.width > 0 && $0.height > 0 }.map { Rect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
    }

    /// A menu of two effects, each a green square with its number as its title.
    struct Menu: View {
        var body: some View {
            NavigationStack {
                List {
                    NavigationLink("Ripple", value: 1).accessibilityIdentifier("link1")
                    NavigationLink("Blur", value: 2).accessibilityIdentifier("link2")
                }
                .navigationTitle("Effects")
                .navigationDestination(for: Int.self) { n in
                    Color.green.frame(width: 40, height: 40).accessibilityIdentifier("detail\(n)").navigationTitle("Effect \(n)")
                }
            }
        }
    }


    func pixel(_ pixels: [UInt8], _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (Int(y) * Int(size.width) + Int(x)) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    @Test("a click on a link shows its destination under the bar, drawn; the back button returns to the menu")
    func pushAndBack() throws {
        var resolved = ResolvedView()
        resolved.update(Menu(), in: size)
        let link2 = try #require(resolved.frame(identifiedBy: "link2"))
        #expect(link2.minY >= NavigationMetrics.barHeight, "the list is under the bar (titled): \(link2)")
        #expect(resolved.frame(identifiedBy: "detail2") == nil)

        click(resolved, at: Point(x: link2.midX, y: link2.midY))
        resolved.update(Menu(), in: size)
        // The destination centred in the space under the bar.
        let detail = try #require(resolved.frame(identifiedBy: "detail2"))
        #expect(detail == Rect(x: (300 - 40) / 2, y: NavigationMetrics.barHeight + (200 - NavigationMetrics.barHeight - 40) / 2, width: 40, height: 40))
        var pixels = try resolved.drawnHeadless()
        let centre = pixel(pixels, detail.midX, detail.midY)
        #expect(centre.g > 150 && centre.r < 100 && centre.a == 255, "the destination (SwiftUI's green) is drawn: \(centre)")
        // The menu's rows are neither drawn nor take clicks.
        let back = try #require(buttons(resolved).first, "a back button")
        #expect(buttons(resolved).count == 1 && back.maxY <= NavigationMetrics.barHeight && back.minX < 20, "only the back button, at the bar's leading end: \(buttons(resolved))")

        click(resolved, at: Point(x: back.midX, y: back.midY), time: 1)
        resolved.update(Menu(), in: size)
        #expect(resolved.frame(identifiedBy: "detail2") == nil, "popped")
        #expect(resolved.frame(identifiedBy: "link2") == link2, "the menu is back where it was")
        pixels = try resolved.drawnHeadless()
        #expect(pixel(pixels, detail.midX, detail.midY).g < 150, "the destination is no longer drawn")
    }

    @Test("Escape pops, and is not taken with nothing pushed")
    func escapePops() throws {
        var resolved = ResolvedView()
        resolved.update(Menu(), in: size)
        #expect(!resolved.handleKey(.escape), "nothing to pop")
        let link1 = try #require(resolved.frame(identifiedBy: "link1"))
        click(resolved, at: Point(x: link1.midX, y: link1.midY))
        resolved.update(Menu(), in: size)
        #expect(resolved.frame(identifiedBy: "detail1") != nil)
        #expect(resolved.handleKey(.escape))
        resolved.update(Menu(), in: size)
        #expect(resolved.frame(identifiedBy: "detail1") == nil)
    }

    @Test("NavigationStack(path:) follows its binding: pushing appends to it, setting it shows the view, back removes the last")
    func pathBinding() throws {
        var path: [Int] = []
        let binding = Binding(get: { path }, set: { path = $0 })
        func stack() -> some View {
            NavigationStack(path: binding) {
                NavigationLink("Three", value: 3).accessibilityIdentifier("link")
                    .navigationDestination(for: Int.self) { n in Text("Number \(n)").accessibilityIdentifier("n\(n)") }
            }
        }
        var resolved = ResolvedView()
        resolved.update(stack(), in: size)
        let link = try #require(resolved.frame(identifiedBy: "link"))
        click(resolved, at: Point(x: link.midX, y: link.midY))
        #expect(path == [3])
        path = [3, 4]
        resolved.update(stack(), in: size)
        #expect(resolved.frame(identifiedBy: "n4").map { $0.width > 0 } == true, "the binding's last value shown")
        let back = try #require(buttons(resolved).first)
        click(resolved, at: Point(x: back.midX, y: back.midY), time: 1)
        #expect(path == [3])
    }

    @Test("NavigationLink(destination:label:) pushes its view; a link outside any stack does nothing")
    func viewDestination() throws {
        let view = NavigationStack {
            NavigationLink(destination: Color.blue.frame(width: 30, height: 30).accessibilityIdentifier("pushed").navigationBarBackButtonHidden()) {
                Text("Open").accessibilityIdentifier("open")
            }
        }
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        let open = try #require(resolved.frame(identifiedBy: "open"))
        #expect(open.minY > 0 && resolved.frame(identifiedBy: "pushed") == nil)
        click(resolved, at: Point(x: open.midX, y: open.midY))
        resolved.update(view, in: size)
        let pushed = try #require(resolved.frame(identifiedBy: "pushed"))
        #expect(pushed.midY == NavigationMetrics.barHeight + (200 - NavigationMetrics.barHeight) / 2, "under the bar, which shows once something is pushed")
        #expect(buttons(resolved).isEmpty, "its back button hidden")

        var alone = ResolvedView()
        alone.update(NavigationLink("Nowhere", value: 1), in: size)
        #expect(buttons(alone).isEmpty, "outside a stack a link takes no click")
    }

    @Test(".toolbar items sit at the bar's trailing end and take clicks")
    func toolbarItems() throws {
        var added = 0
        let view = NavigationStack {
            Color.red.frame(width: 20, height: 20)
                .navigationTitle("Shaders")
                .toolbar { ToolbarItem(placement: .primaryAction) { Button("Add") { added += 1 } } }
        }
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        let add = try #require(buttons(resolved).first)
        #expect(add.maxY <= NavigationMetrics.barHeight && add.maxX > 250, "in the bar, at its trailing end: \(add)")
        click(resolved, at: Point(x: add.midX, y: add.midY))
        #expect(added == 1)
    }

    @Test("TabView: tabs along the top; a click on a tab shows its view and sets the selection to its tag")
    func tabs() throws {
        var picked = "one", keys: [String] = []
        let binding = Binding(get: { picked }, set: { picked = $0 })
        func view() -> some View {
            TabView(selection: binding) {
                Color.red.frame(width: 40, height: 40).accessibilityIdentifier("first")
                    .onKeyPress("x") { keys.append("one"); return .handled }.tabItem { Text("One") }.tag("one")
                Color.green.frame(width: 40, height: 40).accessibilityIdentifier("second")
                    .onKeyPress("x") { keys.append("two"); return .handled }.tabItem { Text("Two") }.tag("two")
            }
        }
        var resolved = ResolvedView()
        resolved.update(view(), in: size)
        let tabs = buttons(resolved)
        try #require(tabs.count == 2, "a tab each: \(tabs)")
        #expect(tabs.allSatisfy { $0.maxY <= TabMetrics.barHeight } && tabs[0].maxX <= tabs[1].minX, "side by side along the top: \(tabs)")
        let first = try #require(resolved.frame(identifiedBy: "first"))
        #expect(first.midY == TabMetrics.barHeight + (200 - TabMetrics.barHeight) / 2, "the first tab shown under the bar")
        #expect(resolved.frame(identifiedBy: "second")?.width == 0, "the second not laid out")
        #expect(resolved.handleKey("x") && keys == ["one"], "only the tab shown hears its keys: \(keys)")
        click(resolved, at: Point(x: tabs[1].midX, y: tabs[1].midY))
        #expect(picked == "two")
        resolved.update(view(), in: size)
        #expect(resolved.frame(identifiedBy: "second") == first, "the second tab shown where the first was")
        let pixels = try resolved.drawnHeadless()
        #expect(pixel(pixels, first.midX, first.midY).g > 150, "drawn green")
        #expect(resolved.handleKey("x") && keys == ["one", "two"], "now the second tab hears them: \(keys)")
    }

    @Test(".sheet shows its content over the view and takes the clicks outside it; Escape dismisses it. .alert's button dismisses it after its action")
    func sheetAndAlert() throws {
        var shown = true, taps = 0
        let binding = Binding(get: { shown }, set: { shown = $0 })
        func view() -> some View {
            Color.white.onTapGesture { taps += 1 }
                .sheet(isPresented: binding) { Color.blue.frame(width: 60, height: 30).accessibilityIdentifier("sheet") }
        }
        var resolved = ResolvedView()
        resolved.update(view(), in: size)
        let sheet = try #require(resolved.frame(identifiedBy: "sheet"))
        #expect(sheet.midX == 150 && sheet.midY == 100, "in the middle: \(sheet)")
        click(resolved, at: Point(x: 10, y: 10))
        #expect(taps == 0, "the view under the sheet takes no click")
        #expect(resolved.handleKey(.escape))
        #expect(!shown)
        resolved.update(view(), in: size)
        #expect(resolved.frame(identifiedBy: "sheet") == nil)
        click(resolved, at: Point(x: 10, y: 10), time: 1)
        #expect(taps == 1)

        var alerted = true, deleted = false
        let alertBinding = Binding(get: { alerted }, set: { alerted = $0 })
        resolved.update(Color.white.alert("Delete?", isPresented: alertBinding) { Button("Delete") { deleted = true } }, in: size)
        let button = try #require(buttons(resolved).first)
        click(resolved, at: Point(x: button.midX, y: button.midY), time: 2)
        #expect(deleted && !alerted, "the action ran, and the alert went")
    }

    @Test("NavigationSplitView: the sidebar at the leading edge, the detail in the rest; picking in the sidebar's list changes the detail")
    func splitView() throws {
        var picked: Int? = nil
        let binding = Binding(get: { picked }, set: { picked = $0 })
        func view() -> some View {
            NavigationSplitView {
                List(0..<3, id: \.self, selection: binding) { i in Text("Item \(i)").accessibilityIdentifier("item\(i)") }
            } detail: {
                // As wide as 20 points a pick (10 with none).
                Color.green.frame(width: CGFloat(picked.map { 20 * ($0 + 1) } ?? 10), height: 10).accessibilityIdentifier("detail")
            }
        }
        let wide = CGSize(width: 600, height: 300)
        var resolved = ResolvedView()
        resolved.update(view(), in: wide)
        let item = try #require(resolved.frame(identifiedBy: "item1"))
        let detail = try #require(resolved.frame(identifiedBy: "detail"))
        #expect(item.minX < SplitMetrics.sidebarWidth && item.maxX <= SplitMetrics.sidebarWidth, "in the sidebar: \(item)")
        let detailSpace = 600 - Double(SplitMetrics.sidebarWidth) - 1
        #expect(abs(detail.midX - (Double(SplitMetrics.sidebarWidth) + 1 + detailSpace / 2)) <= 0.5, "centred in the rest: \(detail)")
        click(resolved, at: Point(x: item.midX, y: item.midY))
        #expect(picked == 1)
        resolved.update(view(), in: wide)
        #expect(try #require(resolved.frame(identifiedBy: "detail")).width == 40, "the detail shows the pick")
    }

    @Test("the keyboard works the menu: ↓ highlights the links in turn, Return follows the highlighted one, Escape comes back")
    func keyboardMenu() throws {
        var resolved = ResolvedView()
        resolved.update(Menu(), in: size)
        let link2 = try #require(resolved.frame(identifiedBy: "link2"))
        let probe = (x: link2.maxX - 20, y: link2.midY)  // right of the label, left of the chevron: the row's background
        #expect(pixel(try resolved.drawnHeadless(), probe.x, probe.y).a == 0, "nothing highlighted yet")
        #expect(!resolved.handleKey(.return), "no link highlighted: Return is not taken")
        #expect(resolved.handleKey(.downArrow))
        #expect(resolved.handleKey(.downArrow))
        #expect(!resolved.handleKey(.downArrow), "no row below the last")
        resolved.update(Menu(), in: size)
        let lit = pixel(try resolved.drawnHeadless(), probe.x, probe.y)
        #expect(lit.a > 0 && lit.b > lit.r, "the second link highlighted in the accent colour: \(lit)")
        #expect(resolved.handleKey(.return))
        resolved.update(Menu(), in: size)
        #expect(resolved.frame(identifiedBy: "detail2") != nil, "Return followed the second link")
        #expect(!resolved.handleKey(.return) && !resolved.handleKey(.upArrow), "the menu under it takes no keys")
        #expect(resolved.handleKey(.escape))
        resolved.update(Menu(), in: size)
        #expect(resolved.frame(identifiedBy: "link2") == link2)
    }
}
