import Foundation
import GlintCore
import GlintRender

/// The collection's generators, colour effects and recolouring layer effects as modifiers, each
/// calling its `Shaders/<name>.metal` function through `ShaderLibrary.default` as its declaration
/// (`EffectDeclaration`, `Sources/GlintCore/Collection/ColorEffects.swift`) says, its defaults
/// the declaration's. What the frame supplies on the command line, the caller passes here: `time`
/// (seconds, from a `TimelineView`'s date); the view's rect goes as `.boundingRect`.
extension View {
    // MARK: Generators

    /// Grey noise over the view, each cell of `grain` points a random grey, new `speed` times a
    /// second; the view's alpha is kept (`Shaders/whiteNoise.metal`).
    public func whiteNoise(time: Double,
                           speed: Double = EffectDeclaration.WhiteNoise.speed.defaultSetting,
                           grain: Double = EffectDeclaration.WhiteNoise.grain.defaultSetting) -> some View {
        declaredEffect(.whiteNoise, time: time, [EffectDeclaration.WhiteNoise.speed(speed), EffectDeclaration.WhiteNoise.grain(grain)])
    }

    /// Coloured noise over the view, each cell of `grain` points a random red, green and blue,
    /// new `speed` times a second; the view's alpha is kept (`Shaders/rainbowNoise.metal`).
    public func rainbowNoise(time: Double,
                             speed: Double = EffectDeclaration.RainbowNoise.speed.defaultSetting,
                             grain: Double = EffectDeclaration.RainbowNoise.grain.defaultSetting) -> some View {
        declaredEffect(.rainbowNoise, time: time, [EffectDeclaration.RainbowNoise.speed(speed), EffectDeclaration.RainbowNoise.grain(grain)])
    }

    /// Every hue in turn along `angle` (clockwise from rightwards, y being down), `repeats` cycles
    /// across the view, sliding `speed` cycles a second (`Shaders/animatedGradientFill.metal`).
    public func animatedGradientFill(time: Double,
                                     speed: Double = EffectDeclaration.AnimatedGradientFill.speed.defaultSetting,
                                     angle: Angle = .degrees(EffectDeclaration.AnimatedGradientFill.angle.defaultSetting),
                                     repeats: Double = EffectDeclaration.AnimatedGradientFill.repeats.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.AnimatedGradientFill
        return declaredEffect(.animatedGradientFill, time: time, [Keys.speed(speed), Keys.angle(angle.degrees), Keys.repeats(repeats)])
    }

    /// The sinebow: `bands` rainbows across the view flowing `speed` rainbows a second, bent by up
    /// to `bend` of a rainbow (`Shaders/sinebow.metal`).
    public func sinebow(time: Double,
                        speed: Double = EffectDeclaration.Sinebow.speed.defaultSetting,
                        bands: Double = EffectDeclaration.Sinebow.bands.defaultSetting,
                        bend: Double = EffectDeclaration.Sinebow.bend.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.Sinebow
        return declaredEffect(.sinebow, time: time, [Keys.speed(speed), Keys.bands(bands), Keys.bend(bend)])
    }

    /// Rings of `color` on black, `width` points thick and `spacing` points apart, spreading from
    /// `center` (a point of the view as fractions of its size) at `speed` points a second
    /// (`Shaders/circleWave.metal`).
    public func circleWave(time: Double,
                           color: Color = Color(EffectDeclaration.CircleWave.tint.defaultSetting),
                           center: UnitPoint = UnitPoint(x: EffectDeclaration.CircleWave.centerX.defaultSetting,
                                                         y: EffectDeclaration.CircleWave.centerY.defaultSetting),
                           speed: Double = EffectDeclaration.CircleWave.speed.defaultSetting,
                           spacing: Double = EffectDeclaration.CircleWave.spacing.defaultSetting,
                           width: Double = EffectDeclaration.CircleWave.width.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.CircleWave
        return declaredEffect(.circleWave, time: time, [Keys.tint(color), Keys.centerX(center.x), Keys.centerY(center.y),
                                                        Keys.speed(speed), Keys.spacing(spacing), Keys.width(width)])
    }

    // MARK: Colour effects

    /// The view as an infrared camera shows it: dark parts `cold`, the middle `warm`, bright parts
    /// `hot` (`Shaders/infrared.metal`).
    public func infrared(cold: Color = Color(EffectDeclaration.Infrared.cold.defaultSetting),
                         warm: Color = Color(EffectDeclaration.Infrared.warm.defaultSetting),
                         hot: Color = Color(EffectDeclaration.Infrared.hot.defaultSetting)) -> some View {
        typealias Keys = EffectDeclaration.Infrared
        return declaredEffect(.infrared, [Keys.cold(cold), Keys.warm(warm), Keys.hot(hot)])
    }

