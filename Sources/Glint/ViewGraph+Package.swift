import Foundation
import GlintCore
import GlintRender

// What a module of this package that makes primitive views of its own (`GlintControls`) may
// ask of the view graph: no more than the library's own views use, and nothing a user of the
// library sees.
extension ViewGraph {
    /// An object kept by the current view's identity in store slot `slot`: made by `make` the
    /// first time, and again when `isCurrent` says the kept one no longer fits.
    package mutating func kept<T: AnyObject>(slot: Int, make: () -> T, isCurrent: (T) -> Bool) -> T {
        let box = store.extra(currentIdentity, slot: slot, initial: make())
        if !isCurrent(box.value) { box.value = make() }
        return box.value
    }

    /// A text node: `string` in `font` and `color`, lines `lineSpacing` apart, broken as `lineBreaks` says.
    package mutating func addText(_ string: String, font: Font, color: Color, lineSpacing: Double,
                                  lineBreaks: TextLayoutOptions.LineBreaks) {
        _ = addNode(.text(TextLeaf(string: string, font: font.spec, style: .color(color), alignment: .leading, lineLimit: nil,
                                   lineSpacing: lineSpacing, lineBreaks: lineBreaks)))
    }

    /// A z-stack node aligning what `body` makes by `alignment`.
    package mutating func withZStack(_ alignment: Alignment, _ body: (inout ViewGraph) -> Void) {
        withNode(.zstack(alignment), body)
    }

    /// An offset node moving what `body` makes by `x`, `y` points.
    package mutating func withOffset(x: Double, y: Double, _ body: (inout ViewGraph) -> Void) {
        withNode(.offset(x: x, y: y), body)
    }
}
