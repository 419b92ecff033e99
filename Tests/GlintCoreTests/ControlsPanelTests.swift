import Testing
@testable import GlintCore

/// An effect that draws itself in stages, with one parameter: what the prism is to the panel.
final class StagedEffect: Effect {
    static let descriptor = EffectDescriptor(
        name: "staged", title: "Staged drawing", summary: "A test effect drawn in stages.",
        parameters: [EffectParameter("lightFraction", "how much of the drawing is light", default: 0.55, range: 0...1)],
        showsControls: true
    )
    let pass = ShaderEffect(function: "staged", kind: .color, arguments: [:])
    var lightFraction = 0.55
    var progress = 0.0
    var replays = 0

    init() {}
    func setParameter(_ name: String, to value: Double) { if name == "lightFraction" { lightFraction = value } }
    func parameterValue(_ name: String) -> Double? { name == "lightFraction" ? lightFraction : nil }
    var drawingProgress: Double? { progress }
    func replay() { replays += 1; progress = 0 }
    func handle(_ event: PointerEvent) {}
    func advance(by dt: Double) { progress = min(progress + dt, 1) }
    func updatePass(viewSize: Size) {}
    func stateSnapshot() -> [(String, StateValue)] { [] }
    var foreground: Foreground? { nil }
    var isInteracting: Bool { false }
}

@Suite("Controls panel")
struct ControlsPanelTests {
    static let view = Size(width: 800, height: 500)

    /// A shown panel for `effects`, laid out for `view`.
    func panel(_ effects: [any Effect]) -> ControlsPanel {
        let panel = ControlsPanel(effects: effects, isVisible: true)
        panel.update(viewSize: Self.view)
        return panel
    }

    func press(_ panel: ControlsPanel, at p: Point, dragTo q: Point? = nil, release: Bool = true) -> Bool {
        let taken = panel.begin(PointerEvent(.down, p, at: 0), viewSize: Self.view)
        guard taken else { return false }
        if let q { panel.track(PointerEvent(.move, q, at: 0.1), viewSize: Self.view) }
        if release { panel.track(PointerEvent(.up, q ?? p, at: 0.2), viewSize: Self.view) }
        return true
    }

    @Test("a slider per parameter, in the descriptor's order, showing each value as read from the effect")
    func slidersFromTheDescriptor() {
        let effect = HarmonicEffect()
        effect.setParameter("amplitude", to: 1.25)
        let p = panel([effect])
        #expect(p.title == "Harmonic glow")
        #expect(p.sliders.map(\.name) == ["amplitude", "heldAmplitude", "wavesCount", "speed", "heldSpeed"])
        #expect(p.sliders.map(\.valueText) == ["1.25", "2.00", "6", "1.0", "2.0"])
        #expect(p.sliders[2].parameter.isInteger && p.sliders[2].parameter.range == 1...32)
        #expect(p.buttons.map(\.kind) == [.reset], "no staged drawing: no Replay")
    }

    @Test("docked at the right edge, full height: rows stacked inside the panel, tracks within it, Reset at the bottom right")
    func layout() {
        let p = panel([HarmonicEffect()])
        let s = ControlsPanel.Style.self
        #expect(p.dock == .right)
        #expect(p.frame.maxX == Self.view.width && p.frame.minY == 0 && p.frame.maxY == Self.view.height)
        #expect(p.frame.width == p.width && p.width >= s.minimumWidth && p.height <= p.frame.height)
        for (a, b) in zip(p.sliders, p.sliders.dropFirst()) {
            #expect(b.track.minY - a.track.minY == s.rowHeight)
            #expect(a.hitRect.maxY <= b.baseline, "a slider's hit area ends above the next row's text")
        }
        for slider in p.sliders {
            #expect(p.frame.contains(Point(x: slider.hitRect.minX, y: slider.hitRect.minY)))
            #expect(p.frame.contains(Point(x: slider.hitRect.maxX, y: slider.hitRect.maxY)))
            #expect(slider.track.maxX == p.frame.maxX - s.padding - s.thumbRadius)
        }
        let reset = p.button(.reset)!.frame
        #expect(reset.maxX == p.frame.maxX - s.padding && reset.maxY == p.frame.minY + p.height - s.padding)
        #expect(p.scrollBar == .zero && p.maxScrollOffset == 0, "everything fits: nothing to scroll")
        // The right end of every track lies in the tear's edge zone of the whole window: those are
        // the presses the panel must win when the view would otherwise be the whole window.
        #expect(Self.view.width - p.sliders[0].hitRect.maxX < TearConfiguration().edgeZone)
    }

