// The controls panel's layout as views, restored from the hand-drawn panel's tests: more of the "Controls as views" suite.

import Foundation
@testable import Glint
@testable import GlintControls
import Testing
@testable import GlintCore
import GlintRender
import GlintTestSupport

extension ControlsViewTests {
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
                let value = ControlsPanel.format(chain[slider.effectIndex].setting(slider.parameter.name)!, for: slider.parameter)
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
        let before = try resolved.drawnHeadless()
        let laid = layout([HarmonicEffect()], Self.wide).slider(named: "amplitude")!
        let old = laid.thumbCenter, new = laid.location(of: 3)
        press(resolved, at: new)
        #expect(effect.setting("amplitude") == 3)
        resolved.update(view, in: Self.wide)
        let after = try resolved.drawnHeadless()
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
        #expect(effect.setting("heldAmplitude") == 2)
        // Five points right of the knob's centre: on the knob.
        resolved.handle(PointerEvent(.down, Point(x: knob.x + 5, y: knob.y), at: 0))
        #expect(effect.setting("heldAmplitude") == 2, "the press on the knob set nothing")
        resolved.handle(PointerEvent(.move, Point(x: slider.location(of: 3).x + 5, y: knob.y + 30), at: 0.1))
        #expect(effect.setting("heldAmplitude") == 3, "dragged by 1.00's distance: 3.00, the grab offset kept")
        resolved.handle(PointerEvent(.up, Point(x: slider.location(of: 3).x + 5, y: knob.y + 30), at: 0.2))
        #expect(effect.setting("heldAmplitude") == 3)
        // A press and release on the knob, left of its centre, without moving: nothing changes.
        resolved.update(view, in: Self.wide)
        press(resolved, at: Point(x: slider.location(of: 3).x - 7, y: knob.y), time: 1)
        #expect(effect.setting("heldAmplitude") == 3)
        // On the track away from the knob: the knob jumps under the press, and follows it exactly.
        resolved.handle(PointerEvent(.down, slider.location(of: 1), at: 2))
        #expect(effect.setting("heldAmplitude") == 1)
        resolved.handle(PointerEvent(.move, slider.location(of: 1.5), at: 2.1))
        #expect(effect.setting("heldAmplitude") == 1.5)
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
            let image = try resolved.drawnHeadless()
            let i = (Int(reset.midY) * Int(Self.wide.width) + Int(reset.minX + 5)) * 4
            return Int(image[i]) + Int(image[i + 1]) + Int(image[i + 2])
        }
        let rest = try plate()
        resolved.handle(PointerEvent(.down, centre(reset), at: 0))
        resolved.update(view, in: Self.wide)
        let held = try plate()
        #expect(held < rest - 9, "held, the plate darkens: \(rest) → \(held)")
        #expect(effect.setting("wavesCount") == 20, "a press alone does nothing")
        resolved.handle(PointerEvent(.up, centre(reset), at: 0.1))
        resolved.update(view, in: Self.wide)
        #expect(try plate() == rest, "released, it looks as before")
        #expect(effect.setting("wavesCount") == 6, "released on it: Reset")
        // Pressed, dragged off and released there: nothing, and the plate as before.
        effect.setParameter("wavesCount", to: 20)
        resolved.handle(PointerEvent(.down, centre(reset), at: 1))
        resolved.handle(PointerEvent(.move, Point(x: 10, y: 10), at: 1.1))
        resolved.handle(PointerEvent(.up, Point(x: 10, y: 10), at: 1.2))
        resolved.update(view, in: Self.wide)
        #expect(effect.setting("wavesCount") == 20, "released away from Reset: nothing reset")
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
        #expect(effects[0].setting("amplitude") == 0.5 && effects[1].setting("strength") == DeclaredEffect(.wave).setting("strength"),
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
        // Each control's frame (its shapes' rect), told apart by the gesture it is under.
        resolved.tree.nodes.compactMap { node -> Rect? in
            guard case .idealSize = node.kind else { return nil }
            var up = node.parent
            while up >= 0 {
                if case .gesture(let index) = resolved.tree.nodes[up].kind {
                    switch (resolved.tree.gestures[index].recognizer, kind) {
                    case (.toggle, .toggle), (.pad, .pad), (.slider, .slider): return node.frame
                    default: return nil
                    }
                }
                up = resolved.tree.nodes[up].parent
            }
            return nil
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
        #expect(effect.setting("invert") == 1, "on")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: centre(toggle.hitRect), time: 1)
        #expect(effect.setting("invert") == 0, "and off again")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: pad.location(x: 0.2, y: 0.9), time: 2)
        #expect(effect.setting("center", component: 0) == 0.2 && effect.setting("center", component: 1) == 0.9)
        #expect(pad.values(at: pad.location(x: 0.2, y: 0.9)) == (0.2, 0.9))
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: pad.location(x: 0.5, y: 0.5), dragTo: Point(x: pad.hitRect.maxX + 100, y: pad.hitRect.minY - 100), time: 3)
        #expect(effect.setting("center", component: 0) == 1 && effect.setting("center", component: 1) == 0, "dragged past the top right corner: clamped")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: green.location(of: 0.25), time: 4)
        #expect(effect.setting("tint", component: 1) == 0.25 && effect.setting("tint", component: 0) == 1, "green set, red as it was")
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: z.location(of: 0.75), time: 5)
        #expect(effect.setting("glow", component: 2) == 0.75)
        let state = Dictionary(uniqueKeysWithValues: { effect.updatePass(viewSize: Size(width: 10, height: 10)); return effect.stateSnapshot() }())
        #expect(state["center"] == .vector([1, 0]) && state["invert"] == .bool(false))
        // Reset puts every component back.
        resolved.update(view, in: Self.knobsFrame)
        press(resolved, at: centre(try #require(layout.button(.reset)).frame), time: 6)
        #expect(effect.setting("center", component: 1) == 0.5 && effect.setting("tint", component: 1) == 136.0 / 255)
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
        let image = try resolved.drawnHeadless()
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
        let pixels = try resolved.drawnHeadless()
        // The swatch: at the right of the label's line, above the first slider.
        let x = Int(size.width) - 10 - 22, y = Int(sliders[0].minY) - 4 - 10
        let i = (y * Int(size.width) + x) * 4
        #expect(abs(Int(pixels[i]) - 255) <= 2 && abs(Int(pixels[i + 1]) - 128) <= 2 && pixels[i + 2] <= 2, "the swatch at \(x),\(y): \(pixels[i..<i + 3])")
    }
}
