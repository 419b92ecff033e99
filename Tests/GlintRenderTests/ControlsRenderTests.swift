import Foundation
import Testing
@testable import GlintCore
@testable import GlintRender

/// The controls panel drawn headless beside the harmonic glow: where its layout says, never over
/// the effect, as crisp at scale 2 as at 1, in one upload and two draws, and not at all while hidden.
@Suite("Controls renders", .serialized)
struct ControlsRenderTests {
    /// The smallest window the layout is made for.
    static let size = Size(width: 640, height: 400)

    struct Frame {
        var width: Int, height: Int, rgba: [UInt8]
        var scale: Double
        var uploads: Int
        var prepared: OverlayRenderer.PreparedFrame

        /// The pixel at (x, y) points, as 0…1 channels.
        func pixel(at p: Point) -> (r: Double, g: Double, b: Double) {
            let x = min(Int(p.x * scale), width - 1), y = min(Int(p.y * scale), height - 1)
            let i = (y * width + x) * 4
            return (Double(rgba[i]) / 255, Double(rgba[i + 1]) / 255, Double(rgba[i + 2]) / 255)
        }
    }

    /// Renders the harmonic glow at rest at t = 1 with the controls shown or hidden; `amplitude`,
    /// when given, is set by a press on its slider.
    func render(controls: Bool, scale: Double, amplitude: Double? = nil, size: Size = Self.size) throws -> (Frame, Scene) {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let scene = Scene(effect: HarmonicEffect(), viewSize: size, tear: TearController(), showsControls: controls)
        let drawer = try SceneRenderer()
        drawer.showsForeground = false
        scene.update()
        var events: [PointerEvent] = []
        if let amplitude {
            let p = scene.controls.slider(named: "amplitude")!.location(of: amplitude)
            events = [PointerEvent(.down, p, at: 0.1), PointerEvent(.up, p, at: 0.2)]
        }
        Simulation.run(scene, events: events, until: 1)
        let pixels = SceneRenderer.pixelSize(of: size, scale: scale)
        let target = try RenderTarget(pixelWidth: pixels.width, pixelHeight: pixels.height)
        let prepared = try drawer.overlay.prepareFrame(foreground: nil, controls: scene.controls, viewSize: size, target: target.framebuffer)
        try drawer.draw(scene, into: target.framebuffer)
        try GL.checkError("drawing the controls")
        #expect(drawer.overlay.warnings.isEmpty, "\(drawer.overlay.warnings)")
        return (Frame(width: pixels.width, height: pixels.height, rgba: target.readPixels(), scale: scale,
                      uploads: drawer.overlay.bufferUploadsThisFrame, prepared: prepared), scene)
    }

    @Test("shown, the panel draws its thumbs, filled tracks and dark background where its layout says, at scale 1 and 2",
          arguments: [1.0, 2.0])
    func drawsWhereLaidOut(scale: Double) throws {
        let (shown, scene) = try render(controls: true, scale: scale)
        let (hidden, _) = try render(controls: false, scale: scale)
        #expect(scene.controls.frame.minX == scene.viewRect.maxX, "docked beside the view")
        let panel = scene.controls
        #expect(shown.uploads == 1, "the frame's quads went to the GPU in \(shown.uploads) uploads")
        for slider in panel.sliders {
            let thumb = shown.pixel(at: slider.thumbCenter)
            #expect(min(thumb.r, thumb.g, thumb.b) > 0.9, "\(slider.name): the thumb is white: \(thumb)")
            // Halfway between the track's start and the thumb: the accent fill (blue over red).
            let fillAt = Point(x: (slider.track.minX + slider.thumbCenter.x) / 2, y: slider.thumbCenter.y)
            if slider.thumbCenter.x - slider.track.minX > 2 * ControlsPanel.Style.thumbRadius {
                let fill = shown.pixel(at: fillAt)
                #expect(fill.b > 0.8 && fill.r < 0.2, "\(slider.name): the track's filled part is the accent blue: \(fill)")
            }
            // Past the thumb: the lighter unfilled track over the dark panel, grey.
            let rest = shown.pixel(at: Point(x: slider.track.maxX - 3, y: slider.thumbCenter.y))
            #expect(abs(rest.r - rest.b) < 0.05 && rest.r > 0.15 && rest.r < 0.5, "\(slider.name): the rest of the track is grey: \(rest)")
            // Without the panel the same pixels show the glow.
            #expect(hidden.pixel(at: slider.thumbCenter) != thumb)
        }
        // Inside the panel between rows: its own opaque background, whatever was there.
        let inside = Point(x: panel.frame.minX + 4, y: (panel.frame.minY + panel.frame.height / 2))
        let background = ControlsPanel.Style.background
        let p = shown.pixel(at: inside)
        #expect(abs(p.r - Double(background.red)) < 0.01 && abs(p.b - Double(background.blue)) < 0.01, "the panel's background: \(p)")
        #expect(hidden.pixel(at: inside) != p)
    }

