// What the window tests see: screenshots of the root window, and the looks of a window in them.

import Foundation
import GlintCore
import GlintRender
import GlintTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Screenshots

extension Screenshot {
    /// The share of `window`'s pixels (every second one each way) that show a magenta backdrop:
    /// what a tear opens onto in the tests that pass `--backdrop '#ff00ff'`.
    func magentaShare(in window: WindowFrame) -> Double {
        var hits = 0, total = 0
        for yy in stride(from: 0, to: window.height, by: 2) { for xx in stride(from: 0, to: window.width, by: 2) {
            let p = pixel(window.x + xx, window.y + yy)
            total += 1
            if p.r > 0.9 && p.b > 0.9 && p.g < 0.1 { hits += 1 }
        } }
        return Double(hits) / Double(max(total, 1))
    }
}

struct Screenshot {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    /// Channel values 0…1 of the pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double) {
        let i = (y * width + x) * 4
        return (Double(rgba[i]) / 255, Double(rgba[i + 1]) / 255, Double(rgba[i + 2]) / 255)
    }

    /// The share of pixels in the block whose brightest channel is over one half.
    func brightShare(columns: Range<Int>, rows: Range<Int>) -> Double {
        let columns = columns.clamped(to: 0..<width)
        let rows = rows.clamped(to: 0..<height)
        var bright = 0
        for y in rows {
            for x in columns {
                let p = pixel(x, y)
                if max(p.r, p.g, p.b) > 0.5 { bright += 1 }
            }
        }
        let total = columns.count * rows.count
        return total > 0 ? Double(bright) / Double(total) : 0
    }
}

/// Takes a screenshot of the whole screen and decodes it; fails if glint has already quit.
func screenshot(_ x: XServer, to path: String, app: Child) throws -> Screenshot {
    try require(app.state == .running, "glint quit before the screenshot \(path): \(app.state); stderr: \(app.stderrSummary())")
    try x.run("import", ["-window", "root", "PNG32:\(path)"], timeout: 15)
    let image = try PNG.read(path)
    try require(image.width == 1280 && image.height == 800, "the screenshot should be 1280x800, got \(image.width)x\(image.height)")
    return Screenshot(width: image.width, height: image.height, rgba: image.rgba)
}

/// What a user sees in the window: how much of it is bright, and how much of the bright part is
/// strongly coloured. The foreground icon (orange, at the bottom centre) is left out; the label
/// and the HUD line are white and count as uncoloured.
struct Look: CustomStringConvertible {
    var pixels = 0
    var bright = 0
    var coloured = 0
    var levelSum = 0.0

    init(_ shot: Screenshot, window: WindowFrame, scale: Int) {
        // The icon: 72 points square, 36 points above the bottom, centred; with a margin.
        let iconTop = window.y + window.height - (36 + 72 + 12) * scale
        let iconColumns = (window.midX - 50 * scale)..<(window.midX + 50 * scale)
        for y in max(0, window.y)..<min(shot.height, window.y + window.height) {
            for x in max(0, window.x)..<min(shot.width, window.x + window.width) {
                if y >= iconTop && iconColumns.contains(x) { continue }
                let p = shot.pixel(x, y)
                let hi = max(p.r, p.g, p.b)
                let lo = min(p.r, p.g, p.b)
                pixels += 1
                levelSum += hi
                if hi > 0.5 {
                    bright += 1
                    if (hi - lo) / hi > 0.35 { coloured += 1 }
                }
            }
        }
    }

    var meanLevel: Double { pixels > 0 ? levelSum / Double(pixels) : 0 }
    var brightShare: Double { pixels > 0 ? Double(bright) / Double(pixels) : 0 }
    var colouredShare: Double { bright > 0 ? Double(coloured) / Double(bright) : 0 }

    var description: String {
        String(format: "mean level %.3f, bright %.1f%% of the window, coloured %.1f%% of the bright pixels (%d of %d)",
               meanLevel, brightShare * 100, colouredShare * 100, coloured, bright)
    }
}

/// A colour effect whose cost the test chooses: `loops` turns of sin and cos per pixel (150
/// give a few frames a second at 800x500 in software), over a blue that has no magenta.
let costlyShader = """
    // A colour effect as costly as --param loops makes it.
    uniform int loops;   // glint: 0 100000 0
    uniform float time;

    vec4 colorEffect(vec2 position, vec4 color) {
        float v = 0.0;
        for (int i = 0; i < loops; i++) {
            v += sin(position.x * 0.01 + float(i)) * cos(position.y * 0.01 - float(i));
        }
        return vec4(0.1, 0.3 + 0.1 * sin(time), 0.6, 1.0) + 1e-30 * v;
    }

    """

/// A colour effect far too slow for the window's frames on a software renderer.
let slowShaderForWindow = """
    // Deliberately slow: a long loop of sin and cos per pixel.
    vec4 colorEffect(vec2 position, vec4 color) {
        float v = 0.0;
        for (int i = 0; i < 60000; i++) {
            v += sin(position.x * 0.01 + float(i)) * cos(position.y * 0.01 - float(i));
        }
        return vec4(1.0, 0.0, 0.0, 1.0) + 1e-30 * v;
    }

    """
