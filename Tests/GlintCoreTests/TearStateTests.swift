import Testing
@testable import GlintCore

@Suite("Tear: pressing in the edge zone")
struct TearEdgeZoneTests {
    @Test("a press within 24 points of any edge arms a tear at the press", arguments: [
        pt(10, 400), pt(390, 400), pt(200, 10), pt(200, 790), pt(24, 400), pt(376, 400), pt(200, 776), pt(0, 0),
    ])
    func pressNearEdgeArms(_ p: Point) {
        var s = TearState()
        let took1 = s.send(.down, p.x, p.y)
        #expect(took1)
        #expect(s.phase == .armed)
        #expect(s.edgePoint == p && s.fingerPoint == p && s.pressPoint == p)
        #expect(!s.isShowing, "nothing shows at the press")
    }

    @Test("a press further in, or outside the view, belongs to the effect below, and so do its moves and release", arguments: [
        pt(25, 400), pt(200, 400), pt(375, 400), pt(200, 775), pt(-5, 400), pt(410, 400), pt(200, 900),
    ])
    func pressElsewhereIsNotTheTears(_ p: Point) {
        var s = TearState()
        let took2 = s.send(.down, p.x, p.y)
        #expect(!took2)
        let took3 = s.send(.move, p.x, p.y + 300)
        #expect(!took3)
        let took4 = s.send(.up, p.x, p.y + 300)
        #expect(!took4)
        #expect(s == TearState(), "the tear did not change")
    }

    @Test("the edge zone is a setting")
    func edgeZoneIsConfigurable() {
        var c = TearConfiguration()
        c.edgeZone = 50
        var s = TearState(configuration: c)
        let took5 = s.send(.down, 45, 400)
        #expect(took5)
        var d = TearState()
        let took6 = d.send(.down, 45, 400)
        #expect(!took6)
    }

    @Test("a view with no area cannot be torn")
    func zeroSizeView() {
        var s = TearState()
        let took7 = s.send(.down, 0, 0, in: .zero)
        #expect(!took7)
        let took8 = s.send(.down, 0, 5, in: Size(width: 0, height: 10))
        #expect(!took8)
        #expect(s.phase == .idle)
    }
}

@Suite("Tear: locking the direction")
struct TearLockTests {
    @Test("nothing shows until the finger has moved 20 points, and nothing jumps when it locks")
    func locksAtTwentyPoints() {
        var s = TearState()
        s.send(.down, 200, 10)
        let took9 = s.send(.move, 200, 29.9)
        #expect(took9)
        #expect(s.phase == .armed && !s.directionLocked)
        #expect(s.tearProgress == 0 && s.gapWidth == 0 && !s.isShowing)
        #expect(s.fingerPoint == pt(200, 10), "the tear end waits at the press")

        s.send(.move, 200, 30)
        #expect(s.phase == .tearing && s.directionLocked)
        #expect(s.fixedDirection == pt(0, 1))
        #expect(s.edgePoint == pt(200, 0), "the tear starts on the real edge")
        #expect(s.lockProjection == 30)
        #expect(s.tearProgress == 0 && s.gapWidth == 0 && !s.isShowing, "the lock itself opens nothing")
        #expect(s.fingerPoint == pt(200, 30))
    }

    @Test("the lock distance is a setting")
    func lockDistanceIsConfigurable() {
        var c = TearConfiguration()
        c.lockDistance = 40
        var s = TearState(configuration: c)
        s.send(.down, 200, 10)
        s.send(.move, 200, 45)
        #expect(!s.directionLocked)
        s.send(.move, 200, 50)
        #expect(s.directionLocked)
    }

    @Test("any direction follows the drag")
    func anyDirectionFollowsDrag() {
        var s = TearState()
        s.send(.down, 10, 400)
        s.send(.move, 22, 416)  // 20 points along (0.6, 0.8)
        #expect(close(s.fixedDirection, pt(0.6, 0.8)))
        // Backwards from the press, the ray leaves through the left edge 16.67 points back.
        #expect(close(s.edgePoint, pt(0, 400 - 0.8 * 50.0 / 3)))
        // Forwards it leaves through the bottom after 500 more.
        #expect(close(s.maxTrajectoryDistance, 50.0 / 3 + 500))
        #expect(close(s.lockProjection, 50.0 / 3 + 20))
        #expect(s.tearProgress == 0)
    }