    @Test("shown, the panel never covers the glow: beside it is exactly the glow drawn at the view's size, at scale 1 and 2",
          arguments: [1.0, 2.0])
    func besideTheView(scale: Double) throws {
        let (shown, scene) = try render(controls: true, scale: scale)
        let view = scene.viewRect
        #expect(view.width == Self.size.width - scene.controls.width && view.height == Self.size.height)
        let (alone, _) = try render(controls: false, scale: scale, size: view.size)
        var differing = 0
        for y in 0..<alone.height {
            for x in 0..<alone.width {
                let a = (y * alone.width + x) * 4, b = (y * shown.width + x) * 4
                if alone.rgba[a..<a + 4] != shown.rgba[b..<b + 4] { differing += 1 }
            }
        }
        #expect(alone.width == Int(view.width * scale) && alone.height == shown.height)
        #expect(differing == 0, "\(differing) pixels of the view differ from the glow drawn alone at \(view.size)")
    }

    @Test("the rows' texts are drawn: light pixels where a row's name and value are, none in the gap between")
    func textIsDrawn() throws {
        let (shown, scene) = try render(controls: true, scale: 2)
        let panel = scene.controls
        let slider = panel.sliders[0]
        func lightShare(_ columns: ClosedRange<Double>) -> Double {
            var light = 0, total = 0
            for y in stride(from: slider.baseline - 9, through: slider.baseline, by: 0.5) {
                for x in stride(from: columns.lowerBound, through: columns.upperBound, by: 0.5) {
                    let p = shown.pixel(at: Point(x: x, y: y))
                    total += 1
                    if p.r > 0.6 { light += 1 }
                }
            }
            return Double(light) / Double(total)
        }
        let left = panel.frame.minX + ControlsPanel.Style.padding
        let right = panel.frame.maxX - ControlsPanel.Style.padding
        #expect(lightShare(left...(left + 50)) > 0.1, "the name 'amplitude' shows at the row's left")
        #expect(lightShare((right - 25)...right) > 0.1, "the value '0.50' shows at the row's right")
        #expect(lightShare((left + 120)...(left + 150)) == 0, "nothing between them")
    }

