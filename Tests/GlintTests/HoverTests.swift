import Foundation
import Glint
import Testing
import struct GlintCore.Point

/// `.onHover` and `.onContinuousHover` heard as the pointer moves (the window calls
/// `ResolvedView.hover(at:)` after each frame with the last place the pointer moved to).
@Suite("Hover")
struct HoverTests {
    @Test("onHover hears true when the pointer comes over the view's rect and false when it leaves; onContinuousHover the location in the view and .ended")
    func hover() {
        final class Log { var entered: [Bool] = []; var phases: [HoverPhase] = [] }
        let log = Log()
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 100, height: 100)
                .onHover { log.entered.append($0) }
            Color.blue.frame(width: 100, height: 100)
                .onContinuousHover { log.phases.append($0) }
        }
        var resolved = ResolvedView()
        resolved.update(view, in: CGSize(width: 200, height: 100))
        resolved.hover(at: Point(x: 50, y: 50))
        resolved.hover(at: Point(x: 50, y: 50))
        resolved.hover(at: Point(x: 130, y: 40))
        resolved.hover(at: Point(x: 140, y: 40))
        resolved.hover(at: nil)
        #expect(log.entered == [true, false])
        #expect(log.phases == [.active(CGPoint(x: 30, y: 40)), .active(CGPoint(x: 40, y: 40)), .ended])
    }
}
