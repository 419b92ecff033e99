import Glint
import Observation
import Testing

/// A key of the tests' own: the colour a swatch draws.
private struct SwatchColorKey: EnvironmentKey {
    static let defaultValue = Color.red
}

extension EnvironmentValues {
    /// The colour `Swatch` draws, as SwiftUI code declares a key of its own.
    fileprivate var swatchColor: Color {
        get { self[SwatchColorKey.self] }
        set { self[SwatchColorKey.self] = newValue }
    }
}

/// A square in the environment's swatch colour.
private struct Swatch: View {
    @Environment(\.swatchColor) private var color
    var body: some View { color.frame(width: 8, height: 8) }
}

/// A model handed down with `.environment(model)`.
@Observable
private final class Levels {
    var white = 0.25
}

/// A square as grey as the model's level.
private struct LevelSwatch: View {
    @Environment(Levels.self) private var levels
    var body: some View { Color(white: levels.white).frame(width: 8, height: 8) }
}

/// A square grey as the model's level, or blue where no model was given.
private struct OptionalLevelSwatch: View {
    @Environment(Levels.self) private var levels: Levels?
    var body: some View { (levels.map { Color(white: $0.white) } ?? .blue).frame(width: 8, height: 8) }
}

/// A model of the older style, handed down with `.environmentObject(model)`.
private final class Settings: ObservableObject {
    @Published var white = 0.25
    /// How many times a view made with it in `@StateObject` was made.
    @Published var made = 0
}

/// A square as grey as the settings' level.
private struct SettingsSwatch: View {
    @EnvironmentObject private var settings: Settings
    var body: some View { Color(white: settings.white).frame(width: 8, height: 8) }
}

/// A square black when first made, white once made again with the same kept model.
private struct KeptSwatch: View {
    @StateObject private var settings = Settings()
    var body: some View {
        let _ = settings.made += 1
        (settings.made >= 2 ? Color.white : Color.black).frame(width: 8, height: 8)
    }
}

/// A bar `8 × displayScale` points wide: what it reads of the scale shows in its width.
private struct ScaleBar: View {
    @Environment(\.displayScale) private var scale
    var body: some View { Color.white.frame(width: 8 * scale, height: 4) }
}

/// White where the font is `.title`, black elsewhere.
private struct FontSwatch: View {
    @Environment(\.font) private var font
    var body: some View { (font == .title ? Color.white : Color.black).frame(width: 8, height: 8) }
}

/// White where the controls are enabled, black where not; green in a dark scheme.
private struct StateSwatch: View {
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var scheme
    @Environment(\.layoutDirection) private var direction
    var body: some View {
        (scheme == .dark ? Color.green : isEnabled && direction == .leftToRight ? Color.white : Color.black)
            .frame(width: 8, height: 8)
    }
}

/// `@Environment`, `EnvironmentValues` and the colour scheme, checked by their pixels.
@Suite("Environment and colour scheme", .serialized)
struct EnvironmentTests {
    /// The pixels of `view` at 1x over `backdrop`.
    static func pixels(_ view: some View, backdrop: Color = .clear, scale: CGFloat = 1) throws -> RenderedImage {
        let renderer = ImageRenderer(content: view)
        renderer.backdrop = backdrop
        renderer.scale = scale
        return try renderer.render()
    }

