import Foundation
import GlintCore

/// The effect collection's distortions, lenses and transitions as modifiers, each calling its
/// `Shaders/<name>.metal` function as its declaration (`EffectDeclaration.layerCollection`) says,
/// its defaults the declaration's. What the frame supplies on the command line (the time, the
/// view's size, the pointer) a caller passes, as SwiftUI collections take theirs:
///
/// ```swift
/// let start = Date()
/// TimelineView(.animation) { context in
///     card.water(time: context.date.timeIntervalSince(start))
/// }
/// ```
///
/// Transitions take a `progress`: 0 shows the content whole and 1 shows it gone (transparent).
extension View {
    /// Sways the content in a sine wave whose displacement is `strength` times the view's `size`
    /// (so it looks the same at any size), `frequency` waves across, moving `speed` waves a second
    /// (`Shaders/relativeWave.metal`). Pass the view's size in points and the seconds elapsed.
    public func relativeWave(size: CGSize, time: Double,
                             speed: Double = EffectDeclaration.RelativeWave.speed.defaultSetting,
                             strength: Double = EffectDeclaration.RelativeWave.strength.defaultSetting,
                             frequency: Double = EffectDeclaration.RelativeWave.frequency.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.RelativeWave
        // The declaration knows no size, so states no reach; here it is the sway in points.
        let reach = abs(strength)
        return declaredEffect(.relativeWave, time: time, size: size, [Keys.speed(speed), Keys.strength(strength), Keys.frequency(frequency)],
                              maxSampleOffset: CGSize(width: reach * size.width, height: reach * size.height))
    }

    /// Ripples the content as if seen through moving water: `frequency` ripples every 100 points,
    /// `speed` passing a point each second, each pixel moved up to `strength` points
    /// (`Shaders/water.metal`). Pass the seconds elapsed.
    public func water(time: Double,
                      speed: Double = EffectDeclaration.Water.speed.defaultSetting,
                      strength: Double = EffectDeclaration.Water.strength.defaultSetting,
                      frequency: Double = EffectDeclaration.Water.frequency.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.Water
        return declaredEffect(.water, time: time, [Keys.speed(speed), Keys.strength(strength), Keys.frequency(frequency)],
                              maxSampleOffset: CGSize(width: abs(strength), height: abs(strength)))
    }

    /// A round magnifier of `radius` points centred on `location` (points from the view's
    /// top-left, as a drag gesture gives it), showing the content `zoom` times larger
    /// (`Shaders/simpleLoupe.metal`).
    public func simpleLoupe(at location: CGPoint,
                            radius: Double = EffectDeclaration.SimpleLoupe.radius.defaultSetting,
                            zoom: Double = EffectDeclaration.SimpleLoupe.zoom.defaultSetting) -> some View {
        declaredEffect(.simpleLoupe, location: location, [EffectDeclaration.SimpleLoupe.radius(radius), EffectDeclaration.SimpleLoupe.zoom(zoom)])
    }

    /// A round magnifier of `radius` points centred on `location`, `zoom` times larger at its
    /// centre and easing smoothly back to the content's own size at its edge
    /// (`Shaders/warpingLoupe.metal`).
    public func warpingLoupe(at location: CGPoint,
                             radius: Double = EffectDeclaration.WarpingLoupe.radius.defaultSetting,
                             zoom: Double = EffectDeclaration.WarpingLoupe.zoom.defaultSetting) -> some View {
        declaredEffect(.warpingLoupe, location: location, [EffectDeclaration.WarpingLoupe.radius(radius), EffectDeclaration.WarpingLoupe.zoom(zoom)])
    }

    /// A glassy bubble of `radius` points round `location`: the content bends toward its rim
    /// (`strength` 0 not at all, 1 the most), which glows in `highlight`, as does a spot at its
    /// top-left (`Shaders/bubble.metal`).
    public func bubble(at location: CGPoint,
                       radius: Double = EffectDeclaration.Bubble.radius.defaultSetting,
                       strength: Double = EffectDeclaration.Bubble.strength.defaultSetting,
                       highlight: Color = Color(EffectDeclaration.Bubble.highlight.defaultSetting)) -> some View {
        typealias Keys = EffectDeclaration.Bubble
        // It reads at most radius × strength away, which the declaration bounds by the radius.
        let reach = max(radius, 0) * abs(strength)
        return declaredEffect(.bubble, location: location, [Keys.radius(radius), Keys.strength(strength), Keys.highlight(highlight)],
                              maxSampleOffset: CGSize(width: reach, height: reach))
    }

    /// Takes the content away through a grid of circles `size` points apart that grow from
    /// nothing at `progress` 0 until they cover it at 1 (`Shaders/circleTransition.metal`).
    public func circleTransition(progress: Double,
                                 size: Double = EffectDeclaration.CircleTransition.size.defaultSetting) -> some View {
        declaredEffect(.circleTransition, [EffectDeclaration.CircleTransition.progress(progress), EffectDeclaration.CircleTransition.size(size)])
    }

    /// Takes the content away through a grid of diamonds `size` points apart that open in a sweep
    /// from the top-left corner, all of them open at `progress` 1
    /// (`Shaders/diamondTransition.metal`).
    public func diamondTransition(progress: Double,
                                  size: Double = EffectDeclaration.DiamondTransition.size.defaultSetting) -> some View {
        declaredEffect(.diamondTransition, [EffectDeclaration.DiamondTransition.progress(progress), EffectDeclaration.DiamondTransition.size(size)])
    }

    /// Breaks the content into blocks that grow to `size` points by `progress` 0.5, then fade
    /// out, gone at 1 (`Shaders/pixellateTransition.metal`).
    public func pixellateTransition(progress: Double,
                                    size: Double = EffectDeclaration.PixellateTransition.size.defaultSetting) -> some View {
        declaredEffect(.pixellateTransition, [EffectDeclaration.PixellateTransition.progress(progress), EffectDeclaration.PixellateTransition.size(size)])
    }

    /// A clock wipe: a hand sweeping clockwise from twelve o'clock round the view's centre takes
    /// the content away, all of it at `progress` 1 (`Shaders/radialTransition.metal`).
    public func radialTransition(progress: Double) -> some View {
        declaredEffect(.radialTransition, [EffectDeclaration.RadialTransition.progress(progress)])
    }

    /// Swirls the content round the view's centre (its middle `turns` times by `progress` 1) as
    /// it shrinks and fades into it (`Shaders/swirlTransition.metal`). It draws within the view.
    public func swirlTransition(progress: Double,
                                turns: Double = EffectDeclaration.SwirlTransition.turns.defaultSetting) -> some View {
        declaredEffect(.swirlTransition, [EffectDeclaration.SwirlTransition.progress(progress), EffectDeclaration.SwirlTransition.turns(turns)])
    }

    /// Blows the content away to the right in streaks `streak` points high, each leaving at its
    /// own moment and fading as it blows up to `travel` points, gone at `progress` 1
    /// (`Shaders/windTransition.metal`). The streaks may blow past the view's right edge.
    public func windTransition(progress: Double,
                               streak: Double = EffectDeclaration.WindTransition.streak.defaultSetting,
                               travel: Double = EffectDeclaration.WindTransition.travel.defaultSetting) -> some View {
        typealias Keys = EffectDeclaration.WindTransition
        // It reads only to the left, which the declaration (one reach for both axes) cannot say.
        return declaredEffect(.windTransition, [Keys.progress(progress), Keys.streak(streak), Keys.travel(travel)],
                              maxSampleOffset: CGSize(width: max(travel, 0), height: 0))
    }
}
