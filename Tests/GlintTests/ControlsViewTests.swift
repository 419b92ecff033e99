import Foundation
@testable import Glint
@testable import GlintControls
import Testing
@testable import GlintCore
import GlintRender
import GlintTestSupport

/// The window's controls panel and HUD as library views (`EffectControls` docked by
/// `ControlsDock`, `HeadsUpDisplay`), driven by scripted presses and drawn headless: what the
/// old panel's tests (ControlsPanelTests, ControlsRenderTests, LegibilityRenderTests) assert of
/// the hand-drawn one, asserted of the views.
@Suite("Controls as views", .serialized)
struct ControlsViewTests {
    static let wide = CGSize(width: 800, height: 500)
    static let tall = CGSize(width: 400, height: 600)

    /// Where the panel's parts lie in a frame of `size`, the rows scrolled up by `scrollOffset`:
    /// the public layout (`ControlsPanel.layout(in:scrollOffset:)`), where the views must put them.
    func layout(_ effects: [any Effect], _ size: CGSize, scrollOffset: Double = 0) -> ControlsPanel.Layout {
        ControlsPanel(effects: effects).layout(in: Size(width: Double(size.width), height: Double(size.height)), scrollOffset: scrollOffset)
    }

    /// The point on a library slider's track (its knob travels half a knob in from each end)
    /// that sets `value` in `range`.
    func location(of value: Double, on rect: CGRect, in range: ClosedRange<Double>) -> Point {
        let knob = 20.0
        let t = (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        return Point(x: Double(rect.minX) + knob / 2 + t * (Double(rect.width) - knob), y: Double(rect.midY))
    }

    func press(_ resolved: ResolvedView, at p: Point, dragTo q: Point? = nil, release: Bool = true, time: Double = 0) {
        resolved.handle(PointerEvent(.down, p, at: time))
        if let q { resolved.handle(PointerEvent(.move, q, at: time + 0.05)) }
        if release { resolved.handle(PointerEvent(.up, q ?? p, at: time + 0.1)) }
    }

    func centre(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }

    // MARK: - Pressing and dragging

    @Test("pressing a track sets the value under the pointer; dragging follows it, clamped to the range; the press is the panel's")
    func pressAndDrag() {
        let effect = HarmonicEffect()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.wide)
        let sliders = resolved.sliderRects
        #expect(sliders.count == 5, "a slider per parameter: \(sliders.count)")
        let amplitude = sliders[0], range = 0.0...4.0
        press(resolved, at: location(of: 3, on: amplitude, in: range), release: false)
        #expect(effect.setting("amplitude") == 3)
        #expect(!effect.isInteracting, "the press is the panel's, not the effect's below")
        resolved.handle(PointerEvent(.move, location(of: 1.5, on: amplitude, in: range), at: 0.1))
        #expect(effect.setting("amplitude") == 1.5)
        resolved.handle(PointerEvent(.move, Point(x: 5000, y: 0), at: 0.2))
        #expect(effect.setting("amplitude") == 4)
        resolved.handle(PointerEvent(.move, Point(x: -5000, y: 900), at: 0.3))
        #expect(effect.setting("amplitude") == 0)
        resolved.handle(PointerEvent(.up, Point(x: -5000, y: 900), at: 0.4))
        // Off the panel the press goes on to the effect.
        press(resolved, at: Point(x: 100, y: 250), release: false, time: 1)
        #expect(effect.isInteracting, "a press beside the panel reaches the effect")
        resolved.handle(PointerEvent(.up, Point(x: 100, y: 250), at: 1.1))
    }

    @Test("a press on a slider by the window's edge is the panel's: it sets the value and never starts a tear")
    func panelBeforeTheTear() {
        let effect = HarmonicEffect()
        let tear = TearController()
        let view = ControlsDock(effects: [effect]) { EffectView(effect).tearable(tear) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.wide)
        let track = resolved.sliderRects[0]
        // Within 24 points of the frame's right edge: the tear's zone, were the panel not there.
        let p = Point(x: Double(track.maxX) - 2, y: Double(track.midY))
        #expect(Double(Self.wide.width) - p.x < 24)
        press(resolved, at: p, dragTo: Point(x: p.x - 60, y: p.y))
        #expect(tear.state.phase == .idle, "the tear never started")
        #expect(effect.setting("amplitude")! > 2.5, "the slider took the press: \(effect.setting("amplitude")!)")
    }

