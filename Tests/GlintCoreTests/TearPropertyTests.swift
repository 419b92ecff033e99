import Testing
@testable import GlintCore

/// SplitMix64: a tiny seeded generator, so every random stream here can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}

/// One thing that happens to a tear in a random run.
enum TearStep: CustomStringConvertible {
    case event(PointerEvent)
    case advance(Double)
    case setBroken(Bool)

    var description: String {
        switch self {
        case .event(let e): return "\(e.phase.rawValue) \(e.location.x) \(e.location.y)"
        case .advance(let dt): return "advance \(dt)"
        case .setBroken(let b): return "setBroken \(b)"
        }
    }
}

/// A random view, configuration and stream of pointer events, frames and outside breaks.
struct TearScenario {
    var seed: UInt64
    var viewSize: Size
    var configuration: TearConfiguration
    var steps: [TearStep]

    init(seed: UInt64) {
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        viewSize = rng.pick([
            Size(width: 400, height: 800),
            Size(width: 1280, height: 720),
            Size(width: rng.uniform(1...2000), height: rng.uniform(1...2000)),
            Size(width: rng.uniform(1...40), height: rng.uniform(1...40)),
            Size(width: 1, height: 1),
            Size(width: 0, height: 300),
        ])
        var c = TearConfiguration()
        c.cutDirection = rng.pick(CutDirection.allCases)
        if rng.chance(0.5) {
            c.edgeZone = rng.uniform(0...80)
            c.lockDistance = rng.uniform(0...40)
            c.breakThreshold = rng.pick([0.9, rng.uniform(0...1), 1.2])
            c.maxGapWidth = rng.pick([60, rng.uniform(0...200), 0])
            c.edgeRoughness = rng.uniform(0...20)
            c.recoveryDuration = rng.pick([0.35, rng.uniform(0...1), 0])
            c.fallDuration = rng.pick([1, rng.uniform(0...2), 0])
            c.fallDistance = rng.uniform(0...2000)
            c.fallRotation = rng.uniform(-3...3)
        }
        configuration = c

        let size = viewSize
        let zone = c.edgeZone
        func pointNearEdge() -> Point {
            let x = rng.uniform(0...size.width), y = rng.uniform(0...size.height)
            let inset = rng.uniform(0...zone * 1.2)
            switch rng.next() % 4 {
            case 0: return Point(x: inset, y: y)
            case 1: return Point(x: size.width - inset, y: y)
            case 2: return Point(x: x, y: inset)
            default: return Point(x: x, y: size.height - inset)
            }
        }
        func anyPoint() -> Point {
            Point(x: rng.uniform(-0.2 * size.width...1.2 * size.width), y: rng.uniform(-0.2 * size.height...1.2 * size.height))
        }
        let usesOutsideBreaks = rng.chance(0.2)
        var finger = pointNearEdge()
        var time = 0.0
        var steps: [TearStep] = []
        for _ in 0..<Int(rng.next() % 60 + 2) {
            let roll = rng.unit()
            if roll < 0.12 {
                finger = rng.chance(0.7) ? pointNearEdge() : anyPoint()
                steps.append(.event(PointerEvent(.down, finger, at: time)))
            } else if roll < 0.70 {
                if rng.chance(0.85) {
                    let reach = rng.pick([5.0, 30, 300])
                    finger = finger + Point(x: rng.uniform(-reach...reach), y: rng.uniform(-reach...reach))
                } else {
                    finger = anyPoint()
                }
                let location = rng.chance(0.01) ? Point(x: .nan, y: rng.pick([.infinity, 3])) : finger
                steps.append(.event(PointerEvent(.move, location, at: time)))
            } else if roll < 0.80 {
                steps.append(.event(PointerEvent(.up, finger, at: time)))
            } else if roll < 0.97 || !usesOutsideBreaks {
                let dt = rng.pick([1.0 / 60, 1.0 / 144, rng.uniform(0...0.1), rng.uniform(0...1.5)])
                time += dt
                steps.append(.advance(dt))
            } else {
                steps.append(.setBroken(rng.chance(0.6)))
            }
        }
        // The pointer always comes up in the end.
        steps.append(.event(PointerEvent(.up, finger, at: time)))
        self.steps = steps
    }
}