    /// The centre pixel's premultiplied channels.
    static func centre(_ image: RenderedImage) -> [Int] {
        let p = image.pixel(x: image.width / 2, y: image.height / 2)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    @Test("A key of your own: .environment(\\.key, value) above is what @Environment(\\.key) reads below; its default elsewhere")
    func customKey() throws {
        #expect(Self.centre(try Self.pixels(Swatch())) == [255, 59, 48, 255])
        #expect(Self.centre(try Self.pixels(Swatch().environment(\.swatchColor, .blue))) == [0, 122, 255, 255])
        // Through a stack, and the innermost setting wins.
        let nested = VStack { Swatch().environment(\.swatchColor, .green) }.environment(\.swatchColor, .blue)
        #expect(Self.centre(try Self.pixels(nested)) == [52, 199, 89, 255])
    }

    @Test("Built-in keys read with @Environment: isEnabled follows .disabled, colorScheme and displayScale the renderer's")
    func builtInKeys() throws {
        #expect(Self.centre(try Self.pixels(StateSwatch())) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(StateSwatch().disabled(true))) == [0, 0, 0, 255])
        #expect(Self.centre(try Self.pixels(FontSwatch())) == [0, 0, 0, 255])
        #expect(Self.centre(try Self.pixels(FontSwatch().font(.title))) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(StateSwatch().environment(\.colorScheme, .dark))) == [52, 199, 89, 255])
        // 8 points at 1x; at 2x the bar is 16 points, 32 pixels.
        #expect(try Self.pixels(ScaleBar()).width == 8)
        #expect(try Self.pixels(ScaleBar(), scale: 2).width == 32)
    }

    @Test("An @Observable model given with .environment(model) is read with @Environment(Model.self); optional reads nil where none was given")
    func objectModel() throws {
        let levels = Levels()
        levels.white = 0.5
        let grey = Self.centre(try Self.pixels(LevelSwatch().environment(levels)))
        #expect(grey[0] > 120 && grey[0] < 136 && grey[3] == 255)
        levels.white = 1
        #expect(Self.centre(try Self.pixels(VStack { LevelSwatch() }.environment(levels))) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(OptionalLevelSwatch().environment(levels))) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(OptionalLevelSwatch())) == [0, 122, 255, 255])
    }

    @Test("ObservableObject: .environmentObject(model) is read with @EnvironmentObject, @StateObject keeps its object between frames, $model.property binds")
    func observableObjects() throws {
        let settings = Settings()
        settings.white = 1
        #expect(Self.centre(try Self.pixels(SettingsSwatch().environmentObject(settings))) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(HStack { SettingsSwatch() }.frame(width: 8, height: 8))) == [0, 0, 0, 0])
        // One renderer keeps the view's state: made a second time, the same model counts 2.
        let renderer = ImageRenderer(content: KeptSwatch())
        renderer.proposedSize = CGSize(width: 8, height: 8)
        #expect(Self.centre(try renderer.render()) == [0, 0, 0, 255])
        #expect(Self.centre(try renderer.render()) == [255, 255, 255, 255])
        let observed = ObservedObject(wrappedValue: settings)
        observed.projectedValue.white.wrappedValue = 0.5
        #expect(settings.white == 0.5)
    }

    @Test("A model no view gave leaves the view reading it out (said once on standard error), and the rest is drawn")
    func missingModel() throws {
        let image = try Self.pixels(HStack(spacing: 0) { Color.white.frame(width: 8, height: 8); LevelSwatch() })
        #expect(image.width == 8 && Self.centre(image) == [255, 255, 255, 255])
        let missing = try Self.pixels(LevelSwatch().frame(width: 8, height: 8))
        #expect(Self.centre(missing) == [0, 0, 0, 0])
    }

    /// The darkest and brightest red channel among the pixels that differ from the grey backdrop.
    static func textInk(_ view: some View) throws -> (darkest: Int, brightest: Int) {
        let image = try pixels(view.padding(4), backdrop: Color(white: 0.5))
        var darkest = 255, brightest = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let r = Int(image.pixels[i])
            darkest = min(darkest, r)
            brightest = max(brightest, r)
        }
        return (darkest, brightest)
    }

    @Test("Text with no style of its own is the scheme's primary: black in light, white in dark")
    func textDefaultColour() throws {
        let text = Text("Hello").font(.system(size: 32))
        let light = try Self.textInk(text)
        #expect(light.darkest < 20 && light.brightest < 140)
        let dark = try Self.textInk(text.environment(\.colorScheme, .dark))
        #expect(dark.brightest > 235 && dark.darkest > 120)
        // Shapes with no fill follow it too.
        #expect(Self.centre(try Self.pixels(Circle().frame(width: 20, height: 20).environment(\.colorScheme, .dark))) == [255, 255, 255, 255])
    }

    @Test(".preferredColorScheme(.dark) makes its text white, and a backdrop of the background colour black")
    func preferredColorScheme() throws {
        let text = Text("Hello").font(.system(size: 32))
        let dark = try Self.textInk(text.preferredColorScheme(.dark))
        #expect(dark.brightest > 235 && dark.darkest > 120)
        let light = try Self.textInk(text.preferredColorScheme(.light).environment(\.colorScheme, .dark))
        #expect(light.darkest < 20)
        // The background as a backdrop: white in light; black where the view prefers dark.
        let square = Color.clear.frame(width: 8, height: 8)
        #expect(Self.centre(try Self.pixels(square, backdrop: .background)) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(square.preferredColorScheme(.dark), backdrop: .background)) == [0, 0, 0, 255])
    }

