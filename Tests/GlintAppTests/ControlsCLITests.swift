import Foundation
import GlintControls
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `--controls` on the command line: `render` docks the panel beside the effect where its public
/// layout says, never over it, scripted presses on it set parameters (never tearing), and `bench`
/// shows it costs no allocation.
@Suite("Controls on the command line", .removesTemporaryFiles)
struct ControlsCLITests {
    static let size = Size(width: 400, height: 300)

    /// The panel `glint` lays out for harmonic in a view of `size`.
    static func panel() -> ControlsPanel.Layout {
        ControlsPanel(effects: [HarmonicEffect()]).layout(in: size)
    }

    @Test("render --controls docks the panel at the right, full height, and draws the effect beside it as it draws alone at the view's size",
          arguments: ["harmonic", "prism"])
    func rendersThePanel(effect: String) throws {
        let dir = try CLI.temporaryFolder()
        let panel = Self.panel()
        let view = panel.placement.content
        #expect(panel.frame.minX == view.maxX && panel.frame.minY == 0 && panel.frame.maxY == Self.size.height && panel.frame.maxX == Self.size.width)
        let common = ["render", "--effect", effect, "--time", "4", "--no-overlay"]
        let with = try CLI.run(common + ["--size", "400x300", "--controls", "-o", "with.png"], in: dir)
        let alone = try CLI.run(common + ["--size", "\(Int(view.width))x\(Int(view.height))", "-o", "alone.png"], in: dir)
        #expect(with.status == 0 && alone.status == 0, "\(with.stderr) \(alone.stderr)")
        let a = try PNG.read(dir + "/with.png"), b = try PNG.read(dir + "/alone.png")
        #expect(a.width == 400 && a.height == 300 && b.width == Int(view.width))
        var differing = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
                if a.rgba[i..<i + 4] != b.rgba[j..<j + 4] { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels of the view differ from the effect drawn alone at \(view.size)")
        // The panel: its opaque background down its whole height, a white thumb where its layout says.
        let background = ControlsPanel.Style.background
        for y in [2, 150, 297] {
            let i = (y * a.width + Int(panel.frame.minX) + 4) * 4
            #expect(abs(Int(a.rgba[i]) - Int((background.red * 255).rounded())) <= 1, "the panel's background at row \(y): \(a.rgba[i..<i + 3])")
        }
        if effect == "harmonic" {
            let thumb = panel.slider(named: "wavesCount")!.thumbCenter
            let i = (Int(thumb.y) * a.width + Int(thumb.x)) * 4
            #expect(a.rgba[i..<i + 3].allSatisfy { $0 > 230 }, "a white thumb at \(thumb)")
        }
    }

    @Test("render --effect prism --controls: the whole rainbow shows beside the panel, each slice in its colour up to the view's edge",
          arguments: [Size(width: 960, height: 600), Size(width: 640, height: 400), Size(width: 500, height: 800)])
    func prismRainbowUncovered(size: Size) throws {
        let dir = try CLI.temporaryFolder()
        let r = try CLI.run(["render", "--effect", "prism", "--controls", "--time", "4", "--size", "\(Int(size.width))x\(Int(size.height))", "-o", "p.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(dir + "/p.png")
        let panel = ControlsPanel(effects: [PrismEffect()]).layout(in: size)
        let view = panel.placement.content
        let geometry = PrismGeometry(viewSize: view.size)
        for i in 0..<PrismGeometry.sliceCount {
            let q = geometry.slice(i)
            // Just inside the rainbow's right end, half way down the slice.
            let p = Point(x: q.topRight.x - 3, y: (q.topRight.y + q.bottomRight.y) / 2)
            #expect(!panel.frame.contains(p) && view.contains(p), "slice \(i)'s end \(p) lies in the view \(view), not the panel \(panel.frame)")
            let o = (Int(p.y) * image.width + Int(p.x)) * 4
            let c = PrismGeometry.sliceColors[i]
            let got = (Double(image.rgba[o]) / 255, Double(image.rgba[o + 1]) / 255, Double(image.rgba[o + 2]) / 255)
            #expect(abs(got.0 - Double(c.red)) < 0.08 && abs(got.1 - Double(c.green)) < 0.08 && abs(got.2 - Double(c.blue)) < 0.08,
                    "slice \(i) at \(p) in a \(size) frame: \(got), expected \(c)")
        }
    }

    @Test("a scripted press on a slider at the view's edge sets the parameter and does not tear")
    func scriptedPressAtTheEdge() throws {
        let dir = try CLI.temporaryFolder()
        let slider = Self.panel().slider(named: "wavesCount")!
        let start = Point(x: slider.hitRect.maxX - 1, y: slider.thumbCenter.y)
        #expect(Self.size.width - start.x < TearConfiguration().edgeZone)
        let to = slider.location(of: 3)
        let input = "0.5 down \(start.x) \(start.y); 0.6 move \(start.x - 40) \(start.y); 0.7 move \(to.x) \(to.y); 0.8 up \(to.x) \(to.y)"
        let r = try CLI.run(["render", "--size", "400x300", "--time", "0.75", "--controls", "--input", input, "-o", "p.png", "--state", "p.json"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/p.json"))) as! [String: Any]
        #expect(json["wavesCount"] as? Double == 3)
        #expect(json["tearProgress"] as? Double == 0 && json["isInteracting"] as? Bool == false, "\(json)")
        // The same input with the panel hidden tears the view.
        let hidden = try CLI.run(["render", "--size", "400x300", "--time", "0.75", "--input", input, "-o", "q.png", "--state", "q.json"], in: dir)
        #expect(hidden.status == 0, "\(hidden.stderr)")
        let torn = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/q.json"))) as! [String: Any]
        #expect((torn["tearProgress"] as? Double ?? 0) > 0 && torn["wavesCount"] as? Double == 6, "\(torn)")
    }

    @Test("glint bench --controls: the panel costs Glint no heap allocation in steady state")
    func benchAllocatesNothing() throws {
        let r = try CLI.run(["bench", "--controls", "--size", "400x300", "--frames", "80"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0.00 allocations/frame by Glint"), "\(r.stdout)")
    }
}
