// What a user of `Glint` needs from the modules below it, without importing them (and without
// GlintCore's `Color` and `Image`, which Glint's views of the same names replace).
@_exported import protocol GlintCore.Effect
@_exported import enum GlintCore.EffectRegistry
@_exported import class GlintCore.TearController
@_exported import struct GlintCore.TearConfiguration
@_exported import enum GlintCore.RenderError
@_exported import struct GlintCore.Path
@_exported import struct GlintCore.StrokeStyle
@_exported import struct GlintCore.FillStyle
@_exported import enum GlintCore.CGLineCap
@_exported import enum GlintCore.CGLineJoin
@_exported import struct GlintCore.Angle
@_exported import Observation
// Foundation, as `import SwiftUI` brings it: a file importing only Glint has Date, URL, UUID,
// DispatchQueue, CGSize and the rest where a SwiftUI file has them.
@_exported import Foundation
@_exported import enum GlintRender.PNGCompression
// The models of the built-in demo views (`HarmonicView(_:)`, `WaveformView(_:)`, `PrismView`'s
// parameters), and the one timeline a host of your own advances them with.
@_exported import class GlintCore.HarmonicEffect
@_exported import class GlintCore.WaveformEffect
@_exported import class GlintCore.PrismEffect
@_exported import struct GlintCore.PrismGeometry
@_exported import struct GlintCore.Timeline
// Per-pass GPU times (`ViewRenderer.measuresPasses`), for a package's own overlay.
@_exported import struct GlintRender.FrameStatistics
@_exported import struct GlintRender.PassStatistics
@_exported import enum GlintRender.PassTarget