    @Test("Semantic colours resolve per scheme: primary, secondary (Apple's label colours at 60 %), background, with opacity kept")
    func semanticColours() throws {
        func drawn(_ color: Color, _ scheme: ColorScheme) throws -> [Int] {
            Self.centre(try Self.pixels(color.frame(width: 8, height: 8).environment(\.colorScheme, scheme)))
        }
        #expect(try drawn(.primary, .light) == [0, 0, 0, 255])
        #expect(try drawn(.primary, .dark) == [255, 255, 255, 255])
        // Premultiplied: 60 % of (60, 60, 67) and of (235, 235, 245).
        let secondaryLight = try drawn(.secondary, .light), secondaryDark = try drawn(.secondary, .dark)
        #expect(abs(secondaryLight[0] - 36) <= 1 && abs(secondaryLight[2] - 40) <= 1 && abs(secondaryLight[3] - 153) <= 1)
        #expect(abs(secondaryDark[0] - 141) <= 1 && abs(secondaryDark[2] - 147) <= 1 && abs(secondaryDark[3] - 153) <= 1)
        // .tertiary and .quaternary: 30 % and 18 % (16 % in dark) of the same greys.
        let tertiary = try drawn(.tertiary, .dark), quaternary = try drawn(.quaternary, .light)
        #expect(abs(tertiary[0] - 71) <= 1 && abs(tertiary[3] - 77) <= 1)
        #expect(abs(quaternary[0] - 11) <= 1 && abs(quaternary[3] - 46) <= 1)
        #expect(try drawn(.background, .light) == [255, 255, 255, 255])
        #expect(try drawn(.background, .dark) == [0, 0, 0, 255])
        let half = try drawn(Color.primary.opacity(0.5), .dark)
        #expect(abs(half[0] - 128) <= 1 && abs(half[3] - 128) <= 1)
        // As a fill and a foreground style.
        #expect(Self.centre(try Self.pixels(Rectangle().fill(.primary).frame(width: 8, height: 8).preferredColorScheme(.dark))) == [255, 255, 255, 255])
        #expect(Self.centre(try Self.pixels(Circle().foregroundStyle(.background).frame(width: 20, height: 20).preferredColorScheme(.dark))) == [0, 0, 0, 255])
    }

    @Test("GLINT_COLOR_SCHEME: light or dark in any case; another value is one complaint naming it and what is valid; unset is no scheme")
    func colorSchemeVariable() {
        #expect(ColorScheme.named("dark").scheme == .dark && ColorScheme.named("Light").scheme == .light)
        #expect(ColorScheme.named("dark").complaint == nil && ColorScheme.named(nil).scheme == nil && ColorScheme.named(nil).complaint == nil)
        let bad = ColorScheme.named("blue")
        #expect(bad.scheme == nil)
        #expect(bad.complaint == "GLINT_COLOR_SCHEME=blue is not a colour scheme (light or dark); using the default")
    }

    @Test("dismiss and openWindow do nothing until a host sets them; then a view's call reaches the host")
    func actions() throws {
        final class Calls { var dismissed = 0; var opened: [String] = [] }
        struct Caller: View {
            @Environment(\.dismiss) var dismiss
            @Environment(\.openWindow) var openWindow
            var body: some View {
                let _ = dismiss()
                let _ = openWindow(id: "info")
                Color.white.frame(width: 4, height: 4)
            }
        }
        #expect(Self.centre(try Self.pixels(Caller())) == [255, 255, 255, 255])
        let calls = Calls()
        let driver = FrameDriver()
        driver.environment.dismiss = DismissAction { calls.dismissed += 1 }
        driver.environment.openWindow = OpenWindowAction { id, _ in calls.opened.append(id ?? "?") }
        driver.update(Caller(), in: CGSize(width: 4, height: 4))
        #expect(calls.dismissed == 1 && calls.opened == ["info"])
    }
}