    @Test("a vertical cut runs straight down or up, however the drag leans")
    func verticalCut() {
        var s = TearState(configuration: TearConfiguration(cutDirection: .vertical))
        s.send(.down, 10, 400)
        s.send(.move, 22, 416)
        #expect(s.fixedDirection == pt(0, 1))
        #expect(s.edgePoint == pt(10, 0))
        #expect(s.maxTrajectoryDistance == 800)
        #expect(s.lockProjection == 416, "the finger is projected onto the line, not measured from the press")

        var up = TearState(configuration: TearConfiguration(cutDirection: .vertical))
        up.send(.down, 200, 790)
        up.send(.move, 205, 770)
        #expect(up.fixedDirection == pt(0, -1))
        #expect(up.edgePoint == pt(200, 800))
    }

    @Test("a horizontal cut runs straight left or right, however the drag leans")
    func horizontalCut() {
        var s = TearState(configuration: TearConfiguration(cutDirection: .horizontal))
        s.send(.down, 10, 400)
        s.send(.move, 26, 412)
        #expect(s.fixedDirection == pt(1, 0))
        #expect(s.edgePoint == pt(0, 400))
        #expect(s.maxTrajectoryDistance == 400)
        #expect(s.lockProjection == 26)

        var left = TearState(configuration: TearConfiguration(cutDirection: .horizontal))
        left.send(.down, 390, 100)
        left.send(.move, 370, 95)
        #expect(left.fixedDirection == pt(-1, 0))
        #expect(left.edgePoint == pt(400, 100))
    }

    @Test("a straight cut dragged square across it runs into the view from the nearer edge")
    func straightCutWithNoComponentAlongIt() {
        var s = TearState(configuration: TearConfiguration(cutDirection: .vertical))
        s.send(.down, 10, 100)
        s.send(.move, 30, 100)
        #expect(s.fixedDirection == pt(0, 1))
        var h = TearState(configuration: TearConfiguration(cutDirection: .horizontal))
        h.send(.down, 390, 790)
        h.send(.move, 390, 770)
        #expect(h.fixedDirection == pt(-1, 0))
    }

    @Test("a zero lock distance still waits for the finger to move")
    func zeroLockDistanceNeedsMovement() {
        var c = TearConfiguration()
        c.lockDistance = 0
        var s = TearState(configuration: c)
        s.send(.down, 200, 10)
        s.send(.move, 200, 10)
        #expect(s.phase == .armed)
        #expect(s.fixedDirection == .zero && s.tearProgress == 0)
        s.send(.move, 200, 11)
        #expect(s.phase == .tearing && s.fixedDirection == pt(0, 1))

        var v = TearState(configuration: c)
        v.configuration.cutDirection = .vertical
        v.send(.down, 200, 10)
        v.send(.move, 200, 10)
        #expect(v.phase == .armed, "a straight cut too waits for the finger to move")
    }
}

