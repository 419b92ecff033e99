import Foundation
@testable import Glint
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
        #expect(effect.parameterValue("amplitude") == 3)
        #expect(!effect.isInteracting, "the press is the panel's, not the effect's below")
        resolved.handle(PointerEvent(.move, location(of: 1.5, on: amplitude, in: range), at: 0.1))
        #expect(effect.parameterValue("amplitude") == 1.5)
        resolved.handle(PointerEvent(.move, Point(x: 5000, y: 0), at: 0.2))
        #expect(effect.parameterValue("amplitude") == 4)
        resolved.handle(PointerEvent(.move, Point(x: -5000, y: 900), at: 0.3))
        #expect(effect.parameterValue("amplitude") == 0)
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
        #expect(effect.parameterValue("amplitude")! > 2.5, "the slider took the press: \(effect.parameterValue("amplitude")!)")
    }

    @Test("whole-number parameters snap to whole numbers; others to the step the row shows")
    func snapping() {
        let effect = HarmonicEffect()
        var resolved = ResolvedView()
        resolved.update(ControlsDock(effects: [effect]) { EffectView(effect) }, in: Self.wide)
        let waves = resolved.sliderRects[2], speed = resolved.sliderRects[3]
        press(resolved, at: location(of: 20.4, on: waves, in: 1...32))
        #expect(effect.parameterValue("wavesCount") == 20)
        press(resolved, at: location(of: 10.6, on: waves, in: 1...32), time: 1)
        #expect(effect.parameterValue("wavesCount") == 11)
        press(resolved, at: location(of: 3.33, on: speed, in: 0...10), time: 2)
        #expect(effect.parameterValue("speed") == 3.3, "one decimal for a range of 10: exactly 3.3")
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
        #expect(effect.parameterValue("wavesCount") == 20)
        press(resolved, at: centre(reset), time: 1)
        #expect(effect.parameterValue("wavesCount") == 6 && effect.parameterValue("speed") == 1)
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
        #expect(effects[0].parameterValue("amplitude") == 1, "a row scrolled out of sight takes no press")
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
        #expect(effects[0].parameterValue("amplitude") == 0.5, "no slider moved")
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
            let got = effects[panel.sliders[i].effectIndex].parameterValue(laid.parameter.name)
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
        #expect(effect.parameterValue("amplitude") == 0.5 && effect.isInteracting, "the press went to the effect")

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
            let value = effect.parameterValue(effect.descriptor.parameters[i].name)!
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

    /// Draws `resolved` headless at scale 1: RGBA rows from the top.
    func draw(_ resolved: ResolvedView) throws -> [UInt8] {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let renderer = try ViewRenderer()
        let target = try RenderTarget(pixelWidth: Int(resolved.size.width), pixelHeight: Int(resolved.size.height))
        try renderer.draw(resolved, into: target.framebuffer)
        return target.readPixels()
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
        let shown = try draw(resolved)
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

    // MARK: - Restored from the hand-drawn panel's tests (9736cb3)

    /// The panel's text font, and a width measured by the library's text engine (what `Text` draws with) at `scale`.
    static let panelFont = Font.system(size: CGFloat(ControlsPanel.Style.textSize), weight: .bold).spec
    func textWidth(_ s: String, _ font: FontSpec = Self.panelFont, scale: Double = 1) throws -> Double {
        let engine = try #require(SharedText.engine, "no font to measure with")
        return engine.measure(s, font: font, maxWidth: nil, options: TextLayoutOptions(), scale: scale).width
    }

    /// Every built-in effect alone, and the chains the old tests used.
    static func allChains() -> [[any Effect]] {
        EffectRegistry.all.map { [$0.make()] } + [
            [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)],
            [HarmonicEffect(), DeclaredEffect(.dissolve), DeclaredEffect(.wave), DeclaredEffect(.blur)],
            [WaveformEffect(), DeclaredEffect(.dissolve)],
        ]
    }

    /// The value of `parameter` whose text is the widest in the font: one of the range's ends.
    func widestValue(_ parameter: EffectParameter, scale: Double = 1) throws -> Double {
        let low = parameter.range.lowerBound, high = parameter.range.upperBound
        return try textWidth(ControlsPanel.format(low, for: parameter), scale: scale)
            > textWidth(ControlsPanel.format(high, for: parameter), scale: scale) ? low : high
    }

    @Test("every built-in effect's rows fit the panel in the real font: name, two spaces, widest value within the row the layout gives; the title too",
          arguments: [1.0, 2.0])
    func rowsFitTheFont(scale: Double) throws {
        let size = Size(width: 1280, height: 720)
        // Trailing spaces take no room in a line: the two spaces are measured between the texts.
        #expect(try textWidth("a  b", scale: scale) > textWidth("ab", scale: scale))
        for chain in Self.allChains() {
            let panel = ControlsPanel(effects: chain)
            let layout = panel.layout(in: size)
            #expect(layout.frame.width == panel.width, "\(panel.title): the panel gets its whole width")
            let room = layout.frame.width - 2 * ControlsPanel.Style.padding
            #expect(try textWidth(panel.title, scale: scale) <= room, "\(panel.title) in \(room)")
            for (slider, row) in zip(panel.sliders, layout.sliders) {
                #expect(row.row.width == room)
                let widest = ControlsPanel.format(try widestValue(slider.parameter, scale: scale), for: slider.parameter)
                let needed = try textWidth(slider.name + "  " + widest, scale: scale)
                #expect(needed <= row.row.width, "\(panel.title): \(slider.name) \(widest) takes \(needed) points in a row of \(row.row.width)")
            }
        }
    }

    @Test("the rows' texts are drawn: the name at the row's left, the value at its right, nothing in the gap between nor past the row; every built-in effect, values at their widest")
    func rowTextsDrawn() throws {
        let size = CGSize(width: 1280, height: 720)
        let S = ControlsPanel.Style.self
        for chain in Self.allChains() {
            for effect in chain {
                for p in effect.descriptor.parameters { effect.setParameter(p.name, to: try widestValue(p)) }
            }
            let renderer = ImageRenderer(content: ControlsDock(effects: chain) { Color.black })
            renderer.proposedSize = size
            let image = try renderer.render()
            let layout = ControlsPanel(effects: chain).layout(in: Size(width: 1280, height: 720))
            for (row, slider) in zip(layout.sliders, ControlsPanel(effects: chain).sliders) where row.row.maxY <= layout.frame.maxY {
                let value = ControlsPanel.format(chain[slider.effectIndex].parameterValue(slider.parameter.name)!, for: slider.parameter)
                let left = row.row.minX, right = row.row.maxX
                let nameEnd = left + (try textWidth(row.name)), valueStart = right - (try textWidth(value))
                // The line of text: from the row's top to where the slider's frame starts.
                let top = Int(row.row.minY), bottom = Int(row.row.minY + S.trackOffset - S.sliderHeight / 2)
                func light(_ x0: Double, _ x1: Double) -> Int {
                    var n = 0
                    // Within the image: a text overflowing the frame counts where it shows.
                    let from = min(max(Int(x0.rounded(.up)), 0), image.width), to = min(max(Int(x1.rounded(.down)), from), image.width)
                    for y in top..<bottom {
                        for x in from..<to where image.pixel(x: x, y: y).red > 100 { n += 1 }
                    }
                    return n
                }
                let what = "\(row.name) \(value)"
                #expect(light(left, nameEnd) > 20, "\(what): the name shows at the row's left")
                #expect(light(valueStart, right) > 10, "\(what): the value shows at the row's right")
                #expect(nameEnd + 2 < valueStart - 2, "\(what): a gap between them")
                #expect(light(nameEnd + 1, valueStart - 1) == 0, "\(what): nothing between \(nameEnd) and \(valueStart)")
                #expect(light(layout.frame.minX + 2, left - 1) == 0 && light(right + 1, layout.frame.maxX - 8) == 0,
                        "\(what): nothing left or right of the row (clipped or overflowing)")
            }
        }
    }

    @Test("a press on a slider changes the picture: the knob moves, the value text changes, the glow changes")
    func pressChangesThePicture() throws {
        let effect = HarmonicEffect()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.wide)
        let before = try draw(resolved)
        let laid = layout([HarmonicEffect()], Self.wide).slider(named: "amplitude")!
        let old = laid.thumbCenter, new = laid.location(of: 3)
        press(resolved, at: new)
        #expect(effect.parameterValue("amplitude") == 3)
        resolved.update(view, in: Self.wide)
        let after = try draw(resolved)
        let width = Int(Self.wide.width)
        func px(_ image: [UInt8], _ x: Double, _ y: Double) -> (Int, Int, Int) {
            let i = (Int(y) * width + Int(x)) * 4
            return (Int(image[i]), Int(image[i + 1]), Int(image[i + 2]))
        }
        func white(_ p: (Int, Int, Int)) -> Bool { min(p.0, p.1, p.2) > 220 }
        #expect(white(px(before, old.x, old.y)) && !white(px(before, new.x, new.y)), "before: the knob at 0.50")
        #expect(!white(px(after, old.x, old.y)) && white(px(after, new.x, new.y)), "after: the knob at 3.00")
        // The value's text ("0.50" → "3.00"), at the row's right.
        var changed = 0
        for y in Int(laid.row.minY)..<Int(laid.row.minY + 15) {
            for x in Int(laid.row.maxX - 30)..<Int(laid.row.maxX) where px(before, Double(x), Double(y)) != px(after, Double(x), Double(y)) { changed += 1 }
        }
        #expect(changed > 10, "the value text changed: \(changed) pixels")
        // The glow beside the panel: a larger amplitude, another picture.
        let content = layout([HarmonicEffect()], Self.wide).placement.content
        var differing = 0
        for y in stride(from: 0, to: Int(content.height), by: 2) {
            for x in stride(from: 0, to: Int(content.width), by: 2) where px(before, Double(x), Double(y)) != px(after, Double(x), Double(y)) { differing += 1 }
        }
        #expect(differing > 1000, "the glow changed: \(differing) of \(Int(content.width * content.height) / 4) pixels")
    }

    /// The help as the window shows it: items separated by three spaces.
    static let help = "1-7, Tab: switch effect   hold: animate   drag in from an edge: tear   R: restore   C: controls   H: hide help   Q, Esc: quit"

    /// The HUD with `help` over blue, so its plate (darker blue) and letters (white) can be told from the view.
    func hudOverBlue(width: Double, help: String = Self.help) throws -> RenderedImage {
        let renderer = ImageRenderer(content: ZStack { Color(red: 0, green: 0, blue: 1); HeadsUpDisplay(top: "harmonic   60 fps", help: help) })
        renderer.proposedSize = CGSize(width: width, height: 400)
        return try renderer.render()
    }

    /// How many lines of letters an image shows: runs of rows with a letter's pixel.
    func letterLines(_ image: RenderedImage) -> (lines: Int, pixels: Int) {
        var lines = 0, pixels = 0, inLine = false
        for y in 0..<image.height {
            var row = 0
            for x in 0..<image.width where image.pixel(x: x, y: y).red > 150 { row += 1 }
            pixels += row
            if row > 0 && !inLine { lines += 1 }
            inLine = row > 0
        }
        return (lines, pixels)
    }

    @Test("the HUD's help wraps to the view's width: no letter past the plate's right edge or the view's, every item drawn, as many lines as the text engine breaks it into")
    func hudHelpWithinTheView() throws {
        let L = HeadsUpDisplay.Style.self
        let font = Font.system(size: CGFloat(L.textSize), weight: .bold).spec
        let items = Self.help.components(separatedBy: "   ")
        let widestItem = try items.map { try textWidth($0, font) }.max()!
        let engine = try #require(SharedText.engine)
        let lineHeight = engine.measure("A", font: font, maxWidth: nil, options: TextLayoutOptions(), scale: 1).height
        let wide = try hudOverBlue(width: 2000)
        let oneLine = letterLines(wide)
        #expect(oneLine.lines == 2, "the top line and the help on one line: \(oneLine.lines)")
        // The narrowest view every item fits in, and wider ones.
        for width in [1000, 640, 372, (widestItem + 2 * L.padding + 1).rounded(.up)] {
            let image = try hudOverBlue(width: width)
            let helpLines = Int((engine.measure(Self.help, font: font, maxWidth: width - 2 * L.padding,
                                                options: TextLayoutOptions(lineBreaks: .betweenItems), scale: 1).height / lineHeight).rounded())
            // Greedy, item by item: the lines the help needs.
            var greedy = 1, line = 0.0
            let gap = try textWidth("   ", font)
            for item in items {
                let w = try textWidth(item, font)
                if line > 0 && line + gap + w > width - 2 * L.padding { greedy += 1; line = w } else { line += (line > 0 ? gap : 0) + w }
            }
            #expect(helpLines == greedy, "at \(width): the engine breaks into \(helpLines) lines, the items need \(greedy)")
            let drawn = letterLines(image)
            #expect(drawn.lines == 1 + helpLines, "at \(width): \(drawn.lines) lines of letters drawn, the top line and \(helpLines) of help")
            #expect(drawn.pixels == oneLine.pixels, "at \(width): every letter drawn (\(drawn.pixels) letter pixels, \(oneLine.pixels) on one line)")
            // The plate's right edge, along the first line; no letter right of it, nor past the text's room.
            let y = Int(L.padding + 4)
            var plateRight = -1, rightmostLetter = -1
            for x in 0..<image.width where image.pixel(x: x, y: y).blue < 200 { plateRight = x }
            for yy in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: yy).red > 150 { rightmostLetter = max(rightmostLetter, x) }
            }
            #expect(plateRight > 0 && plateRight < image.width, "at \(width): the plate ends inside the view at \(plateRight)")
            #expect(rightmostLetter >= 0 && rightmostLetter < plateRight, "at \(width): the rightmost letter at \(rightmostLetter), the plate ends at \(plateRight)")
            #expect(Double(rightmostLetter) < width - L.padding + 1, "at \(width): letters within the padding: \(rightmostLetter)")
        }
    }

    @Test("grabbing a slider's knob off its centre does not make the value jump: the drag keeps the offset; a press on the track elsewhere moves the knob there")
    func grabKeepsTheOffset() {
        let effect = HarmonicEffect()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.wide)
        let slider = layout([HarmonicEffect()], Self.wide).slider(named: "heldAmplitude")!
        let knob = slider.thumbCenter
        #expect(effect.parameterValue("heldAmplitude") == 2)
        // Five points right of the knob's centre: on the knob.
        resolved.handle(PointerEvent(.down, Point(x: knob.x + 5, y: knob.y), at: 0))
        #expect(effect.parameterValue("heldAmplitude") == 2, "the press on the knob set nothing")
        resolved.handle(PointerEvent(.move, Point(x: slider.location(of: 3).x + 5, y: knob.y + 30), at: 0.1))
        #expect(effect.parameterValue("heldAmplitude") == 3, "dragged by 1.00's distance: 3.00, the grab offset kept")
        resolved.handle(PointerEvent(.up, Point(x: slider.location(of: 3).x + 5, y: knob.y + 30), at: 0.2))
        #expect(effect.parameterValue("heldAmplitude") == 3)
        // A press and release on the knob, left of its centre, without moving: nothing changes.
        resolved.update(view, in: Self.wide)
        press(resolved, at: Point(x: slider.location(of: 3).x - 7, y: knob.y), time: 1)
        #expect(effect.parameterValue("heldAmplitude") == 3)
        // On the track away from the knob: the knob jumps under the press, and follows it exactly.
        resolved.handle(PointerEvent(.down, slider.location(of: 1), at: 2))
        #expect(effect.parameterValue("heldAmplitude") == 1)
        resolved.handle(PointerEvent(.move, slider.location(of: 1.5), at: 2.1))
        #expect(effect.parameterValue("heldAmplitude") == 1.5)
        resolved.handle(PointerEvent(.up, slider.location(of: 1.5), at: 2.2))
    }

    @Test("a button darkens while pressed and looks as before once released; released outside it, it does nothing")
    func buttonPressedLook() throws {
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 20)
        let view = ControlsDock(effects: [effect]) { Color.black }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.wide)
        let reset = layout([HarmonicEffect()], Self.wide).button(.reset)!.frame
        // The plate left of the title.
        func plate() throws -> Int {
            let image = try draw(resolved)
            let i = (Int(reset.midY) * Int(Self.wide.width) + Int(reset.minX + 5)) * 4
            return Int(image[i]) + Int(image[i + 1]) + Int(image[i + 2])
        }
        let rest = try plate()
        resolved.handle(PointerEvent(.down, centre(reset), at: 0))
        resolved.update(view, in: Self.wide)
        let held = try plate()
        #expect(held < rest - 9, "held, the plate darkens: \(rest) → \(held)")
        #expect(effect.parameterValue("wavesCount") == 20, "a press alone does nothing")
        resolved.handle(PointerEvent(.up, centre(reset), at: 0.1))
        resolved.update(view, in: Self.wide)
        #expect(try plate() == rest, "released, it looks as before")
        #expect(effect.parameterValue("wavesCount") == 6, "released on it: Reset")
        // Pressed, dragged off and released there: nothing, and the plate as before.
        effect.setParameter("wavesCount", to: 20)
        resolved.handle(PointerEvent(.down, centre(reset), at: 1))
        resolved.handle(PointerEvent(.move, Point(x: 10, y: 10), at: 1.1))
        resolved.handle(PointerEvent(.up, Point(x: 10, y: 10), at: 1.2))
        resolved.update(view, in: Self.wide)
        #expect(effect.parameterValue("wavesCount") == 20, "released away from Reset: nothing reset")
        #expect(try plate() == rest)
    }

    @Test("scrolled to the bottom and then made taller, the rows clamp: no empty space below Reset, and a notch back scrolls at once")
    func resizeClamps() {
        let effects = chain()
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        let short = CGSize(width: 700, height: 320), taller = CGSize(width: 700, height: 360), tallest = CGSize(width: 700, height: 560)
        let padding = CGFloat(ControlsPanel.Style.padding)
        var resolved = ResolvedView()
        resolved.update(view, in: short)
        let bottom = layout(chain(), short, scrollOffset: 1e9)
        #expect(bottom.maxScrollOffset > 2 * ControlsPanel.Style.scrollStep)
        #expect(resolved.handleScroll(ScrollEvent(centre(bottom.frame), dy: -50, at: 0)))
        resolved.update(view, in: short)
        #expect(resolved.buttonRects.last!.maxY == short.height - padding, "at the bottom, Reset sits on the panel's bottom padding")
        resolved.update(view, in: taller)
        let clamped = layout(chain(), taller, scrollOffset: 1e9)
        #expect(clamped.maxScrollOffset > 0 && clamped.maxScrollOffset < bottom.maxScrollOffset)
        #expect(resolved.buttonRects.last!.maxY == taller.height - padding, "taller, Reset still at the bottom: \(resolved.buttonRects.last!)")
        #expect(abs(Double(resolved.sliderRects[0].minY) - clamped.sliders[0].hitRect.minY) <= 0.5)
        // The position itself clamped: a notch up scrolls up at once.
        #expect(resolved.handleScroll(ScrollEvent(centre(clamped.frame), dy: 1, at: 1)))
        resolved.update(view, in: taller)
        let notchUp = layout(chain(), taller, scrollOffset: clamped.maxScrollOffset - ControlsPanel.Style.scrollStep)
        #expect(abs(Double(resolved.sliderRects[0].minY) - notchUp.sliders[0].hitRect.minY) <= 0.5, "one notch up from the clamped bottom")
        // Tall enough for every row: at the top, nothing to scroll.
        resolved.handleScroll(ScrollEvent(centre(clamped.frame), dy: -50, at: 2))
        resolved.update(view, in: tallest)
        let all = layout(chain(), tallest)
        #expect(all.maxScrollOffset == 0 && abs(Double(resolved.sliderRects[0].minY) - all.sliders[0].hitRect.minY) <= 0.5)
        #expect(!resolved.handleScroll(ScrollEvent(centre(all.frame), dy: -1, at: 3)), "nothing to scroll")
    }

    @Test("dragging the scroll bar's thumb scrolls the rows in proportion, end to end; a press on the bar off the thumb jumps the thumb's centre there")
    func dragScrollBar() {
        // Rows enough that the thumb is short of half the bar.
        func longChain() -> [any Effect] { chain() + [DeclaredEffect(.dissolve), HarmonicEffect()] }
        let effects = longChain()
        let view = ControlsDock(effects: effects) { EffectView(effects[0]) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.tall)
        let top = layout(longChain(), Self.tall)
        let bar = top.scrollBar, thumb = top.scrollThumb, span = top.maxScrollOffset
        #expect(bar != .zero && span > 0)
        let travel = bar.height - thumb.height
        func firstRow() -> Double {
            resolved.update(view, in: Self.tall)
            return Double(resolved.sliderRects[0].minY)
        }
        let first = firstRow()
        // Half the thumb's travel down: half the rows' overflow.
        let grab = Point(x: bar.midX, y: thumb.midY)
        resolved.handle(PointerEvent(.down, grab, at: 0))
        resolved.handle(PointerEvent(.move, Point(x: grab.x - 40, y: grab.y + travel / 2), at: 0.1))
        #expect(abs(firstRow() - (first - span / 2)) <= 0.5, "half way: \(first) → \(firstRow()), overflow \(span)")
        resolved.handle(PointerEvent(.move, Point(x: grab.x, y: grab.y + 1000), at: 0.2))
        #expect(abs(firstRow() - (first - span)) <= 0.5, "dragged past the bar's end: at the bottom")
        resolved.handle(PointerEvent(.up, Point(x: grab.x, y: grab.y + 1000), at: 0.3))
        #expect(effects[0].parameterValue("amplitude") == 0.5 && effects[1].parameterValue("strength") == DeclaredEffect(.wave).parameterValue("strength"),
                "no slider moved")
        // From the bottom, the thumb (now at the bar's end) dragged far up: back at the top.
        let low = layout(longChain(), Self.tall, scrollOffset: span).scrollThumb
        press(resolved, at: Point(x: bar.midX, y: low.midY), dragTo: Point(x: bar.midX, y: -500), time: 1)
        #expect(abs(firstRow() - first) <= 0.5)
        // Off the thumb, on the bar below it: the thumb's centre jumps under the press, then follows the pointer.
        #expect(thumb.height < bar.height / 2)
        let at = thumb.maxY + 20
        resolved.handle(PointerEvent(.down, Point(x: bar.midX, y: at), at: 2))
        let jumped = first - firstRow()
        #expect(jumped > 0 && jumped < span, "jumped part way: \(jumped) of \(span)")
        #expect(abs(layout(longChain(), Self.tall, scrollOffset: jumped).scrollThumb.midY - at) <= 0.5, "the thumb's centre under the press at \(at)")
        resolved.handle(PointerEvent(.move, Point(x: bar.midX, y: at + 10), at: 2.1))
        #expect(abs(first - firstRow() - (jumped + 10 * span / travel)) <= 0.5, "then dragged 10 points")
        resolved.handle(PointerEvent(.up, Point(x: bar.midX, y: at + 10), at: 2.2))
    }

    // MARK: - Controls for annotated uniforms

    /// A user's shader with an annotated uniform of every kind.
    static let knobs = """
        uniform float speed;      // glint: 0 4 1
        uniform bool  invert;     // glint: false
        uniform vec2  center;     // glint: 0 1 0.5,0.5
        uniform vec3  tint;       // glint: color #ff8800
        uniform vec4  glow;       // glint: 0 1 0.1,0.2,0.3,1
        vec4 colorEffect(vec2 position, vec4 color) { return color; }
        """
    static let knobsFrame = CGSize(width: 800, height: 720)

    func knobs() throws -> DeclaredEffect {
        try CustomEffect.fragment(function: "knobs", fileName: "knobs.frag", source: Self.knobs)
    }

    /// Where the controls of `kind` (`.toggle`, `.pad`) are drawn, in the order made.
    func controlRects(_ resolved: ResolvedView, _ kind: ControlsPanel.Control) -> [Rect] {
        resolved.tree.nodes.compactMap { node -> Rect? in
            guard case .control(let leaf) = node.kind else { return nil }
            switch (leaf.kind, kind) {
            case (.toggle, .toggle), (.pad, .pad), (.slider, .slider): return node.frame
            default: return nil
            }
        }
    }

    @Test("a toggle, a point and a colour get a switch, a pad and a swatch with a slider per channel, drawn where ControlsPanel.layout says")
    func newControlsWhereLaidOut() throws {
        let effect = try knobs()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.knobsFrame)
        let layout = self.layout([try knobs()], Self.knobsFrame)
        #expect(layout.sliders.map(\.name) == ["speed", "invert", "center", "tint", "tint.r", "tint.g", "tint.b", "glow.x", "glow.y", "glow.z", "glow.w"])
        #expect(layout.sliders.map(\.control) == [.slider, .toggle, .pad, .swatch] + Array(repeating: .slider, count: 7))
        #expect(layout.maxScrollOffset == 0, "every row in sight")
        func near(_ a: Rect, _ b: Rect) -> Bool {
            abs(a.minX - b.minX) <= 0.5 && abs(a.minY - b.minY) <= 0.5 && abs(a.maxX - b.maxX) <= 0.5 && abs(a.maxY - b.maxY) <= 0.5
        }
        for kind in [ControlsPanel.Control.slider, .toggle, .pad] {
            let drawn = controlRects(resolved, kind), laid = layout.sliders.filter { $0.control == kind }.map(\.hitRect)
            try #require(drawn.count == laid.count, "\(kind): \(drawn.count) drawn, \(laid.count) laid out")
            for (d, l) in zip(drawn, laid) { #expect(near(d, l), "\(kind) drawn at \(d), laid out at \(l)") }
        }
    }

    @Test("a press on the switch flips the toggle; a press and drag on the pad set both values, x across and y down; a press on a channel's slider sets that channel")
    func pressesOnTheNewControls() throws {
        let effect = try knobs()
        let view = ControlsDock(effects: [effect]) { EffectView(effect) }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.knobsFrame)
        let layout = self.layout([try knobs()], Self.knobsFrame)
        let toggle = try #require(layout.slider(named: "invert")), pad = try #require(layout.slider(named: "center"))
        let green = try #require(layout.slider(named: "tint.g")), z = try #require(layout.slider(named: "glow.z"))
        press(resolved, at: centre(toggle.hitRect))
        #expect(effect.parameterValue("invert") == 1, "on")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: centre(toggle.hitRect), time: 1)
        #expect(effect.parameterValue("invert") == 0, "and off again")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: pad.location(x: 0.2, y: 0.9), time: 2)
        #expect(effect.parameterValue("center", component: 0) == 0.2 && effect.parameterValue("center", component: 1) == 0.9)
        #expect(pad.values(at: pad.location(x: 0.2, y: 0.9)) == (0.2, 0.9))
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: pad.location(x: 0.5, y: 0.5), dragTo: Point(x: pad.hitRect.maxX + 100, y: pad.hitRect.minY - 100), time: 3)
        #expect(effect.parameterValue("center", component: 0) == 1 && effect.parameterValue("center", component: 1) == 0, "dragged past the top right corner: clamped")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: green.location(of: 0.25), time: 4)
        #expect(effect.parameterValue("tint", component: 1) == 0.25 && effect.parameterValue("tint", component: 0) == 1, "green set, red as it was")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: z.location(of: 0.75), time: 5)
        #expect(effect.parameterValue("glow", component: 2) == 0.75)
        let state = Dictionary(uniqueKeysWithValues: { effect.updatePass(viewSize: Size(width: 10, height: 10)); return effect.stateSnapshot() }())
        #expect(state["center"] == .vector([1, 0]) && state["invert"] == .bool(false))
        // Reset puts every component back.
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: centre(try #require(layout.button(.reset)).frame), time: 6)
        #expect(effect.parameterValue("center", component: 1) == 0.5 && effect.parameterValue("tint", component: 1) == 136.0 / 255)
    }

    @Test("the pad and the swatch draw what they show: the knob where the value is, the swatch in the colour; the row says the value")
    func newControlsDrawn() throws {
        let effect = try knobs()
        effect.setParameter("center", component: 0, to: 0.25)
        effect.setParameter("center", component: 1, to: 0.75)
        // The panel beside black: the shader is the user's file, not drawn here.
        let view = ControlsDock(effects: [effect]) { Color.black }
        var resolved = ResolvedView()
        resolved.update(view, in: Self.knobsFrame)
        let image = try draw(resolved)
        let width = Int(Self.knobsFrame.width)
        func px(_ p: Point) -> [Int] {
            let i = (Int(p.y) * width + Int(p.x)) * 4
            return image[i..<i + 3].map(Int.init)
        }
        let layout = self.layout([effect], Self.knobsFrame)
        let pad = try #require(layout.slider(named: "center")), swatch = try #require(layout.slider(named: "tint"))
        #expect(px(pad.thumbCenter).allSatisfy { $0 > 220 }, "a white knob at 0.25, 0.75: \(px(pad.thumbCenter))")
        #expect(!px(pad.location(x: 0.75, y: 0.25)).allSatisfy { $0 > 220 }, "none at 0.75, 0.25")
        let c = px(centre(swatch.hitRect))
        #expect(abs(c[0] - 255) <= 2 && abs(c[1] - 136) <= 2 && c[2] <= 2, "the swatch is #ff8800: \(c)")
        #expect(ControlsPanel.hex(red: 1, green: 136.0 / 255, blue: 0) == "#ff8800" && ControlsPanel.format(x: 0.25, y: 0.75, for: pad.parameter) == "0.25, 0.75")
    }

    @Test("the library's ColorPicker: a slider per channel; a press on the green one sets green alone; opacity only when supported; the swatch shows the colour")
    func colorPicker() throws {
        final class Holder { var color = Glint.Color(red: 1, green: 0, blue: 0, opacity: 1) }
        let holder = Holder()
        let selection = Binding(get: { holder.color }, set: { holder.color = $0 })
        let size = CGSize(width: 300, height: 160)
        var resolved = ResolvedView()
        resolved.update(ColorPicker("Tint", selection: selection).padding(10), in: size)
        #expect(resolved.sliderRects.count == 4, "red, green, blue, opacity")
        resolved.update(ColorPicker("Tint", selection: selection, supportsOpacity: false).padding(10), in: size)
        let sliders = resolved.sliderRects
        try #require(sliders.count == 3, "no opacity: \(sliders.count)")
        press(resolved, at: location(of: 0.5, on: sliders[1], in: 0...1))
        let c = holder.color.resolved
        #expect(c.red == 1 && abs(c.green - 0.5) < 1e-6 && c.blue == 0 && c.alpha == 1, "green set alone: \(c)")
        resolved.update(ColorPicker("Tint", selection: selection, supportsOpacity: false).padding(10), in: size)
        let pixels = try draw(resolved)
        // The swatch: at the right of the label's line, above the first slider.
        let x = Int(size.width) - 10 - 22, y = Int(sliders[0].minY) - 4 - 10
        let i = (y * Int(size.width) + x) * 4
        #expect(abs(Int(pixels[i]) - 255) <= 2 && abs(Int(pixels[i + 1]) - 128) <= 2 && pixels[i + 2] <= 2, "the swatch at \(x),\(y): \(pixels[i..<i + 3])")
    }
}
