import Testing
@testable import GlintCore

@Suite("Tear: a broken view")
struct TearBrokenTests {
    @Test("a broken view drops, turns and fades over the fall duration, then stays gone")
    func fallAway() {
        var s = TearState()
        s.tearFromTop(to: 0.95)
        s.send(.up, 200, 30 + 770 * 0.95)
        s.run(0.5)
        // Halfway through a fall from rest: a quarter of the drop and the turn, half the opacity.
        #expect(close(s.fallOffset, pt(0, 900 * 0.25), 1e-6))
        #expect(close(s.fallRotation, 0.45 * 0.25, 1e-9))
        #expect(close(s.fallOpacity, 0.5, 1e-9))
        #expect(!s.isSettled)
        s.run(0.5)
        #expect(close(s.fallOffset, pt(0, 900), 1e-6) && close(s.fallOpacity, 0, 1e-12))
        #expect(s.isSettled)
        let gone = s
        s.run(5)
        #expect(s == gone, "nothing moves once it has fallen")
        #expect(s.isBroken && s.isShowing, "the backdrop shows where the view was")
    }

    @Test("a view torn in from the right half turns the other way")
    func turnDirection() {
        var s = TearState()
        s.send(.down, 300, 10)
        s.send(.move, 300, 30)
        s.send(.up, 300, 800)
        s.run(0.5)
        #expect(s.fallRotation < 0)
    }

    @Test("a broken view cannot be torn again: presses pass to the effect below")
    func breaksOnce() {
        var s = TearState()
        s.tearFromTop(to: 1)
        s.send(.up, 200, 800)
        let broken = s
        let took14 = s.send(.down, 200, 10)
        #expect(!took14)
        let took15 = s.send(.move, 200, 400)
        #expect(!took15)
        let took16 = s.send(.up, 200, 400)
        #expect(!took16)
        #expect(s == broken)
    }

    @Test("breaking from outside tears the view down the middle and it falls")
    func forcedBreak() {
        var s = TearState()
        s.setBroken(true, viewSize: view)
        #expect(s.isBroken && s.phase == .broken)
        #expect(s.edgePoint == pt(200, 0) && s.fingerPoint == pt(200, 800))
        #expect(s.tearProgress == 1 && s.gapWidth == 60)
        let broken = s
        s.setBroken(true, viewSize: view)
        #expect(s == broken, "a second break changes nothing")

        var h = TearState(configuration: TearConfiguration(cutDirection: .horizontal))
        h.setBroken(true, viewSize: view)
        #expect(h.edgePoint == pt(0, 400) && h.fingerPoint == pt(400, 400))

        var whole = TearState()
        whole.setBroken(true)
        #expect(whole.isBroken && whole.edgePoint == whole.fingerPoint, "with no size known the view falls whole")
    }

    @Test("breaking from outside mid-tear runs the tear to the far edge; the rest of that press is still the tear's")
    func forcedBreakMidTear() {
        var s = TearState()
        s.tearFromTop(to: 0.3)
        s.setBroken(true)
        #expect(s.isBroken && s.fingerPoint == pt(200, 800))
        let took17 = s.send(.move, 200, 500)
        #expect(took17)
        #expect(s.fingerPoint == pt(200, 800))
        let took18 = s.send(.up, 200, 500)
        #expect(took18)
        #expect(s.isBroken && !s.ownsPointer)
    }

    @Test("restoring from outside makes the view whole and tearable again")
    func restore() {
        var s = TearState()
        s.tearFromTop(to: 1)
        s.send(.up, 200, 800)
        s.run(0.4)
        s.setBroken(false)
        #expect(s == TearState())
        #expect(!s.isShowing)
        s.tearFromTop(to: 0.5)
        #expect(s.phase == .tearing && close(s.tearProgress, 0.5))
    }

    @Test("restoring a view that is not broken does nothing")
    func restoreWhole() {
        var s = TearState()
        s.tearFromTop(to: 0.5)
        let tearing = s
        s.setBroken(false)
        #expect(s == tearing)
    }
}

@Suite("Tear: when the layer pass runs")
struct TearShowingTests {
    @Test("the pass runs only while an opening can be seen, the cut closes, or the view is broken")
    func isShowing() {
        var s = TearState()
        #expect(!s.isShowing)
        s.send(.down, 200, 10)
        #expect(!s.isShowing)
        s.send(.move, 200, 30)
        #expect(!s.isShowing, "locked with nothing open")
        s.send(.move, 200, 31)  // 1/770 of 60 points ≈ 0.08: too narrow to see
        #expect(!s.isShowing)
        s.send(.move, 200, 32)  // ≈ 0.16 points
        #expect(s.isShowing)
        s.send(.up, 200, 32)
        #expect(s.phase == .recovering && s.isShowing)
        s.run(1)
        #expect(!s.isShowing)
        s.setBroken(true, viewSize: view)
        #expect(s.isShowing)
    }
}

@Suite("Tear: the controller")
struct TearControllerTests {
    @Test("a whole view costs nothing: the pass is disabled, and stays untouched frame after frame")
    func idlePassDisabled() {
        let c = TearController()
        c.updatePass(viewSize: view)
        #expect(!c.pass.isEnabled)
        #expect(c.pass.function == "tear")
        let revision = c.pass.revision
        c.advance(by: 1.0 / 60)
        c.updatePass(viewSize: view)
        #expect(c.pass.revision == revision, "nothing changed, nothing to upload")
    }