@Suite("Tear: the ray cast back to the edge")
struct TearRayCastTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var press: Point
        var finger: Point
        var edge: Point
        var length: Double
        var testDescription: String { name }
    }

    @Test("the tear starts where the locked line crosses the edge", arguments: [
        Case(name: "left edge", press: pt(10, 400), finger: pt(30, 400), edge: pt(0, 400), length: 400),
        Case(name: "right edge", press: pt(390, 400), finger: pt(370, 400), edge: pt(400, 400), length: 400),
        Case(name: "top edge", press: pt(200, 10), finger: pt(200, 30), edge: pt(200, 0), length: 800),
        Case(name: "bottom edge", press: pt(200, 790), finger: pt(200, 770), edge: pt(200, 800), length: 800),
        Case(name: "top-left corner", press: pt(10, 10), finger: pt(25, 25), edge: pt(0, 0), length: 400 * 2.0.squareRoot()),
        Case(name: "bottom-right corner", press: pt(390, 790), finger: pt(375, 775), edge: pt(400, 800), length: 400 * 2.0.squareRoot()),
        Case(name: "top-right corner", press: pt(390, 10), finger: pt(375, 25), edge: pt(400, 0), length: 400 * 2.0.squareRoot()),
        Case(name: "bottom-left corner", press: pt(10, 790), finger: pt(25, 775), edge: pt(0, 800), length: 400 * 2.0.squareRoot()),
        // Pressed in the left edge's zone, but the line behind the press leaves through the top.
        Case(name: "a different edge than the one pressed", press: pt(20, 50), finger: pt(25.6, 69.2),
             edge: pt(20 - 0.28 * 50 / 0.96, 0), length: 800 / 0.96),
    ])
    func rayCastFindsTheEdge(_ c: Case) {
        var s = TearState()
        s.send(.down, c.press.x, c.press.y)
        s.send(.move, c.finger.x, c.finger.y)
        #expect(s.directionLocked)
        #expect(close(s.edgePoint, c.edge, 1e-9), "edge \(s.edgePoint)")
        #expect(close(s.maxTrajectoryDistance, c.length, 1e-9), "length \(s.maxTrajectoryDistance)")
        #expect(view.contains(s.edgePoint))
    }

    @Test("dragging out of the view from its corner opens nothing")
    func dragOutOfCorner() {
        var s = TearState()
        s.send(.down, 0, 0)
        s.send(.move, -20, -20)
        s.send(.move, -200, -200)
        #expect(s.directionLocked)
        #expect(s.tearProgress == 0 && s.gapWidth == 0 && !s.isShowing)
    }
}

@Suite("Tear: following the finger")
struct TearFollowTests {
    @Test("the finger is projected onto the locked line, and progress is the distance run over the room there was")
    func projectionAndProgress() {
        var s = TearState()
        s.tearFromTop(to: 0)
        s.send(.move, 260, 415)  // 60 points off the line, halfway down the room
        #expect(s.fingerPoint == pt(200, 415))
        #expect(close(s.tearProgress, 0.5))
        #expect(close(s.gapWidth, 30), "the opening grows with progress up to 60 points")
        #expect(s.isShowing)
    }

    @Test("past the far edge the tear stops at the edge, at full progress")
    func clampedAtFarEdge() {
        var s = TearState()
        s.tearFromTop(to: 0)
        s.send(.move, 200, 1000)
        #expect(s.fingerPoint == pt(200, 800))
        #expect(s.tearProgress == 1 && s.gapWidth == 60)
    }

    @Test("back behind the lock point, or off the view behind the edge, the cut closes without going negative")
    func clampedBehind() {
        var s = TearState()
        s.tearFromTop(to: 0.5)
        s.send(.move, 200, 15)
        #expect(s.fingerPoint == pt(200, 15))
        #expect(s.tearProgress == 0 && s.gapWidth == 0 && !s.isShowing)
        s.send(.move, 200, -50)
        #expect(s.fingerPoint == pt(200, 0))
        #expect(s.tearProgress == 0)
    }

    @Test("the tear follows the finger back and forth while held")
    func followsBothWays() {
        var s = TearState()
        s.tearFromTop(to: 0.8)
        #expect(close(s.tearProgress, 0.8))
        s.send(.move, 200, 30 + 770 * 0.3)
        #expect(close(s.tearProgress, 0.3))
        #expect(s.phase == .tearing)
    }
}

@Suite("Tear: release, break and recovery")
struct TearReleaseTests {
    @Test("a release at 91% breaks the view: fully open, torn to the far edge")
    func releaseJustOverBreaks() {
        var s = TearState()
        s.tearFromTop(to: 0.91)
        let took10 = s.send(.up, 200, 30 + 770 * 0.91)
        #expect(took10)
        #expect(s.phase == .broken && s.isBroken)
        #expect(s.tearProgress == 1 && s.gapWidth == 60)
        #expect(s.fingerPoint == pt(200, 800))
        #expect(s.isShowing)
        #expect(s.fallOpacity == 1 && s.fallOffset == .zero, "the fall starts from where the view is")
    }