    @Test("whole-number parameters snap to whole numbers; others to the step the row shows")
    func snapping() {
        let effect = HarmonicEffect()
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [effect]) { EffectView(effect) }, in: Self.wide)
        let waves = resolved.sliderRects[2], speed = resolved.sliderRects[3]
        press(resolved, at: location(of: 20.4, on: waves, in: 1...32))
        #expect(effect.setting("wavesCount") == 20)
        press(resolved, at: location(of: 10.6, on: waves, in: 1...32), time: 1)
        #expect(effect.setting("wavesCount") == 11)
        press(resolved, at: location(of: 3.33, on: speed, in: 0...10), time: 2)
        #expect(effect.setting("speed") == 3.3, "one decimal for a range of 10: exactly 3.3")
    }

    @Test("Reset, where the panel lays it out, puts every parameter back to its default")
    func reset() {
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 20)
        effect.setParameter("speed", to: 7)
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [effect]) { EffectView(effect) }, in: Self.wide)
        let reset = layout([HarmonicEffect()], Self.wide).button(.reset)!.frame
        // Released away from it: nothing happens.
        press(resolved, at: centre(reset), dragTo: Point(x: 10, y: 10))
        #expect(effect.setting("wavesCount") == 20)
        press(resolved, at: centre(reset), time: 1)
        #expect(effect.setting("wavesCount") == 6 && effect.setting("speed") == 1)
    }

    @Test("Replay shows only when an effect draws in stages, and starts the drawing again")
    func replay() throws {
        let staged = StagedEffect()
        staged.advance(by: 0.7)
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [staged]) { Color.white }, in: Self.wide)
        let replay = try #require(layout([StagedEffect()], Self.wide).button(.replay)).frame
        press(resolved, at: Point(x: replay.minX + 4, y: replay.minY + 4))
        #expect(staged.replays == 1 && staged.drawingProgress == 0)
        #expect(staged.lightFraction == 0.55, "Replay leaves the parameters alone")

        // Drawn: a button's plate where Replay goes for the staged effect, the panel's background for harmonic.
        func pixel(_ effects: [any Effect]) throws -> (Int, Int, Int) {
            let renderer = ImageRenderer(content: ControlsDock(effects: effects) { Color.white })
            renderer.proposedSize = Self.wide
            let image = try renderer.render()
            let p = image.pixel(x: Int(replay.minX + 4), y: Int(replay.midY))
            return (Int(p.red), Int(p.green), Int(p.blue))
        }
        let background = ControlsPanel.Style.background
        let withReplay = try pixel([StagedEffect()]), without = try pixel([HarmonicEffect()])
        #expect(abs(without.0 - Int(background.red * 255)) <= 2, "no Replay for harmonic: the panel's background \(without)")
        #expect(withReplay.0 > without.0 + 20, "Replay's plate shows for a staged drawing: \(withReplay) over \(without)")
    }

    // MARK: - Scrolling

    /// A chain whose rows are taller than the band a portrait frame gives them.
    func chain() -> [any Effect] { [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)] }

    @Test("taller rows than the panel scroll by the wheel, a row a notch, clamped; a wheel elsewhere is not the panel's")
    func wheel() {
        let effects = chain()
        var resolved = ResolvedView()
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        resolved.update(view, in: Self.tall)
        let layout = self.layout(chain(), Self.tall)
        #expect(layout.dock == .bottom && layout.maxScrollOffset > 80)
        let first = resolved.sliderRects[0].minY
        let over = centre(layout.frame)
        #expect(!resolved.handleScroll(ScrollEvent(Point(x: 200, y: 100), dy: -1, at: 0)), "over the effect: not the panel's")
        #expect(resolved.handleScroll(ScrollEvent(over, dy: -1, at: 0)))
        resolved.update(view, in: Self.tall)
        #expect(resolved.sliderRects[0].minY == first - CGFloat(ControlsPanel.Style.scrollStep), "one notch, one row")
        resolved.handleScroll(ScrollEvent(over, dy: -50, at: 0.1))
        resolved.update(view, in: Self.tall)
        #expect(resolved.sliderRects[0].minY == first - CGFloat(layout.maxScrollOffset), "clamped at the bottom")
        // Scrolled to the bottom, Reset is where the layout scrolled to the bottom puts it.
        press(resolved, at: centre(self.layout(chain(), Self.tall, scrollOffset: layout.maxScrollOffset).button(.reset)!.frame))
        // The first row is above the band now, over the effect: a press there sets nothing.
        let hidden = location(of: 3, on: resolved.sliderRects[0], in: 0...4)
        #expect(hidden.y < layout.frame.minY)
        effects[0].setParameter("amplitude", to: 1)
        press(resolved, at: hidden, time: 1)
        #expect(effects[0].setting("amplitude") == 1, "a row scrolled out of sight takes no press")
        resolved.handleScroll(ScrollEvent(over, dy: 50, at: 0.2))
        resolved.update(view, in: Self.tall)
        #expect(resolved.sliderRects[0].minY == first, "back at the top")
    }

    @Test("dragging the panel's background moves the rows with the pointer, and moves no slider")
    func dragBackground() {
        let effects = chain()
        var resolved = ResolvedView()
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        resolved.update(view, in: Self.tall)
        let layout = self.layout(chain(), Self.tall)
        let first = resolved.sliderRects[0].minY
        // Between the title and the first row, above the rule: background.
        let background = Point(x: layout.frame.minX + 30, y: layout.sliders[0].row.minY - 6)
        press(resolved, at: background, dragTo: Point(x: background.x, y: background.y - 50))
        resolved.update(view, in: Self.tall)
        #expect(resolved.sliderRects[0].minY == first - 50)
        #expect(effects[0].setting("amplitude") == 0.5, "no slider moved")
    }

    // MARK: - Docking

    @Test("docked as ControlsPanel.placement says: a column at the right of a wide frame, a band below a tall one",
          arguments: [CGSize(width: 800, height: 500), CGSize(width: 640, height: 400), CGSize(width: 1920, height: 1080),
                      CGSize(width: 400, height: 600), CGSize(width: 300, height: 200)])
    func placement(size: CGSize) {
        let effect = HarmonicEffect()
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [effect]) { EffectView(effect) }, in: size)
        let expected = ControlsPanel(effects: [HarmonicEffect()]).placement(in: Size(width: Double(size.width), height: Double(size.height)))
        #expect(resolved.graph.viewRect == expected.content, "the effect gets the rest: \(resolved.graph.viewRect)")
        for track in resolved.sliderRects where track.maxY <= CGFloat(expected.frame.maxY) {
            #expect(Double(track.minX) >= expected.frame.minX && Double(track.maxX) <= expected.frame.maxX, "\(track) in \(expected.frame)")
        }
    }

    /// A frame the panel is laid out in: which effects, its size, and how many notches of the
    /// wheel scroll its rows.
    struct Frame: Sendable, CustomTestStringConvertible {
        enum Effects: String, Sendable { case harmonic, chain, staged }
        let effects: Effects
        let width: Double, height: Double
        var notches = 0
        var testDescription: String { "\(effects.rawValue) at \(Int(width))x\(Int(height)), \(notches) notches" }
    }

    @Test("the views draw the rows' sliders and the buttons where ControlsPanel.layout says, to half a point; a press where it says sets the value it says",
          arguments: [Frame(effects: .harmonic, width: 960, height: 600), Frame(effects: .harmonic, width: 640, height: 800),
                      Frame(effects: .harmonic, width: 800, height: 240, notches: 1), Frame(effects: .chain, width: 400, height: 600, notches: 2),
                      Frame(effects: .chain, width: 700, height: 320, notches: 5), Frame(effects: .staged, width: 640, height: 400)])
    func drawnWhereLaidOut(frame: Frame) throws {
        let effects: [any Effect] = switch frame.effects {
        case .harmonic: [HarmonicEffect()]
        case .chain: chain()
        case .staged: [StagedEffect()]
        }
        let size = CGSize(width: frame.width, height: frame.height)
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        var resolved = ResolvedView()
        resolved.update(view, in: size)
        if frame.notches > 0 {
            let over = centre(self.layout(effects, size).frame)
            #expect(resolved.handleScroll(ScrollEvent(over, dy: -Double(frame.notches), at: 0)))
            resolved.update(view, in: size)
        }
        let layout = self.layout(effects, size, scrollOffset: Double(frame.notches) * ControlsPanel.Style.scrollStep)
        if frame.notches > 0 { #expect(layout.scrollOffset > 0, "\(frame.testDescription) scrolls") }
        func near(_ a: CGRect, _ b: Rect) -> Bool {
            abs(Double(a.minX) - b.minX) <= 0.5 && abs(Double(a.minY) - b.minY) <= 0.5
                && abs(Double(a.maxX) - b.maxX) <= 0.5 && abs(Double(a.maxY) - b.maxY) <= 0.5
        }
        let sliders = resolved.sliderRects
        try #require(sliders.count == layout.sliders.count, "a slider per row: \(sliders.count) for \(layout.sliders.count)")
        for (drawn, laid) in zip(sliders, layout.sliders) {
            #expect(near(drawn, laid.hitRect), "\(laid.name): the slider at \(drawn), laid out at \(laid.hitRect)")
            // The library slider's knob travels from half a knob in at each end: the layout's track.
            let knob = ControlsPanel.Style.knobDiameter / 2
            #expect(abs(Double(drawn.minX) + knob - laid.track.minX) <= 0.5 && abs(Double(drawn.maxX) - knob - laid.track.maxX) <= 0.5
                    && abs(Double(drawn.midY) - laid.track.midY) <= 0.5, "\(laid.name): its knob travels \(laid.track)")
        }
        let buttons = resolved.buttonRects
        #expect(buttons.count == layout.buttons.count, "\(buttons) for \(layout.buttons)")
        for (drawn, laid) in zip(buttons, layout.buttons) {
            #expect(near(drawn, laid.frame), "\(laid.kind.title) at \(drawn), laid out at \(laid.frame)")
        }
        // A press at `location(of:)` on each row in sight sets what `value(at:)` says, that value.
        let panel = ControlsPanel(effects: effects)
        for (i, laid) in layout.sliders.enumerated() where laid.hitRect.minY >= layout.frame.minY && laid.hitRect.maxY <= layout.frame.maxY {
            let range = laid.parameter.range
            let wanted = ControlsPanel.snap(range.lowerBound + 0.3 * (range.upperBound - range.lowerBound), for: laid.parameter)
            let p = laid.location(of: wanted)
            press(resolved, at: p, time: Double(i))
            let got = effects[panel.sliders[i].effectIndex].setting(laid.parameter.name)
            #expect(got == wanted && laid.value(at: p.x) == wanted, "\(laid.name): a press at \(p) set \(String(describing: got)), not \(wanted)")
            resolved.update(view, in: size)
            #expect(self.layout(effects, size, scrollOffset: layout.scrollOffset).sliders[i].thumbCenter == p, "the thumb shows the value set")
        }
    }

    @Test("the title's baseline is where ControlsPanel.layout says: the lowest row of its letters (none descends) ends there")
    func titleBaseline() throws {
        let size = CGSize(width: 960, height: 600)
        let renderer = ImageRenderer(content: ControlsDock(effects: chain()) { Color.black })
        renderer.proposedSize = size
        let image = try renderer.render()
        let layout = self.layout(chain(), size)
        #expect(layout.sliders.count == 8 && ControlsPanel(effects: chain()).title == "harmonic + wave + blur")
        var lowest = -1
        let left = Int(layout.frame.minX + ControlsPanel.Style.padding)
        for y in Int(layout.frame.minY)..<Int(layout.frame.minY + ControlsPanel.Style.padding + ControlsPanel.Style.titleHeight) {
            for x in left..<left + 150 where image.pixel(x: x, y: y).red > 100 { lowest = max(lowest, y) }
        }
        #expect(lowest > 0 && abs(Double(lowest + 1) - layout.titleBaseline) <= 1, "the letters end on row \(lowest); the baseline is laid out at \(layout.titleBaseline)")
    }

    @Test("hidden, the panel takes no room, no press and no draw: the frame is the effect's alone")
    func hidden() throws {
        let effect = HarmonicEffect()
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [effect], isPresented: false) { EffectView(effect) }, in: Self.wide)
        #expect(resolved.graph.viewRect == Rect(x: 0, y: 0, width: 800, height: 500))
        #expect(resolved.sliderRects.isEmpty && resolved.drawnGraphCount == 1)
        // Where the amplitude's slider would be, three quarters along.
        let row = layout([HarmonicEffect()], Self.wide).sliders[0].row
        let onSlider = Point(x: row.minX + 0.75 * row.width, y: row.maxY - 10)
        press(resolved, at: onSlider, release: false)
        #expect(effect.setting("amplitude") == 0.5 && effect.isInteracting, "the press went to the effect")

        let hiddenImage = ImageRenderer(content: EffectView(HarmonicEffect()).controlsPanel(isPresented: false, effects: [HarmonicEffect()]))
        hiddenImage.proposedSize = Self.wide
        let plain = ImageRenderer(content: EffectView(HarmonicEffect()))
        plain.proposedSize = Self.wide
        #expect(try hiddenImage.render().pixels == plain.render().pixels)
    }

    // MARK: - Drawing

    @Test("shown, the panel draws white knobs, blue fills and its dark background where laid out; beside it is the effect alone",
          arguments: [1.0, 2.0])
    func drawn(scale: Double) throws {
        let effect = HarmonicEffect()
        var resolved = ResolvedView()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        resolved.update(view, in: Self.wide)
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = Self.wide
        renderer.scale = CGFloat(scale)
        let image = try renderer.render()
        func px(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
            let p = image.pixel(x: Int(x * scale), y: Int(y * scale))
            return (Int(p.red), Int(p.green), Int(p.blue))
        }
        for (i, track) in resolved.sliderRects.enumerated() {
            let range = effect.descriptor.parameters[i].range
            let value = effect.setting(effect.descriptor.parameters[i].name)!
            let knob = location(of: value, on: track, in: range)
            let k = px(knob.x, knob.y)
            #expect(min(k.r, k.g, k.b) > 220, "row \(i): the knob is white: \(k)")
            if knob.x - Double(track.minX) > 24 {
                let f = px(Double(track.minX) + 6, knob.y)
                #expect(f.b > 200 && f.r < 60, "row \(i): the filled part is the accent blue: \(f)")
            }
        }
        let panel = layout([HarmonicEffect()], Self.wide).frame
        let inside = px(panel.minX + 4, panel.midY + 1)
        let bg = ControlsPanel.Style.background
        #expect(abs(inside.r - Int(bg.red * 255)) <= 2 && abs(inside.b - Int(bg.blue * 255)) <= 2, "the panel's background: \(inside)")

        let alone = ImageRenderer(content: EffectView(HarmonicEffect()))
        alone.proposedSize = CGSize(width: panel.minX, height: Self.wide.height)
        alone.scale = CGFloat(scale)
        let beside = try alone.render()
        var differing = 0
        for y in 0..<beside.height {
            for x in 0..<beside.width {
                let a = (y * beside.width + x) * 4, b = (y * image.width + x) * 4
                if beside.pixels[a..<a + 4] != image.pixels[b..<b + 4] { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels of the view differ from the effect drawn alone at its size")
    }


    @Test("scrolled below a portrait view, the rows stay inside the panel: above it is the effect alone; the scroll bar shows")
    func scrolledRowsStayInside() throws {
        let effects = chain()
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        let layout = self.layout(chain(), Self.tall)
        var resolved = ResolvedView()
        resolved.update(view, in: Self.tall)
        #expect(resolved.handleScroll(ScrollEvent(centre(layout.frame), dy: -2, at: 0)))
        resolved.update(view, in: Self.tall)
        #expect(resolved.sliderRects[0].maxY <= CGFloat(layout.frame.minY), "the first row scrolled up past the band's top")
        let shown = try resolved.drawnHeadless()
        let alone = ImageRenderer(content: EffectView(chain()[0]))
        alone.proposedSize = CGSize(width: layout.frame.width, height: layout.frame.minY)
        let view0 = try alone.render()
        var differing = 0
        for i in stride(from: 0, to: view0.pixels.count, by: 4) where view0.pixels[i..<i + 4] != shown[i..<i + 4] { differing += 1 }
        #expect(differing == 0, "\(differing) pixels of the view above the panel differ from the effect alone: a scrolled row spilled over it?")
        // The scroll bar at the panel's right, its thumb lighter than its track, both where the
        // layout scrolled two notches puts them.
        let scrolled = self.layout(chain(), Self.tall, scrollOffset: 2 * ControlsPanel.Style.scrollStep)
        let bar = scrolled.scrollBar, thumb = scrolled.scrollThumb
        #expect(bar != .zero && thumb.minY > bar.minY + 4 && thumb.maxY < bar.maxY - 4, "the thumb part way down the bar: \(thumb) on \(bar)")
        func luma(_ y: Double) -> Int {
            let i = (Int(y) * Int(Self.tall.width) + Int(bar.midX)) * 4
            return Int(shown[i]) + Int(shown[i + 1]) + Int(shown[i + 2])
        }
        let onThumb = luma(thumb.midY), above = luma(thumb.minY - 2), below = luma(thumb.maxY + 2)
        #expect(onThumb > above + 60 && onThumb > below + 60, "a thumb on a track: \(above), \(onThumb), \(below) at \(thumb)")
    }

    // MARK: - The HUD

    /// The HUD over a white view of `size`, drawn at scale 1.
    func hud(_ display: HeadsUpDisplay, size: CGSize = CGSize(width: 640, height: 400)) throws -> RenderedImage {
        let renderer = ImageRenderer(content: ZStack { Color.white; display })
        renderer.proposedSize = size
        let image = try renderer.render()
        if let folder = ProcessInfo.processInfo.environment["GLINT_PICTURES"] {
            try image.pngData().write(to: URL(fileURLWithPath: "\(folder)/hud-\(Int(size.width))-\(display.help?.count ?? 0)-\(display.notice?.count ?? 0).png"))
        }
        return image
    }

    /// How far down the HUD's plate reaches at x = 5 points (left of the text, inside the plate).
    func plateBottom(_ image: RenderedImage) -> Int {
        var y = 6
        while y < image.height && image.pixel(x: 5, y: y).red < 200 { y += 1 }
        return y
    }

    @Test("the HUD's help wraps only between items: items separated by two spaces go to the next line, an item with single spaces is never broken")
    func helpWraps() throws {
        let items = "C: show controls  H: hide help  Q, Esc: quit"
        let one = plateBottom(try hud(HeadsUpDisplay(top: "harmonic", help: items)))
        let narrow = CGSize(width: 180, height: 400)
        let wrapped = plateBottom(try hud(HeadsUpDisplay(top: "harmonic", help: items), size: narrow))
        // The same words in one item: too wide for the narrow view, kept on one line.
        let single = plateBottom(try hud(HeadsUpDisplay(top: "harmonic", help: "C: show controls H: hide help Q, Esc: quit"), size: narrow))
        let lineAdvance = HeadsUpDisplay.Style.textSize * 1.164 * HeadsUpDisplay.Style.lineSpacing
        #expect(Double(wrapped - one) > 1.5 * lineAdvance, "three items at 180 points: three lines (\(one) → \(wrapped))")
        #expect(single == one, "one item too wide is not broken: one line (\(one) vs \(single))")
        let left = try hud(HeadsUpDisplay(top: "harmonic", help: "C: show controls H: hide help Q, Esc: quit"), size: narrow)
        #expect(left.pixel(x: 5, y: 10).red < 200, "the plate still starts at the left: the long line runs off the right edge")
        // Nothing but the top line: the plate ends a line higher; nothing at all: no plate.
        let top = plateBottom(try hud(HeadsUpDisplay(top: "harmonic")))
        #expect(Double(one - top) > 0.5 * lineAdvance && Double(one - top) < 1.5 * lineAdvance)
        #expect(plateBottom(try hud(HeadsUpDisplay())) == 6, "nothing to show: no plate")
    }

    @Test("the HUD reads over white: its letters are over 100 levels of 255 brighter than what is around them")
    func legibility() throws {
        let image = try hud(HeadsUpDisplay(top: "harmonic   60 fps", help: "1-7, Tab: switch effect   hold: animate   H: hide help   Q, Esc: quit"))
        var lumas: [Double] = []
        let L = HeadsUpDisplay.Style.self
        for y in Int(L.padding)...Int(L.padding + 2 * L.textSize * 1.5) {
            for x in Int(L.padding)...Int(L.padding + 300) {
                let p = image.pixel(x: x, y: y)
                lumas.append(0.299 * Double(p.red) + 0.587 * Double(p.green) + 0.114 * Double(p.blue))
            }
        }
        lumas.sort()
        let letters = lumas[Int(Double(lumas.count - 1) * 0.98)], around = lumas[(lumas.count - 1) / 2]
        #expect(letters - around > 100, "letters \(letters) over their surroundings \(around)")
    }

    @Test("a key's confirmation sits centred at the bottom on its plate, and wraps (a long file name within) to fit a narrow view")
    func confirmation() throws {
        /// The dark plate's bounds in pixels.
        func plate(_ image: RenderedImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
            var b = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y).red < 160 {
                    b = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
                }
            }
            return b
        }
        let L = HeadsUpDisplay.Style.self
        let size = CGSize(width: 640, height: 400)
        let wide = plate(try hud(HeadsUpDisplay(confirmation: "Speed 2×"), size: size))
        #expect(wide.minX < wide.maxX, "a plate is drawn")
        #expect(abs(Double(wide.minX + wide.maxX + 1) / 2 - Double(size.width) / 2) <= 1, "centred across: \(wide)")
        #expect(abs(Double(size.height) - L.padding - Double(wide.maxY + 1)) <= 1, "its plate \(L.padding) points above the bottom: \(wide)")
        let oneLine = wide.maxY - wide.minY

        let narrow = CGSize(width: 160, height: 300)
        let long = plate(try hud(HeadsUpDisplay(confirmation: "Saved glint-harmonic+wave+blur-0003.517s.png"), size: narrow))
        #expect(Double(long.minX) >= L.padding - 1 && Double(long.maxX) <= Double(narrow.width) - L.padding,
                "the plate, and the text on it, stay inside the view: \(long) in \(narrow)")
        #expect(long.maxY - long.minY > oneLine + Int(L.textSize), "the long line wraps: \(long) against one line \(oneLine)")
    }

    @Test("the notice sits centred over the view on its plate, and the HUD takes no press")
    func notice() throws {
        let size = CGSize(width: 640, height: 400)
        let image = try hud(HeadsUpDisplay(notice: "Press R to bring the view back"), size: size)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).red < 160 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(minX < maxX, "a plate is drawn")
        #expect(abs(Double(minX + maxX + 1) / 2 - Double(size.width) / 2) <= 1, "centred across: \(minX)…\(maxX)")
        #expect(abs(Double(minY + maxY + 1) / 2 - Double(size.height) / 2) <= 1, "centred down: \(minY)…\(maxY)")
        #expect(Double(maxY - minY + 1) > HeadsUpDisplay.Style.noticeSize + 2 * HeadsUpDisplay.Style.noticePadding.height)

        final class Taps { var count = 0 }
        let taps = Taps()
        var resolved = ResolvedView()
        resolved.update(ZStack { Color.white.onTapGesture { taps.count += 1 }; HeadsUpDisplay(top: "harmonic", notice: "Press R") }, in: size)
        press(resolved, at: Point(x: 320, y: 200))
        press(resolved, at: Point(x: 20, y: 15), time: 1)
        #expect(taps.count == 2, "both presses went through the HUD")
    }

    @Test("the window's picture at 960x600: the panel's background and inner edge line where laid out, every row's name on one line")
    func windowPicture() throws {
        let effect = HarmonicEffect()
        for _ in 0..<60 { effect.advance(by: 1.0 / 60) }
        let size = CGSize(width: 960, height: 600)
        let renderer = ImageRenderer(content: ZStack(alignment: .topLeading) {
            ControlsDock(effects: [effect]) {
                ZStack {
                    EffectView(effect)
                    HeadsUpDisplay(top: "Harmonic glow   60 fps", help: "1-9, Tab: switch effect  hold: animate  C: controls  H: hide help  Q, Esc: quit")
                }
            }
        })
        renderer.proposedSize = size
        let image = try renderer.render()
        if let folder = ProcessInfo.processInfo.environment["GLINT_PICTURES"] {
            try image.pngData().write(to: URL(fileURLWithPath: "\(folder)/new.png"))
        }
        let layout = self.layout([HarmonicEffect()], size)
        let panel = layout.frame
        let bg = ControlsPanel.Style.background
        let inside = image.pixel(x: Int(panel.minX) + 4, y: Int(panel.maxY) - 4)
        #expect(abs(Int(inside.red) - Int(bg.red * 255)) <= 2, "the panel's background at its bottom-left: \(inside)")
        let edge = image.pixel(x: Int(panel.minX), y: Int(panel.maxY) - 4)
        #expect(Int(edge.red) > Int(inside.red) + 20, "the line along its inner edge: \(edge)")
        // Every row's name on one line: nothing light in the band below the names, above the tracks.
        for slider in layout.sliders {
            // 18 points down the row: below the name's line, above the slider.
            let y = Int(slider.row.minY) + 18
            var light = 0
            // Left of every knob: where a wrapped name's next line would start.
            for x in Int(panel.minX + ControlsPanel.Style.padding)..<Int(panel.minX + ControlsPanel.Style.padding + 18) where image.pixel(x: x, y: y).red > 150 { light += 1 }
            #expect(light == 0, "\(slider.name) is on one line: \(light) light pixels under it")
        }
    }

}