/// What is wrong with `s` as a user would see it, if anything.
private func violation(of s: TearState, in viewSize: Size) -> String? {
    let c = s.configuration
    func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
    if !(0...1).contains(s.tearProgress) { return "progress \(s.tearProgress) outside 0…1" }
    if !(s.gapWidth >= 0 && s.gapWidth <= max(c.maxGapWidth, 0)) { return "gap \(s.gapWidth) outside 0…\(c.maxGapWidth)" }
    if !finite(s.edgePoint) || !finite(s.fingerPoint) || !finite(s.fixedDirection) || !finite(s.pressPoint) {
        return "a point is not finite"
    }
    if !finite(s.fallOffset) || !s.fallRotation.isFinite || !(0...1).contains(s.fallOpacity) {
        return "the fall is not finite"
    }
    if !s.lockProjection.isFinite || !s.maxTrajectoryDistance.isFinite || s.lockProjection < 0
        || s.lockProjection > s.maxTrajectoryDistance {
        return "lock projection \(s.lockProjection) outside 0…\(s.maxTrajectoryDistance)"
    }
    if s.directionLocked {
        if abs(s.fixedDirection.length - 1) > 1e-9 { return "direction \(s.fixedDirection) is not a unit vector" }
        let slack = 1e-6
        let grown = Size(width: viewSize.width + 2 * slack, height: viewSize.height + 2 * slack)
        if !grown.contains(s.edgePoint + Point(x: slack, y: slack)) { return "tear start \(s.edgePoint) outside the view" }
        if !grown.contains(s.fingerPoint + Point(x: slack, y: slack)) { return "tear end \(s.fingerPoint) outside the view" }
    } else if s.fixedDirection != .zero {
        return "a direction without a lock"
    }
    if (s.phase == .armed || s.phase == .tearing) && !s.ownsPointer { return "\(s.phase) with no press" }
    if s.isBroken != (s.phase == .broken) { return "isBroken disagrees with the phase" }
    if s.phase == .idle && s.tearProgress + s.gapWidth != 0 { return "idle but open" }
    if s.phase == .broken && (s.tearProgress != 1 || s.gapWidth != max(c.maxGapWidth, 0)) { return "broken but not fully open" }
    return nil
}

@Suite("Tear: properties over random pointer streams")
struct TearPropertyTests {
    static let streams = 3000

