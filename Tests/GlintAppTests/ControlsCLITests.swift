import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing

/// `--controls` on the command line: `render` draws the panel into the PNG where its public
/// layout says, scripted presses on it set parameters (never tearing), and `bench` shows it costs
/// no allocation.
@Suite("Controls on the command line", .removesTemporaryFiles)
struct ControlsCLITests {
    static let size = Size(width: 400, height: 300)

    /// The panel `glint` lays out for harmonic in a view of `size`.
    static func panel() -> ControlsPanel {
        let panel = ControlsPanel(effects: [HarmonicEffect()], isVisible: true)
        panel.update(viewSize: size)
        return panel
    }

    @Test("render --controls draws the panel in the top-right and leaves the rest of the frame as it was")
    func rendersThePanel() throws {
        let dir = try CLI.temporaryFolder()
        let common = ["render", "--size", "400x300", "--time", "1", "--no-overlay"]
        let with = try CLI.run(common + ["--controls", "-o", "with.png"], in: dir)
        let without = try CLI.run(common + ["-o", "without.png"], in: dir)
        #expect(with.status == 0 && without.status == 0, "\(with.stderr) \(without.stderr)")
        let a = try PNG.read(dir + "/with.png"), b = try PNG.read(dir + "/without.png")
        let frame = Self.panel().frame
        var differentInside = 0, differentOutside = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 4
                guard a.rgba[i..<i + 4] != b.rgba[i..<i + 4] else { continue }
                if frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { differentInside += 1 } else { differentOutside += 1 }
            }
        }
        #expect(differentOutside == 0, "\(differentOutside) pixels changed outside the panel \(frame)")
        let visible = frame.width * (min(frame.maxY, Self.size.height) - frame.minY)
        #expect(Double(differentInside) > 0.95 * visible, "the panel covers its frame: \(differentInside) pixels of \(visible)")
        let thumb = Self.panel().slider(named: "wavesCount")!.thumbCenter
        let i = (Int(thumb.y) * a.width + Int(thumb.x)) * 4
        #expect(a.rgba[i..<i + 3].allSatisfy { $0 > 230 }, "a white thumb at \(thumb)")
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