    @Test("docked below a portrait view and scrolled half way, the rows stay inside the panel: the view is the glow alone, the scroll bar shows")
    func scrolledRowsStayInThePanel() throws {
        let size = Size(width: 400, height: 600)
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let drawer = try SceneRenderer()
        drawer.showsForeground = false
        func frame(_ scene: Scene) throws -> (width: Int, height: Int, rgba: [UInt8]) {
            Simulation.run(scene, events: [], until: 1)
            return try drawer.snapshot(scene, scale: 1)
        }
        let chain: () -> [any Effect] = { [HarmonicEffect(), WaveEffect(), BlurEffect()] }
        let scene = Scene(effects: chain(), viewSize: size, showsControls: true)
        scene.update()
        let panel = scene.controls
        #expect(panel.dock == .bottom && panel.maxScrollOffset > 2 * ControlsPanel.Style.scrollStep,
                "the rows are taller than the band: \(panel.height) in \(panel.frame)")
        scene.scroll(ScrollEvent(Point(x: panel.frame.midX, y: panel.frame.midY), dy: -2, at: 0))
        #expect(panel.scrollOffset > 0 && panel.sliders[0].track.maxY < panel.frame.minY, "the first row scrolled up past the band's top")
        let shown = try frame(scene)
        let view = scene.viewRect
        let alone = try frame(Scene(effects: chain(), viewSize: view.size))
        var differing = 0
        for i in stride(from: 0, to: alone.rgba.count, by: 4) where alone.rgba[i..<i + 4] != shown.rgba[i..<i + 4] { differing += 1 }
        #expect(differing == 0, "\(differing) pixels of the view above the panel differ from the glow alone: a scrolled row spilled over it?")
        // The scroll bar's thumb: lighter than the bar around it.
        let thumb = panel.scrollThumb, bar = panel.scrollBar
        func luma(_ p: Point) -> Int { let i = (Int(p.y) * shown.width + Int(p.x)) * 4; return Int(shown.rgba[i]) + Int(shown.rgba[i + 1]) + Int(shown.rgba[i + 2]) }
        let below = thumb.maxY + 4 < bar.maxY ? Point(x: bar.midX, y: thumb.maxY + 4) : Point(x: bar.midX, y: thumb.minY - 4)
        #expect(luma(Point(x: thumb.midX, y: thumb.midY)) > luma(below) + 60, "the scroll bar's thumb shows")
    }

    @Test("hidden, the controls lay out no quad and make no draw: the frame is the frame without them")
    func hiddenCostsNothing() throws {
        let (hidden, hiddenScene) = try render(controls: false, scale: 1)
        #expect(hidden.prepared.controls.isEmpty)
        #expect(hiddenScene.viewRect == Rect(size: Self.size), "hidden, the view is the whole frame")
        let (shown, _) = try render(controls: true, scale: 1)
        #expect(!shown.prepared.controls.isEmpty)
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let scene = Scene(effect: HarmonicEffect(), viewSize: Self.size, tear: TearController())
        let drawer = try SceneRenderer()
        drawer.showsForeground = false
        Simulation.run(scene, events: [], until: 1)
        let plain = try drawer.snapshot(scene, scale: 1)
        #expect(plain.rgba == hidden.rgba)
    }

    @Test("a press on a slider changes the picture: a larger amplitude spreads the glow")
    func sliderChangesThePicture() throws {
        let (rest, _) = try render(controls: true, scale: 1)
        let (wide, scene) = try render(controls: true, scale: 1, amplitude: 3)
        #expect((scene.effect as! HarmonicEffect).parameterValue("amplitude") == 3)
        // Left of the panel: how far apart the highest and lowest bright pixels are.
        func spread(_ f: Frame) -> Int {
            var top = Int.max, bottom = Int.min
            for x in stride(from: 0.0, to: scene.viewRect.maxX, by: 5) {
                for y in 0..<Int(Self.size.height) where f.pixel(at: Point(x: x, y: Double(y))).r > 0.9 {
                    top = min(top, y)
                    bottom = max(bottom, y)
                }
            }
            return bottom - top
        }
        #expect(spread(wide) > spread(rest) + 100, "the waves span \(spread(rest)) rows at rest, \(spread(wide)) at amplitude 3")
    }

    @Test("every built-in effect's rows fit the panel in the real font: name, gap, widest value within the row")
    func rowsFit() throws {
        let context = try HeadlessContext()
        defer { withExtendedLifetime(context) {} }
        let drawer = try SceneRenderer()
        guard let atlas = try drawer.overlay.atlas(points: ControlsPanel.Style.textSize, scale: 1) else {
            Issue.record("no font: \(drawer.overlay.warnings)")
            return
        }
        var chains: [[any Effect]] = EffectRegistry.all.map { [$0.init()] }
        chains.append([HarmonicEffect(), DissolveEffect(), WaveEffect(), BlurEffect()])
        chains.append([WaveformEffect(), DissolveEffect()])
        for chain in chains {
            let panel = ControlsPanel(effects: chain, isVisible: true)
            panel.update(viewSize: Size(width: 1280, height: 720))
            let room = Float(panel.frame.width - 2 * ControlsPanel.Style.padding)
            #expect(atlas.measure(panel.title) <= room, "\(panel.title)")
            for s in panel.sliders {
                let widest = ControlsPanel.widestValue(s.parameter)
                let needed = atlas.measure(s.name) + atlas.measure(" ") * 2 + atlas.measure(widest)
                #expect(needed <= room, "\(s.name) \(widest): \(needed) px in \(room)")
            }
        }
    }
}