    @Test("whatever the pointer does: progress in 0…1, the gap in 0…maxGapWidth, nothing NaN, the pass on exactly when a tear shows")
    func invariantsHold() {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.streams) {
            let scenario = TearScenario(seed: seed)
            let controller = TearController(configuration: scenario.configuration)
            let size = scenario.viewSize
            func fail(_ what: String, at index: Int) {
                failures.append("seed \(seed), step \(index) (\(index < scenario.steps.count ? scenario.steps[index].description : "settling")): \(what)")
            }
            for (i, step) in scenario.steps.enumerated() {
                let before = controller.state
                switch step {
                case .event(let e):
                    let took = controller.handle(e, viewSize: size)
                    let expected: Bool
                    switch e.phase {
                    case .down: expected = before.ownsPointer || (!before.isBroken && before.isInEdgeZone(e.location, viewSize: size))
                    case .move, .up, .cancel: expected = before.ownsPointer
                    }
                    if took != expected { fail("took the event: \(took), expected \(expected)", at: i) }
                    if !took && controller.state != before { fail("an event it did not take changed it", at: i) }
                case .advance(let dt):
                    controller.advance(by: dt)
                case .setBroken(let b):
                    controller.isBroken = b
                    if controller.isBroken != b { fail("isBroken = \(b) did not stick", at: i) }
                }
                controller.updatePass(viewSize: size)
                if let v = violation(of: controller.state, in: size) { fail(v, at: i) }
                if controller.pass.isEnabled != controller.state.isShowing { fail("pass enabled \(controller.pass.isEnabled)", at: i) }
                if failures.count > 10 { break }
            }
            if failures.count > 10 { break }
        }
        #expect(failures.count == 0, "first: \(failures.prefix(5).joined(separator: "\n"))")
    }

    @Test("once the pointer is up and the animation has settled, the view is whole and idle, or broken and gone")
    func settlesToIdleOrBroken() {
        var failures: [String] = []
        var outcomes = (idle: 0, broken: 0)
        for seed in 0..<UInt64(Self.streams) {
            let scenario = TearScenario(seed: seed)
            var state = TearState(configuration: scenario.configuration)
            for step in scenario.steps {
                switch step {
                case .event(let e): _ = state.handle(e, viewSize: scenario.viewSize)
                case .advance(let dt): state.advance(by: dt)
                case .setBroken(let b): state.setBroken(b, viewSize: scenario.viewSize)
                }
            }
            var rng = SplitMix64(seed: ~seed)
            var frames = 0
            while !state.isSettled && frames < 10_000 {
                state.advance(by: rng.uniform(0.001...0.1))
                frames += 1
            }
            switch state.phase {
            case .idle:
                outcomes.idle += 1
                if state != TearState(configuration: scenario.configuration) { failures.append("seed \(seed): idle but not reset") }
            case .broken:
                outcomes.broken += 1
                if state.fallOpacity != 0 { failures.append("seed \(seed): broken but still visible") }
            default:
                failures.append("seed \(seed): settled as \(state.phase) after \(frames) frames")
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5).joined(separator: "\n"))")
        // The streams must actually exercise both endings, or this test proves nothing.
        #expect(outcomes.idle > Self.streams / 10 && outcomes.broken > Self.streams / 20, "\(outcomes)")
    }

    @Test("every tear that shows completes exactly once: broken, or healed")
    func oneCompletionPerTear() {
        var failures: [String] = []
        var tears = 0
        for seed in 0..<UInt64(Self.streams) {
            let scenario = TearScenario(seed: seed)
            let controller = TearController(configuration: scenario.configuration)
            var completions: [Bool] = []
            var progressReports = 0
            controller.onCompleted = { [unowned controller] broken in
                completions.append(broken)
                if broken != controller.isBroken { failures.append("seed \(seed): completed(\(broken)) while isBroken is \(controller.isBroken)") }
            }
            controller.onProgressChanged = { p in
                progressReports += 1
                if !(0...1).contains(p) { failures.append("seed \(seed): reported progress \(p)") }
            }
            var expected = 0
            for step in scenario.steps {
                let before = controller.state
                switch step {
                case .event(let e): controller.handle(e, viewSize: scenario.viewSize)
                case .advance(let dt): controller.advance(by: dt)
                case .setBroken(let b): controller.isBroken = b
                }
                let after = controller.state
                if before.phase == .armed && after.phase == .tearing { expected += 1 }
                // A break from outside with no tear under way still breaks the view.
                if case .setBroken(true) = step, !before.isBroken, !before.directionLocked { expected += 1 }
            }
            while !controller.state.isSettled { controller.advance(by: 1.0 / 60) }
            tears += expected
            if completions.count != expected {
                failures.append("seed \(seed): \(completions.count) completions for \(expected) tears: \(scenario.steps)")
            }
            if progressReports == 0 && completions.contains(true) { failures.append("seed \(seed): broke without reporting progress") }
        }
        #expect(failures.count == 0, "\(failures.prefix(3).joined(separator: "\n"))")
        #expect(tears > Self.streams / 2, "the streams tear often enough to mean something (\(tears))")
    }

    @Test("the picture does not depend on the frame rate: the same stream stepped finer lands in the same place")
    func frameRateIndependent() {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.streams / 3) {
            let scenario = TearScenario(seed: seed)
            var results: [TearState] = []
            for split in [1, 3, 8] {
                var state = TearState(configuration: scenario.configuration)
                for step in scenario.steps {
                    switch step {
                    case .event(let e): _ = state.handle(e, viewSize: scenario.viewSize)
                    case .advance(let dt): for _ in 0..<split { state.advance(by: dt / Double(split)) }
                    case .setBroken(let b): state.setBroken(b, viewSize: scenario.viewSize)
                    }
                }
                results.append(state)
            }
            let a = results[0]
            for b in results.dropFirst() {
                let tolerance = 1e-6
                let same = a.phase == b.phase
                    && abs(a.tearProgress - b.tearProgress) < tolerance
                    && abs(a.gapWidth - b.gapWidth) < tolerance
                    && (a.fingerPoint - b.fingerPoint).length < tolerance
                    && (a.fallOffset - b.fallOffset).length < tolerance
                    && abs(a.fallRotation - b.fallRotation) < tolerance
                    && abs(a.fallOpacity - b.fallOpacity) < tolerance
                if !same { failures.append("seed \(seed): \(a.phase) \(a.gapWidth) vs \(b.phase) \(b.gapWidth)") }
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5).joined(separator: "\n"))")
    }
}