    @Test("a release at 89% heals: the cut closes and the view is whole again")
    func releaseJustUnderHeals() {
        var s = TearState()
        s.tearFromTop(to: 0.89)
        s.send(.up, 200, 30 + 770 * 0.89)
        #expect(s.phase == .recovering && !s.isBroken)
        #expect(close(s.tearProgress, 0.89) && s.isShowing, "the cut is still open as it starts to close")
        s.run(TearConfiguration().recoveryDuration + 0.05)
        #expect(s == TearState(), "idle and whole, as if nothing happened")
    }

    @Test("a release at exactly the threshold breaks the view")
    func releaseAtThresholdBreaks() {
        var s = TearState()
        s.send(.down, 200, 10)
        s.send(.move, 200, 30)
        s.send(.up, 200, 723)  // (723 − 30) / 770 = 0.9 exactly
        #expect(s.isBroken)
    }

    @Test("the break threshold is a setting")
    func thresholdIsConfigurable() {
        var s = TearState(configuration: TearConfiguration(breakThreshold: 0.5))
        s.tearFromTop(to: 0.6)
        s.send(.up, 200, 30 + 770 * 0.6)
        #expect(s.isBroken)
    }

    @Test("the cut closes smoothly, never reopening, and is whole after the recovery duration")
    func recoveryCloses() {
        var s = TearState()
        s.tearFromTop(to: 0.5)
        s.send(.up, 200, 415)
        var lastGap = s.gapWidth
        var lastProgress = s.tearProgress
        var frames = 0
        while s.phase == .recovering && frames < 1000 {
            s.advance(by: 1.0 / 60)
            frames += 1
            #expect(s.gapWidth <= lastGap && s.tearProgress <= lastProgress)
            if s.phase == .recovering {
                #expect(s.fingerPoint.y <= 415 && s.fingerPoint.x == 200, "the tip slides back toward the edge")
                #expect(s.isShowing)
            }
            lastGap = s.gapWidth
            lastProgress = s.tearProgress
        }
        #expect(s.phase == .idle)
        #expect(frames == 21, "0.35 s at 60 frames per second")
    }

    @Test("recovery lands on the same cut at 30, 60 and 144 frames per second")
    func recoveryIsFrameRateIndependent() {
        var states: [TearState] = []
        for fps in [30.0, 60, 144] {
            var s = TearState()
            s.tearFromTop(to: 0.7)
            s.send(.up, 200, 30 + 770 * 0.7)
            s.run(0.2, frame: 1 / fps)
            states.append(s)
        }
        for s in states.dropFirst() {
            #expect(close(s.gapWidth, states[0].gapWidth, 1e-9))
            #expect(close(s.tearProgress, states[0].tearProgress, 1e-9))
            #expect(close(s.fingerPoint, states[0].fingerPoint, 1e-9))
        }
        #expect(states[0].gapWidth > 0 && states[0].gapWidth < 0.7 * 60, "0.2 s is partway through")
    }

    @Test("a release before the direction locked leaves nothing behind")
    func releaseBeforeLock() {
        var s = TearState()
        s.send(.down, 200, 10)
        s.send(.move, 200, 20)
        let took11 = s.send(.up, 200, 20)
        #expect(took11)
        #expect(s == TearState())
    }

    @Test("a release with nothing open is whole at once, with no closing to animate")
    func releaseWithNothingOpen() {
        var s = TearState()
        s.tearFromTop(to: 0)
        s.send(.up, 200, 30)
        #expect(s == TearState())
    }

    @Test("a press in the edge zone while a cut closes starts a new tear")
    func pressDuringRecovery() {
        var s = TearState()
        s.tearFromTop(to: 0.5)
        s.send(.up, 200, 415)
        s.run(0.1)
        #expect(s.phase == .recovering)
        let took12 = s.send(.down, 10, 400)
        #expect(took12)
        #expect(s.phase == .armed && s.pressPoint == pt(10, 400) && s.gapWidth == 0)
        // A press elsewhere lets the closing go on.
        var t = TearState()
        t.tearFromTop(to: 0.5)
        t.send(.up, 200, 415)
        let took13 = t.send(.down, 200, 400)
        #expect(!took13)
        #expect(t.phase == .recovering)
    }
}