    @Test("while a tear shows, the pass is enabled with the state's geometry")
    func passFollowsState() {
        let c = TearController()
        #expect(c.handle(PointerEvent(.down, pt(200, 10), at: 0), viewSize: view))
        c.handle(PointerEvent(.move, pt(200, 30), at: 0.1), viewSize: view)
        c.handle(PointerEvent(.move, pt(200, 415), at: 0.2), viewSize: view)
        c.updatePass(viewSize: view)
        #expect(c.pass.isEnabled)
        #expect(c.pass["tearStart"] == .float2(200, 0))
        #expect(c.pass["tearEnd"] == .float2(200, 415))
        #expect(c.pass["tearProgress"] == .float(0.5))
        #expect(c.pass["maxGap"] == .float(30))
        #expect(c.pass["edgeRoughness"] == .float(6))
        #expect(c.pass["viewSize"] == .float2(400, 800))
        #expect(c.pass["fallOpacity"] == .float(1))
        #expect(c.pass.kind == .layer(maxSampleOffset: Size(width: 30, height: 30)))

        let snapshot = c.stateSnapshot()
        #expect(snapshot.map(\.0) == [
            "tearStart", "tearEnd", "tearProgress", "maxGap", "edgeRoughness", "viewSize", "broken",
            "fallOffset", "fallRotation", "fallOpacity",
        ])
        #expect(snapshot[1].1 == .vector([200, 415]))
        #expect(snapshot[2].1 == .number(0.5))
        #expect(snapshot[6].1 == .bool(false))
    }

    @Test("callbacks: progress as it changes, then one completion when the cut has closed")
    func recoveryCallbacks() {
        let c = TearController()
        var progress: [Double] = []
        var completions: [Bool] = []
        c.onProgressChanged = { progress.append($0) }
        c.onCompleted = { completions.append($0) }
        c.handle(PointerEvent(.down, pt(200, 10), at: 0), viewSize: view)
        c.handle(PointerEvent(.move, pt(200, 30), at: 0), viewSize: view)
        #expect(progress.isEmpty, "the lock changes nothing")
        c.handle(PointerEvent(.move, pt(200, 415), at: 0), viewSize: view)
        #expect(progress.count == 1 && close(progress[0], 0.5))
        c.handle(PointerEvent(.up, pt(200, 415), at: 0), viewSize: view)
        #expect(completions.isEmpty, "released short of the threshold: not complete until the cut closes")
        for _ in 0..<60 { c.advance(by: 1.0 / 60) }
        #expect(completions == [false])
        #expect(progress.last == 0)
        #expect(progress.count > 3, "progress reported all the way down")
        c.updatePass(viewSize: view)
        #expect(!c.pass.isEnabled)
    }

    @Test("callbacks: a release past the threshold completes as broken, once")
    func breakCallbacks() {
        let c = TearController()
        var progress: [Double] = []
        var completions: [Bool] = []
        c.onProgressChanged = { progress.append($0) }
        c.onCompleted = { completions.append($0) }
        c.handle(PointerEvent(.down, pt(200, 10), at: 0), viewSize: view)
        c.handle(PointerEvent(.move, pt(200, 30), at: 0), viewSize: view)
        c.handle(PointerEvent(.up, pt(200, 750), at: 0), viewSize: view)
        #expect(completions == [true])
        #expect(progress.last == 1)
        #expect(c.isBroken)
        for _ in 0..<120 { c.advance(by: 1.0 / 60) }
        c.isBroken = true
        #expect(completions == [true], "breaking again changes nothing")
        c.updatePass(viewSize: view)
        #expect(c.pass.isEnabled)
        #expect(c.pass["fallOpacity"] == .float(0))
        #expect(c.stateSnapshot()[6].1 == .bool(true))
    }

    @Test("the broken flag from outside: true breaks the view down the middle, false restores it")
    func brokenFlag() {
        let c = TearController()
        var completions: [Bool] = []
        c.onCompleted = { completions.append($0) }
        c.updatePass(viewSize: view)
        c.isBroken = true
        #expect(completions == [true])
        c.updatePass(viewSize: view)
        #expect(c.pass.isEnabled && c.pass["tearStart"] == .float2(200, 0) && c.pass["tearEnd"] == .float2(200, 800))
        c.isBroken = false
        #expect(completions == [true], "restoring is not a completion")
        c.updatePass(viewSize: view)
        #expect(!c.pass.isEnabled && !c.isBroken)
        #expect(c.state == TearState())
    }

    @Test("a new tear during a closing cut completes the old one as healed")
    func interruptedRecovery() {
        let c = TearController()
        var completions: [Bool] = []
        c.onCompleted = { completions.append($0) }
        c.handle(PointerEvent(.down, pt(200, 10), at: 0), viewSize: view)
        c.handle(PointerEvent(.move, pt(200, 30), at: 0), viewSize: view)
        c.handle(PointerEvent(.up, pt(200, 415), at: 0), viewSize: view)
        c.advance(by: 0.1)
        c.handle(PointerEvent(.down, pt(10, 400), at: 0.2), viewSize: view)
        #expect(completions == [false])
        #expect(c.state.phase == .armed)
    }

    @Test("a tap at the edge is the tear's but completes nothing")
    func tapAtEdge() {
        let c = TearController()
        var completions: [Bool] = []
        c.onCompleted = { completions.append($0) }
        #expect(c.handle(PointerEvent(.down, pt(5, 400), at: 0), viewSize: view))
        #expect(c.handle(PointerEvent(.up, pt(5, 400), at: 0.1), viewSize: view))
        #expect(completions.isEmpty)
    }
}
