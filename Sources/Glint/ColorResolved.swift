import Foundation
import GlintCore

extension Color {
    /// A colour as concrete numbers, as SwiftUI's `Color.Resolved`: sRGB channels and an opacity,
    /// kept in linear light (`linearRed`, …) and read encoded (`red`, …), each 0…1.
    public struct Resolved: Hashable, Sendable {
        /// The channels in linear light (sRGB decoded), and the opacity.
        public var linearRed: Float
        public var linearGreen: Float
        public var linearBlue: Float
        public var opacity: Float

        /// A colour of `red`, `green` and `blue` in `colorSpace` (sRGB encoded by default) and an
        /// opacity, each 0…1.
        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            switch colorSpace {
            case .sRGB:
                (linearRed, linearGreen, linearBlue) = (Color.linear(red), Color.linear(green), Color.linear(blue))
            case .sRGBLinear:
                (linearRed, linearGreen, linearBlue) = (red, green, blue)
            }
            self.opacity = opacity
        }

        /// The red channel, sRGB encoded.
        public var red: Float {
            get { Color.encoded(linearRed) }
            set { linearRed = Color.linear(newValue) }
        }
        /// The green channel, sRGB encoded.
        public var green: Float {
            get { Color.encoded(linearGreen) }
            set { linearGreen = Color.linear(newValue) }
        }
        /// The blue channel, sRGB encoded.
        public var blue: Float {
            get { Color.encoded(linearBlue) }
            set { linearBlue = Color.linear(newValue) }
        }
    }

    /// How a colour's channels are given, as SwiftUI's `Color.RGBColorSpace` (Glint draws sRGB;
    /// Display P3 is not there).
    public enum RGBColorSpace: Hashable, Sendable {
        /// sRGB, encoded (what `Color(red:green:blue:)` takes).
        case sRGB
        /// sRGB's channels in linear light.
        case sRGBLinear
    }

    /// The colour of `resolved`.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), opacity: Double(resolved.opacity))
    }

    /// A colour of `red`, `green` and `blue` in `colorSpace`, as SwiftUI's `Color(_:red:green:blue:opacity:)`.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(Resolved(colorSpace: colorSpace, red: Float(red), green: Float(green), blue: Float(blue), opacity: Float(opacity)))
    }

    /// The colour's numbers where it is shown in `environment` (a semantic colour such as
    /// `.primary` by its colour scheme), as SwiftUI's `Color.resolve(in:)`.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let c = resolved(in: environment.colorScheme).resolved
        return Resolved(red: c.red, green: c.green, blue: c.blue, opacity: c.alpha)
    }
}
