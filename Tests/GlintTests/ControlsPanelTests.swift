import Testing
@testable import GlintControls
import GlintCore
import GlintTestSupport

@Suite("Controls panel")
struct ControlsPanelTests {
    /// What a row shows of its slider's value, read from the effect.
    func shown(_ p: ControlsPanel) -> [String] {
        p.sliders.map { ControlsPanel.format(p.effects[$0.effectIndex].setting($0.parameter.name)!, for: $0.parameter) }
    }

    @Test("a slider per parameter, in the descriptor's order, showing each value as read from the effect")
    func slidersFromTheDescriptor() {
        let effect = HarmonicEffect()
        effect.setParameter("amplitude", to: 1.25)
        let p = ControlsPanel(effects: [effect])
        #expect(p.title == "Harmonic glow")
        #expect(p.sliders.map(\.name) == ["amplitude", "heldAmplitude", "wavesCount", "speed", "heldSpeed"])
        #expect(shown(p) == ["1.25", "2.00", "6", "1.0", "2.0"])
        #expect(p.sliders[2].parameter.isInteger && p.sliders[2].parameter.range == 1...32)
        #expect(p.buttons == [.reset], "no staged drawing: no Replay")
    }

    static let frames = [Size(width: 640, height: 400), Size(width: 960, height: 600), Size(width: 1280, height: 720),
                         Size(width: 1920, height: 1080), Size(width: 500, height: 800)]