    /// The frame sizes the panel must share well: the smallest supported window, common ones, a portrait one.
    static let frames = [Size(width: 640, height: 400), Size(width: 960, height: 600), Size(width: 1280, height: 720),
                         Size(width: 1920, height: 1080), Size(width: 500, height: 800)]

    @Test("the panel never covers the effect's view: they share the frame edge to edge, at 640x400 up to 1920x1080 and in portrait",
          arguments: frames)
    func neverCoversTheContent(frame size: Size) {
        let chains: [[any Effect]] = [[HarmonicEffect()], [PrismEffect()], [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)],
                                      [HarmonicEffect(), DeclaredEffect(.dissolve), DeclaredEffect(.wave), DeclaredEffect(.blur)]]
        for chain in chains {
            let p = ControlsPanel(effects: chain, isVisible: true)
            p.update(viewSize: size)
            let placement = p.placement(in: size)
            let content = placement.content
            #expect(placement.frame == p.frame && placement.dock == p.dock)
            #expect(p.dock == (size.width >= size.height ? .right : .bottom), "\(size)")
            // No overlap: the content ends where the panel starts, and together they fill the frame.
            #expect(content.origin == .zero)
            let overlapX = min(content.maxX, p.frame.maxX) - max(content.minX, p.frame.minX)
            let overlapY = min(content.maxY, p.frame.maxY) - max(content.minY, p.frame.minY)
            #expect(overlapX <= 0 || overlapY <= 0, "\(p.title) at \(size): content \(content) meets panel \(p.frame)")
            #expect(content.width * content.height + p.frame.width * p.frame.height == size.width * size.height)
            if p.dock == .right {
                #expect(content.maxX == p.frame.minX && p.frame.maxX == size.width && p.frame.height == size.height)
                #expect(p.frame.width == p.width, "\(p.title) at \(size): the panel gets its whole width")
            } else {
                #expect(content.maxY == p.frame.minY && p.frame.maxY == size.height && p.frame.width == size.width)
                #expect(p.frame.height <= size.height * ControlsPanel.Style.maximumBottomShare)
            }
            #expect(min(content.width, content.height) >= ControlsPanel.Style.minimumContentSide, "\(p.title) at \(size): \(content)")
            // Every row's slider, and the buttons, lie inside the panel (scrolled into view if need be).
            for slider in p.sliders {
                #expect(slider.hitRect.minX >= p.frame.minX && slider.hitRect.maxX <= p.frame.maxX, "\(slider.name) at \(size)")
            }
            #expect(p.maxScrollOffset == max(0, p.height - p.frame.height))
            #expect((p.scrollBar != .zero) == (p.height > p.frame.height), "a scroll bar exactly when the rows are taller than the panel")
        }
    }

    @Test("a frame too small for both still lays out, never with a negative size")
    func tinyFrames() {
        for size in [Size(width: 1, height: 1), Size(width: 100, height: 60), Size(width: 200, height: 900), Size(width: 300, height: 200)] {
            let p = ControlsPanel(effects: [HarmonicEffect()], isVisible: true)
            p.update(viewSize: size)
            let content = p.placement(in: size).content
            #expect(content.width >= 0 && content.height >= 0 && p.frame.width >= 0 && p.frame.height >= 0, "\(size)")
            #expect(p.frame.minX >= 0 && p.frame.minY >= 0 && p.frame.maxX <= size.width && p.frame.maxY <= size.height, "\(size)")
            #expect(p.scrollOffset >= 0 && p.scrollOffset <= p.maxScrollOffset)
        }
    }

    /// A chain whose rows are taller than a short window: 8 sliders, 402 points of rows, in 700x320.
    static let short = Size(width: 700, height: 320)
    func tallPanel() -> ControlsPanel {
        let p = ControlsPanel(effects: [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)], isVisible: true)
        p.update(viewSize: Self.short)
        return p
    }

    @Test("taller rows than the panel scroll by the wheel, a row a notch, clamped to the top and the bottom")
    func wheelScrollsAndClamps() {
        let p = tallPanel()
        let s = ControlsPanel.Style.self
        #expect(p.maxScrollOffset == p.height - Self.short.height && p.maxScrollOffset > s.scrollStep)
        #expect(p.scrollBar != .zero && p.scrollThumb.minY == p.scrollBar.minY, "a scroll bar, its thumb at the top")
        #expect(p.button(.reset)!.frame.minY > p.frame.maxY, "Reset starts below the fold")
        let over = Point(x: p.frame.midX, y: p.frame.midY)
        let firstTrack = p.sliders[0].track.minY
        // One notch towards the user scrolls down a row.
        #expect(p.scroll(ScrollEvent(over, dy: -1, at: 0)))
        #expect(p.scrollOffset == s.scrollStep)
        #expect(p.sliders[0].track.minY == firstTrack - s.scrollStep, "the rows moved up by the offset")
        // Far past the bottom: clamped there, Reset inside the panel, the thumb at the bar's end.
        p.scroll(ScrollEvent(over, dy: -50, at: 0.1))
        #expect(p.scrollOffset == p.maxScrollOffset)
        let reset = p.button(.reset)!.frame
        #expect(reset.maxY == p.frame.maxY - s.padding, "scrolled to the bottom, Reset sits at the panel's bottom")
        #expect(abs(p.scrollThumb.maxY - p.scrollBar.maxY) < 1e-9)
        // Far past the top: clamped at 0, as laid out first.
        p.scroll(ScrollEvent(over, dy: 50, at: 0.2))
        #expect(p.scrollOffset == 0 && p.sliders[0].track.minY == firstTrack)
        // A wheel off the panel, or while it is hidden, is not the panel's.
        #expect(!p.scroll(ScrollEvent(Point(x: 100, y: 100), dy: -1, at: 0.3)))
        p.isVisible = false
        #expect(!p.scroll(ScrollEvent(over, dy: -1, at: 0.4)))
        #expect(p.scrollOffset == 0)
        // Rows that fit never scroll.
        let fits = panel([HarmonicEffect()])
        #expect(!fits.scroll(ScrollEvent(Point(x: fits.frame.midX, y: 100), dy: -3, at: 0)) || fits.scrollOffset == 0)
        #expect(fits.scrollOffset == 0)
    }

    @Test("a taller frame keeps the scroll within the new bounds")
    func resizeClampsTheScroll() {
        let p = tallPanel()
        p.scroll(to: 1000)
        #expect(p.scrollOffset == p.maxScrollOffset)
        p.update(viewSize: Size(width: 700, height: 380))
        #expect(p.scrollOffset == p.height - 380)
        p.update(viewSize: Size(width: 900, height: 600))
        #expect(p.scrollOffset == 0 && p.scrollBar == .zero)
    }

    @Test("after scrolling, a press meets the slider drawn under it; a row scrolled out of sight takes no press")
    func hitTestingAfterScroll() {
        let p = tallPanel()
        let over = Point(x: p.frame.midX, y: p.frame.midY)
        p.scroll(ScrollEvent(over, dy: -3, at: 0))
        #expect(p.scrollOffset == p.maxScrollOffset, "three notches, more than there is: to the bottom")
        let radius = p.slider(named: "blur.radius")!
        #expect(p.frame.contains(radius.thumbCenter), "blur.radius scrolled into view: \(radius.track) in \(p.frame)")
        #expect(press(p, at: radius.location(of: 40)))
        #expect((p.effects[2] as! DeclaredEffect).parameterValue("radius") == 40)
        // The first row is above the panel's top now: a press at its old place is the panel's
        // (its background) but sets nothing.
        let amplitude = p.slider(named: "harmonic.amplitude")!
        #expect(amplitude.track.maxY < p.frame.minY)
        #expect(!press(p, at: amplitude.location(of: 3)), "above the panel: not the panel's at all")
        #expect(p.effects[0].parameterValue("amplitude") == 0.5)
        // Reset, scrolled into view, resets.
        p.scroll(to: p.maxScrollOffset)
        let reset = p.button(.reset)!.frame
        #expect(press(p, at: Point(x: reset.midX, y: reset.midY)))
        #expect((p.effects[2] as! DeclaredEffect).parameterValue("radius") == 8)
    }

    @Test("dragging the panel's background moves the rows with the pointer; dragging the scroll bar's thumb moves the thumb")
    func dragScrolls() {
        let p = tallPanel()
        // Between the title and the first row's text: background.
        let background = Point(x: p.frame.minX + 30, y: p.titleBaseline + 4)
        #expect(press(p, at: background, dragTo: Point(x: background.x, y: background.y - 50)))
        #expect(p.scrollOffset == 50)
        #expect(p.effects[0].parameterValue("amplitude") == 0.5, "no slider moved")
        // The thumb dragged to the bar's bottom scrolls to the end.
        let thumb = p.scrollThumb
        let grab = Point(x: thumb.midX, y: thumb.midY)
        #expect(press(p, at: grab, dragTo: Point(x: grab.x, y: p.scrollBar.maxY + 100)))
        #expect(p.scrollOffset == p.maxScrollOffset)
        #expect(press(p, at: Point(x: p.scrollThumb.midX, y: p.scrollThumb.midY), dragTo: Point(x: grab.x, y: -500)))
        #expect(p.scrollOffset == 0)
    }

    @Test("pressing a track sets the value under the pointer; dragging follows it, clamped to the range")
    func dragFollows() {
        let effect = HarmonicEffect()
        let p = panel([effect])
        let amplitude = p.slider(named: "amplitude")!
        #expect(press(p, at: amplitude.location(of: 3), release: false))
        #expect(effect.parameterValue("amplitude") == 3)
        p.track(PointerEvent(.move, amplitude.location(of: 1.5), at: 0.1), viewSize: Self.view)
        #expect(effect.parameterValue("amplitude") == 1.5)
        #expect(p.slider(named: "amplitude")!.valueText == "1.50")
        // Far past either end: the range's bounds.
        p.track(PointerEvent(.move, Point(x: 5000, y: 0), at: 0.2), viewSize: Self.view)
        #expect(effect.parameterValue("amplitude") == 4)
        p.track(PointerEvent(.move, Point(x: -5000, y: 900), at: 0.3), viewSize: Self.view)
        #expect(effect.parameterValue("amplitude") == 0)
        p.track(PointerEvent(.up, Point(x: -5000, y: 900), at: 0.4), viewSize: Self.view)
        #expect(!p.isPressed)
        #expect(p.slider(named: "amplitude")!.thumbCenter.x == amplitude.track.minX)
    }

    @Test("grabbing the thumb off its centre does not make the value jump")
    func grabKeepsTheValue() {
        let effect = HarmonicEffect()
        let p = panel([effect])
        let thumb = p.slider(named: "heldAmplitude")!.thumbCenter
        #expect(press(p, at: Point(x: thumb.x + 5, y: thumb.y), release: false))
        #expect(effect.parameterValue("heldAmplitude") == 2)
        let slider = p.slider(named: "heldAmplitude")!
        p.track(PointerEvent(.move, Point(x: slider.location(of: 3).x + 5, y: thumb.y + 30), at: 0.1), viewSize: Self.view)
        #expect(effect.parameterValue("heldAmplitude") == 3)
    }

    @Test("whole-number parameters snap to whole numbers; others to the step the row shows")
    func snapping() {
        let effect = HarmonicEffect()
        let p = panel([effect])
        let waves = p.slider(named: "wavesCount")!
        #expect(press(p, at: waves.location(of: 20.4)))
        #expect(effect.parameterValue("wavesCount") == 20)
        #expect(p.slider(named: "wavesCount")!.valueText == "20")
        #expect(press(p, at: waves.location(of: 10.6)))
        #expect(effect.parameterValue("wavesCount") == 11)
        // A press on the thumb grabs it where it is: 11.4 is under the thumb at 11.
        #expect(press(p, at: waves.location(of: 11.4)))
        #expect(effect.parameterValue("wavesCount") == 11)
        let speed = p.slider(named: "speed")!
        #expect(speed.step == 0.1)
        #expect(press(p, at: speed.location(of: 3.33)))
        #expect(effect.parameterValue("speed") == 3.3)
        #expect(ControlsPanel.snap(0.123, for: EffectParameter("x", "", default: 0, range: 0...1)) == 0.12)
        #expect(ControlsPanel.snap(63.7, for: EffectParameter("radius", "", default: 8, range: 0...64)) == 64)
        #expect(ControlsPanel.snap(-7, for: EffectParameter("x", "", default: 0, range: -1...1)) == -1)
    }

    @Test("values are shown as the range needs: whole numbers plain, negatives signed, decimals padded")
    func formatting() {
        let unit = EffectParameter("x", "", default: 0, range: -1...1)
        #expect(ControlsPanel.format(-0.15, for: unit) == "-0.15")
        #expect(ControlsPanel.format(0.5, for: unit) == "0.50")
        #expect(ControlsPanel.format(-0.001, for: unit) == "0.00")
        #expect(ControlsPanel.format(6, for: EffectParameter("n", "", default: 6, range: 1...32, isInteger: true)) == "6")
        #expect(ControlsPanel.format(12, for: EffectParameter("f", "", default: 12, range: 0...100)) == "12")
        #expect(ControlsPanel.format(1.05, for: EffectParameter("s", "", default: 1, range: 0...10)) == "1.1")
    }

    @Test("Reset puts every parameter back to its default, and the sliders show it")
    func reset() {
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 20)
        effect.setParameter("speed", to: 7)
        let p = panel([effect])
        #expect(p.slider(named: "wavesCount")!.valueText == "20")
        let reset = p.button(.reset)!.frame
        let centre = Point(x: reset.minX + reset.width / 2, y: reset.minY + reset.height / 2)
        #expect(press(p, at: centre))
        #expect(effect.parameterValue("wavesCount") == 6 && effect.parameterValue("speed") == 1)
        #expect(p.sliders.map(\.valueText) == ["0.50", "2.00", "6", "1.0", "2.0"])
    }

    @Test("a button acts only when released over it, and is lit while pressed over it")
    func buttonReleaseOutside() {
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 20)
        let p = panel([effect])
        let reset = p.button(.reset)!.frame
        let centre = Point(x: reset.minX + 10, y: reset.minY + 10)
        #expect(press(p, at: centre, release: false))
        #expect(p.button(.reset)!.isHighlighted)
        p.track(PointerEvent(.move, Point(x: 10, y: 10), at: 0.1), viewSize: Self.view)
        #expect(!p.button(.reset)!.isHighlighted)
        p.track(PointerEvent(.up, Point(x: 10, y: 10), at: 0.2), viewSize: Self.view)
        #expect(effect.parameterValue("wavesCount") == 20, "released away from Reset: nothing reset")
    }

    @Test("Replay shows only for staged drawings and starts them again")
    func replay() {
        let staged = StagedEffect()
        let p = panel([staged])
        #expect(p.buttons.map(\.kind) == [.replay, .reset])
        staged.advance(by: 0.7)
        let replay = p.button(.replay)!.frame
        #expect(replay.maxX + ControlsPanel.Style.buttonSpacing == p.button(.reset)!.frame.minX)
        #expect(press(p, at: Point(x: replay.minX + 4, y: replay.minY + 4)))
        #expect(staged.replays == 1 && staged.drawingProgress == 0)
        #expect(staged.lightFraction == 0.55, "Replay leaves the parameters alone")
    }

    @Test("a press off the panel, or on it while hidden, is left to the ones after it; on its background it is taken and does nothing")
    func whatIsTaken() {
        let effect = HarmonicEffect()
        let p = panel([effect])
        #expect(!press(p, at: Point(x: 100, y: 250)))
        let title = Point(x: p.frame.minX + 20, y: p.titleBaseline - 4)
        #expect(press(p, at: title))
        #expect(effect.parameterValue("amplitude") == 0.5)
        p.isVisible = false
        let slider = p.slider(named: "amplitude")!
        #expect(!press(p, at: slider.location(of: 3)))
        #expect(effect.parameterValue("amplitude") == 0.5)
    }

    @Test("hidden, the panel reads no value and lays nothing out")
    func hiddenCostsNothing() {
        let effect = HarmonicEffect()
        let p = ControlsPanel(effects: [effect])
        p.update(viewSize: Self.view)
        #expect(p.frame == .zero && p.layoutSize == .zero)
        effect.setParameter("amplitude", to: 2)
        p.isVisible = true
        p.update(viewSize: Self.view)
        #expect(p.frame != .zero)
        #expect(p.slider(named: "amplitude")!.valueText == "2.00", "shown again, it reads the value changed meanwhile")
    }

    @Test("in a chain every effect's sliders show, named as --param names them")
    func chain() {
        let p = panel([HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)])
        #expect(p.title == "harmonic + wave + blur")
        #expect(p.sliders.map(\.name) == ["harmonic.amplitude", "harmonic.heldAmplitude", "harmonic.wavesCount", "harmonic.speed",
                                          "harmonic.heldSpeed", "wave.frequency", "wave.strength", "blur.radius"])
        let radius = p.slider(named: "blur.radius")!
        #expect(press(p, at: radius.location(of: 20)))
        #expect((p.effects[2] as! DeclaredEffect).parameterValue("radius") == 20)
        #expect(p.effects[0].parameterValue("amplitude") == 0.5)
    }

    @Test("an effect without parameters gets the title and Reset only")
    func noParameters() {
        let p = panel([DeclaredEffect(.gradient)])
        #expect(p.sliders.isEmpty && p.buttons.map(\.kind) == [.reset])
        #expect(p.height > 0)
    }

    // MARK: - In a scene

    @Test("in a scene the controls come first: a press on a slider by the edge sets the value and never tears")
    func beforeTheTear() {
        let effect = HarmonicEffect()
        let scene = Scene(effect: effect, viewSize: Self.view, tear: TearController(), showsControls: true)
        scene.update()
        let slider = scene.controls.slider(named: "amplitude")!
        let start = Point(x: slider.hitRect.maxX - 1, y: slider.track.minY + 1)
        #expect(Self.view.width - start.x < TearConfiguration().edgeZone, "the press is in the tear's edge zone")
        var events = [PointerEvent(.down, start, at: 0.1)]
        for k in 1...20 { events.append(PointerEvent(.move, Point(x: start.x - Double(k) * 10, y: start.y + Double(k)), at: 0.1 + Double(k) * 0.02)) }
        events.append(PointerEvent(.up, events.last!.location, at: 0.6))
        let applied = scene.advance(to: 0.45, applying: events)
        #expect(scene.responders.current === scene.controls)
        #expect(scene.tear?.state.phase == .idle && !(scene.tear?.isShowing ?? true))
        #expect(!effect.isInteracting, "the effect's hold never started")
        scene.advance(to: 1, applying: Array(events[applied...]))
        #expect(scene.responders.current == nil)
        #expect(effect.parameterValue("amplitude") == ControlsPanel.snap(slider.value(at: start.x - 200), for: slider.parameter))
        #expect(scene.tear?.state.phase == .idle)
    }

    @Test("with the controls hidden, the same press tears the view")
    func hiddenLetsTheTearThrough() {
        let effect = HarmonicEffect()
        let scene = Scene(effect: effect, viewSize: Self.view, tear: TearController(), showsControls: true)
        scene.update()
        let slider = scene.controls.slider(named: "amplitude")!
        let start = Point(x: slider.hitRect.maxX - 1, y: slider.track.minY + 1)
        scene.toggleControls()
        #expect(!scene.controls.isVisible)
        var events = [PointerEvent(.down, start, at: 0.1)]
        for k in 1...20 { events.append(PointerEvent(.move, Point(x: start.x - Double(k) * 10, y: start.y + Double(k)), at: 0.1 + Double(k) * 0.02)) }
        scene.advance(to: 0.6, applying: events)
        #expect(scene.responders.current === scene.tear)
        #expect(scene.tear?.isShowing == true)
        #expect(effect.parameterValue("amplitude") == 0.5)
    }

    @Test("a press off the panel still reaches the effect")
    func offThePanelReachesTheEffect() {
        let effect = HarmonicEffect()
        let scene = Scene(effect: effect, viewSize: Self.view, tear: TearController(), showsControls: true)
        scene.update()
        scene.advance(to: 0.2, applying: [PointerEvent(.down, Point(x: 200, y: 300), at: 0.1)])
        #expect(effect.isInteracting)
    }

    @Test("shown, the controls take their column from the view: the effect and the tear see the rest, in the same points")
    func theViewShrinks() {
        let effect = HarmonicEffect()
        let scene = Scene(effect: effect, viewSize: Self.view, tear: TearController(), showsControls: false)
        #expect(scene.viewRect == Rect(size: Self.view) && scene.viewSize == Self.view)
        scene.toggleControls()
        let panel = scene.controls.placement(in: Self.view)
        #expect(scene.viewRect == panel.content && scene.canvasSize == Self.view)
        #expect(scene.viewSize == Size(width: Self.view.width - scene.controls.width, height: Self.view.height))
        // A press 10 points left of the panel is in the view's right edge zone: it tears from the view's right edge.
        let y = 250.0
        let start = Point(x: scene.viewSize.width - 10, y: y)
        var events = [PointerEvent(.down, start, at: 0.1)]
        for k in 1...10 { events.append(PointerEvent(.move, Point(x: start.x - Double(k) * 12, y: y), at: 0.1 + Double(k) * 0.02)) }
        scene.advance(to: 0.5, applying: events)
        #expect(scene.responders.current === scene.tear)
        #expect(scene.tear?.isShowing == true)
        scene.update()
        let state = Dictionary(uniqueKeysWithValues: scene.stateSnapshot())
        let width = scene.viewSize.width, height = scene.viewSize.height
        #expect(state["viewSize"] == .vector([width, height]), "the tear is laid out for the view, not the window: \(String(describing: state["viewSize"]))")
        #expect(state["tearStart"].map { if case let .vector(v) = $0 { abs(v[0] - width) < 0.01 } else { false } } == true,
                "the cut starts at the view's right edge, \(width): \(String(describing: state["tearStart"]))")
        #expect(!effect.isInteracting)
    }

    @Test("a wheel over the shown panel scrolls it; elsewhere, or hidden, nothing takes it")
    func sceneScroll() {
        let scene = Scene(effects: [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)], viewSize: Self.short, showsControls: true)
        let over = Point(x: Self.short.width - 50, y: 150)
        #expect(scene.scroll(ScrollEvent(over, dy: -2, at: 0)))
        #expect(scene.controls.scrollOffset == 2 * ControlsPanel.Style.scrollStep)
        #expect(!scene.scroll(ScrollEvent(Point(x: 50, y: 150), dy: -2, at: 0)))
        scene.toggleControls()
        #expect(!scene.scroll(ScrollEvent(over, dy: -2, at: 0)))
    }

    @Test("switching effect rebuilds the panel; it shows for effects that ask until the user chooses, then as chosen")
    func switching() {
        let scene = Scene(effect: HarmonicEffect(), viewSize: Self.view, showsControls: nil)
        #expect(!scene.controls.isVisible, "harmonic does not ask for its controls")
        scene.switchEffect(to: StagedEffect())
        #expect(scene.controls.isVisible, "the staged effect asks for its controls")
        #expect(scene.controls.sliders.map(\.name) == ["lightFraction"])
        scene.switchEffect(to: HarmonicEffect())
        #expect(!scene.controls.isVisible)
        scene.toggleControls()
        #expect(scene.controls.isVisible && scene.showsControls == true)
        scene.switchEffect(to: WaveformEffect())
        #expect(scene.controls.isVisible, "the user's choice holds across switches")
        #expect(scene.controls.sliders.first?.name == "numberOfWaves")
        scene.toggleControls()
        scene.switchEffect(to: StagedEffect())
        #expect(!scene.controls.isVisible, "hidden by the user, it stays hidden even for an effect that asks")
    }

    @Test("a headless scene keeps the controls hidden unless asked")
    func headlessDefault() {
        #expect(!Scene(effect: StagedEffect(), viewSize: Self.view).controls.isVisible)
        #expect(Scene(effect: HarmonicEffect(), viewSize: Self.view, showsControls: true).controls.isVisible)
    }
}

extension ControlsPanel.Slider {
    /// The value a press at `x` points gives, before snapping.
    func value(at x: Double) -> Double {
        let t = min(max((x - track.minX) / track.width, 0), 1)
        return parameter.range.lowerBound + t * (parameter.range.upperBound - parameter.range.lowerBound)
    }
}