    /// Horizontal lines of `color`, `width` points thick every `spacing` points from the top,
    /// mixed over the view by `strength` (0…1) (`Shaders/interlace.metal`).
    public func interlace(color: Color = Color(EffectDeclaration.Interlace.lineColor.defaultSetting),
                          spacing: Double = EffectDeclaration.Interlace.spacing.defaultSetting,
                          width: Double = EffectDeclaration.Interlace.width.defaultSetting,
                          strength: Double = EffectDeclaration.Interlace.strength.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.Interlace
        return declaredEffect(.interlace, [Keys.lineColor(color), Keys.spacing(spacing), Keys.width(width), Keys.strength(strength)])
    }

    /// A diagonal band of `color` sweeping across the view from the top-left once every
    /// `duration` seconds; `width` is half the band's width as a fraction of the view's diagonal,
    /// `strength` how much of the colour shows at its middle (`Shaders/shimmer.metal`).
    public func shimmer(time: Double,
                        color: Color = Color(EffectDeclaration.Shimmer.highlight.defaultSetting),
                        duration: Double = EffectDeclaration.Shimmer.duration.defaultSetting,
                        width: Double = EffectDeclaration.Shimmer.width.defaultSetting,
                        strength: Double = EffectDeclaration.Shimmer.strength.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.Shimmer
        return declaredEffect(.shimmer, time: time, [Keys.highlight(color), Keys.duration(duration), Keys.width(width), Keys.strength(strength)])
    }

    // MARK: Layer effects

    /// The view's red plane moved by `offset` points and its blue plane by the opposite, green in
    /// place (`Shaders/colorPlanes.metal`).
    public func colorPlanes(offset: CGSize = ColorEffectDefaults.colorPlanesOffset) -> some View {
        let length = (offset.width * offset.width + offset.height * offset.height).squareRoot()
        let degrees = atan2(Double(offset.height), Double(offset.width)) * 180 / .pi
        typealias Keys = EffectDeclaration.ColorPlanes
        return declaredEffect(.colorPlanes, [Keys.offset(length), Keys.angle(degrees)],
                              maxSampleOffset: CGSize(width: abs(offset.width), height: abs(offset.height)))
    }

    /// Relief lit from the top-left: the brightness difference of the neighbours `offset` points
    /// down-right and up-left of each point, times `strength`, added to it (`Shaders/emboss.metal`).
    public func emboss(strength: Double = EffectDeclaration.Emboss.strength.defaultSetting,
                       offset: Double = EffectDeclaration.Emboss.offset.defaultSetting) -> some View {
        declaredEffect(.emboss, [EffectDeclaration.Emboss.strength(strength), EffectDeclaration.Emboss.offset(offset)],
                       maxSampleOffset: CGSize(width: abs(offset), height: abs(offset)))
    }

    /// The view in square blocks of `size` points from its top-left, each the colour at its
    /// centre (`Shaders/pixellate.metal`). It reads only inside the view, so it needs no
    /// `maxSampleOffset`.
    public func pixellate(size: Double = EffectDeclaration.Pixellate.size.defaultSetting) -> some View {
        declaredEffect(.pixellate, [EffectDeclaration.Pixellate.size(size)])
    }

    /// A blur whose radius at each point is `radius` points times `mask`'s grey there, the mask
    /// stretched over the view (black sharp, white the full radius); by default
    /// `Assets/blurMask.png`, sharp at the top and blurred at the bottom
    /// (`Shaders/variableBlur.metal`).
    public func variableBlur(radius: Double = EffectDeclaration.VariableBlur.radius.defaultSetting,
                             mask: Image = ColorEffectDefaults.blurMask) -> some View {
        declaredEffect(.variableBlur, [EffectDeclaration.VariableBlur.mask(mask), EffectDeclaration.VariableBlur.radius(radius)],
                       maxSampleOffset: CGSize(width: radius, height: radius))
    }
}

/// Defaults of the collection's modifiers that are not one number of a declaration.
public enum ColorEffectDefaults {
    /// `colorPlanes`'s offset: its declaration's `offset` points along its `angle`.
    public static var colorPlanesOffset: CGSize {
        let length = EffectDeclaration.ColorPlanes.offset.defaultSetting
        let radians = EffectDeclaration.ColorPlanes.angle.defaultSetting * .pi / 180
        return CGSize(width: length * cos(radians), height: length * sin(radians))
    }

    /// `variableBlur`'s mask: its declaration's image (`Assets/blurMask.png`), decoded once; the
    /// placeholder, reported when drawn, should it be missing from the binary.
    public static let blurMask: Image = {
        let asset = EffectDeclaration.VariableBlur.mask.asset
        guard let bytes = ShaderSources.asset(named: asset) else {
            return Image(placeholderFor: .image("the image '\(asset)' is missing from the built-in Assets/"))
        }
        do throws(RenderError) {
            return Image(try PNG.image(from: bytes))
        } catch {
            return Image(placeholderFor: error)
        }
    }()
}
