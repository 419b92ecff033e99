import Foundation

/// Finds a system font: `GLINT_FONT` if set, else the first of the usual Debian fonts present.
public enum SystemFont {
    public static let candidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
    ]

    /// The font file to use, or nil when none is installed.
    public static func path() -> String? {
        if let env = ProcessInfo.processInfo.environment["GLINT_FONT"], FileManager.default.fileExists(atPath: env) {
            return env
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