    @Test("the panel never covers the effect's view: they share the frame edge to edge, at 640x400 up to 1920x1080 and in portrait",
          arguments: frames)
    func neverCoversTheContent(frame size: Size) {
        let chains: [[any Effect]] = [[HarmonicEffect()], [PrismEffect()], [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)],
                                      [HarmonicEffect(), DeclaredEffect(.dissolve), DeclaredEffect(.wave), DeclaredEffect(.blur)]]
        for chain in chains {
            let p = ControlsPanel(effects: chain)
            let placement = p.placement(in: size)
            let content = placement.content, frame = placement.frame
            #expect(placement.dock == (size.width >= size.height ? .right : .bottom), "\(size)")
            // No overlap: the content ends where the panel starts, and together they fill the frame.
            #expect(content.origin == .zero)
            let overlapX = min(content.maxX, frame.maxX) - max(content.minX, frame.minX)
            let overlapY = min(content.maxY, frame.maxY) - max(content.minY, frame.minY)
            #expect(overlapX <= 0 || overlapY <= 0, "\(p.title) at \(size): content \(content) meets panel \(frame)")
            #expect(content.width * content.height + frame.width * frame.height == size.width * size.height)
            if placement.dock == .right {
                #expect(content.maxX == frame.minX && frame.maxX == size.width && frame.height == size.height)
                #expect(frame.width == p.width, "\(p.title) at \(size): the panel gets its whole width")
            } else {
                #expect(content.maxY == frame.minY && frame.maxY == size.height && frame.width == size.width)
                #expect(frame.height <= size.height * ControlsPanel.Style.maximumBottomShare)
            }
            #expect(min(content.width, content.height) >= ControlsPanel.Style.minimumContentSide, "\(p.title) at \(size): \(content)")
        }
    }

    @Test("the layout: rows under the title inside the padding, each slider's track the row inset by the thumb's radius, buttons right-aligned below, scrolled rows moved up and clamped")
    func layout() {
        typealias S = ControlsPanel.Style
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 11)
        let p = ControlsPanel(effects: [effect, StagedEffect()])
        let size = Size(width: 960, height: 200)
        let top = p.layout(in: size)
        let frame = p.placement(in: size).frame
        #expect(top.frame == frame && top.dock == .right && top.scrollOffset == 0)
        // Everything on the panel, title to buttons: a row per slider (every row here is a slider's).
        let height = S.padding + S.titleHeight + S.titleSpacing + Double(p.sliders.count) * S.rowHeight
            + S.buttonsTopSpacing + S.buttonHeight + S.padding
        #expect(top.maxScrollOffset == height - 200 && top.maxScrollOffset > 40)
        #expect(top.titleBaseline == S.padding + S.baselineOffset)
        for (i, s) in top.sliders.enumerated() {
            #expect(s.name == p.sliders[i].name)
            #expect(s.row == Rect(x: frame.minX + S.padding, y: S.padding + S.titleHeight + S.titleSpacing + Double(i) * S.rowHeight,
                                  width: frame.width - 2 * S.padding, height: S.rowHeight))
            #expect(s.track.minX == s.row.minX + S.thumbRadius && s.track.maxX == s.row.maxX - S.thumbRadius && s.track.minY == s.row.minY + S.trackOffset)
            #expect(s.hitRect.minX == s.track.minX - S.knobDiameter / 2 && s.hitRect.height == S.sliderHeight && s.hitRect.midY == s.track.minY)
        }
        let waves = top.slider(named: "harmonic.wavesCount")!
        #expect(waves.thumbCenter == waves.location(of: 11), "the thumb shows the effect's value")
        #expect(waves.location(of: 1).x == waves.track.minX && waves.location(of: 32).x == waves.track.maxX && waves.location(of: 99) == waves.location(of: 32))
        #expect(waves.value(at: waves.location(of: 20).x + 1) == 20 && waves.value(at: -50) == 1, "snapped, clamped")
        let reset = top.button(.reset)!.frame, replay = top.button(.replay)!.frame
        #expect(reset.maxX == frame.maxX - S.padding && replay.maxX == reset.minX - S.buttonSpacing && reset.minY == top.sliders.last!.row.maxY + S.buttonsTopSpacing)
        #expect(top.scrollBar.maxX == frame.maxX - S.scrollBarInset && top.scrollThumb.minY == top.scrollBar.minY)

        let scrolled = p.layout(in: size, scrollOffset: 40)
        #expect(scrolled.sliders[0].track.minY == top.sliders[0].track.minY - 40 && scrolled.button(.reset)!.frame.minY == reset.minY - 40)
        #expect(scrolled.scrollThumb.minY > top.scrollThumb.minY)
        let bottom = p.layout(in: size, scrollOffset: 1e9)
        #expect(bottom.scrollOffset == top.maxScrollOffset && bottom.scrollThumb.maxY == bottom.scrollBar.maxY)
        #expect(p.layout(in: size, scrollOffset: -5).scrollOffset == 0)
        #expect(p.layout(in: Size(width: 960, height: 600)).scrollBar == .zero, "nothing to scroll: no scroll bar")
    }

    @Test("a frame too small for both still lays out, never with a negative size")
    func tinyFrames() {
        for size in [Size(width: 1, height: 1), Size(width: 100, height: 60), Size(width: 200, height: 900), Size(width: 300, height: 200)] {
            let placement = ControlsPanel(effects: [HarmonicEffect()]).placement(in: size)
            let content = placement.content, frame = placement.frame
            #expect(content.width >= 0 && content.height >= 0 && frame.width >= 0 && frame.height >= 0, "\(size)")
            #expect(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= size.width && frame.maxY <= size.height, "\(size)")
        }
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

    @Test("values snap to the step the row shows, within the range")
    func snapping() {
        #expect(ControlsPanel.snap(20.4, for: EffectParameter("n", "", default: 6, range: 1...32, isInteger: true)) == 20)
        #expect(ControlsPanel.snap(3.33, for: EffectParameter("s", "", default: 1, range: 0...10)) == 3.3)
        #expect(ControlsPanel.snap(0.555, for: EffectParameter("x", "", default: 0, range: -1...1)) == 0.56)
        #expect(ControlsPanel.snap(7, for: EffectParameter("x", "", default: 0, range: -1...1)) == 1)
    }

    @Test("Reset puts every parameter back to its default, and the rows show it")
    func reset() {
        let effect = HarmonicEffect()
        effect.setParameter("wavesCount", to: 20)
        effect.setParameter("speed", to: 7)
        let p = ControlsPanel(effects: [effect])
        #expect(shown(p)[2] == "20")
        p.perform(.reset)
        #expect(effect.setting("wavesCount") == 6 && effect.setting("speed") == 1)
        #expect(shown(p) == ["0.50", "2.00", "6", "1.0", "2.0"])
    }

    @Test("Replay shows only for staged drawings and starts them again")
    func replay() {
        let staged = StagedEffect()
        let p = ControlsPanel(effects: [staged])
        #expect(p.buttons == [.replay, .reset])
        staged.advance(by: 0.7)
        p.perform(.replay)
        #expect(staged.replays == 1 && staged.drawingProgress == 0)
        #expect(staged.lightFraction == 0.55, "Replay leaves the parameters alone")
    }

    @Test("in a chain every effect's sliders show, named as --param names them")
    func chain() {
        let p = ControlsPanel(effects: [HarmonicEffect(), DeclaredEffect(.wave), DeclaredEffect(.blur)])
        #expect(p.title == "harmonic + wave + blur")
        #expect(p.sliders.map(\.name) == ["harmonic.amplitude", "harmonic.heldAmplitude", "harmonic.wavesCount", "harmonic.speed",
                                          "harmonic.heldSpeed", "wave.frequency", "wave.strength", "blur.radius"])
        #expect(p.sliders.map(\.effectIndex) == [0, 0, 0, 0, 0, 1, 1, 2])

        // A second instance of an effect is named as `--param` names it (moved from NamingTests).
        let twice = ControlsPanel(effects: [HarmonicEffect(), DeclaredEffect(.blur), DeclaredEffect(.blur)])
        #expect(twice.sliders.filter { $0.name.hasSuffix(".radius") }.map(\.name) == ["blur.radius", "blur#2.radius"])
    }

    @Test("an effect without parameters gets the title and Reset only")
    func noParameters() {
        let p = ControlsPanel(effects: [DeclaredEffect(.gradient)])
        #expect(p.sliders.isEmpty && p.buttons == [.reset])
        typealias S = ControlsPanel.Style
        let laid = p.layout(in: Size(width: 960, height: 600))
        #expect(laid.button(.reset)!.frame.minY == laid.frame.minY + S.padding + S.titleHeight + S.titleSpacing + S.buttonsTopSpacing)
    }
}
