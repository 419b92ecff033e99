/// The tear of seed 004 as a plain value: pointer events and elapsed time in, the geometry of
/// the cut (and of a broken view's fall) out.
///
/// A press within `edgeZone` of an edge arms a tear. Nothing shows until the finger has moved
/// `lockDistance` from the press; then the direction locks, a ray cast backwards from the press
/// finds where the line enters the view (`edgePoint`), and from then on the finger is projected
/// onto that line. On release, progress at or above `breakThreshold` breaks the view, which
/// then falls away; anything less closes back to nothing and the state resets.
///
/// The clock is never read here: `advance(by:)` is handed `dt` from outside.
public struct TearState: Equatable, Sendable {
    /// Where a tear is in its life.
    public enum Phase: String, Equatable, Sendable, CaseIterable {
        /// Nothing is happening; the view is whole.
        case idle
        /// A press started in the edge zone; the finger has not yet moved far enough to lock.
        case armed
        /// The direction is locked and the cut follows the finger.
        case tearing
        /// Released short of the threshold: the cut is closing.
        case recovering
        /// Released at or past the threshold (or forced): the view has broken and falls away.
        case broken
    }

    /// An opening narrower than this cannot be seen, so it needs no layer pass (points).
    static let visibleGap = 0.1
    /// A locked line with less room than this left ahead of the finger cannot open (points);
    /// it keeps progress from jumping from 0 to 1 over a sliver.
    static let minimumTearLength = 1.0
    /// Elapsed time within this of an animation's end counts as the end, so frame times that
    /// sum to the duration with rounding still finish it (seconds).
    static let timeTolerance = 1e-9

    /// The behaviour; changes apply from the next event or frame.
    public var configuration: TearConfiguration

    /// Where the tear is in its life.
    public private(set) var phase: Phase = .idle
    /// Whether the press under way belongs to the tear, so its moves and release are the tear's too.
    public private(set) var ownsPointer = false
    /// Where the press that armed the tear went down (points).
    public private(set) var pressPoint: Point = .zero
    /// Where the tear starts: the press until the direction locks, then the point where the
    /// locked line crosses the view's edge (points). The shader's `tearStart`.
    public private(set) var edgePoint: Point = .zero
    /// Where the tear ends: the press until the direction locks, then the finger projected onto
    /// the locked line and clamped to the view (points). The shader's `tearEnd`.
    public private(set) var fingerPoint: Point = .zero
    /// The locked direction of the tear, a unit vector; zero until it locks.
    public private(set) var fixedDirection: Point = .zero
    /// Whether the direction has locked.
    public private(set) var directionLocked = false
    /// The opening at the torn edge (points), 0…`maxGapWidth`. The shader's `maxGap`.
    public private(set) var gapWidth: Double = 0
    /// How far the tear has run, 0…1. The shader's `tearProgress`.
    public private(set) var tearProgress: Double = 0
    /// The finger's distance along the line from `edgePoint` when the direction locked (points):
    /// the baseline progress is measured from, so nothing jumps at the lock.
    public private(set) var lockProjection: Double = 0
    /// The length of the locked line inside the view, from `edgePoint` to the far edge (points).
    public private(set) var maxTrajectoryDistance: Double = 0
    /// How far a broken view has dropped (points, y down).
    public private(set) var fallOffset: Point = .zero
    /// How far a broken view has turned about its centre (radians, positive is clockwise on screen).
    public private(set) var fallRotation: Double = 0
    /// A broken view's opacity, 1 until it starts to fall, 0 once it has fallen away.
    public private(set) var fallOpacity: Double = 1

    /// Progress, opening and distance along the line at the release, which recovery closes from.
    private var releaseProgress: Double = 0
    private var releaseGap: Double = 0
    private var releaseDistance: Double = 0
    /// Seconds since recovery or the fall began.
    private var animationElapsed: Double = 0
    /// +1 or −1: which way a broken view turns as it falls.
    private var fallTurn: Double = 1
    /// The view's size at the press, used if a later event comes with an unusable one.
    private var pressViewSize: Size = .zero

    /// A whole view with the given behaviour.
    public init(configuration: TearConfiguration = TearConfiguration()) {
        self.configuration = configuration
    }

    /// Whether the view has broken. Set it with `setBroken(_:viewSize:)`.
    public var isBroken: Bool { phase == .broken }

    /// Whether the tear needs its layer pass this frame: an opening wide enough to see, a cut
    /// closing, or a broken view. When false the tear costs nothing.
    public var isShowing: Bool {
        switch phase {
        case .idle, .armed: return false
        case .tearing: return gapWidth > Self.visibleGap
        case .recovering, .broken: return true
        }
    }

    /// Whether nothing will change without a new event: idle, or broken with the fall finished.
    public var isSettled: Bool {
        switch phase {
        case .idle: return true
        case .broken: return animationElapsed >= fallDuration - Self.timeTolerance
        case .armed, .tearing, .recovering: return false
        }
    }

    /// Whether `point` is inside the view and within `edgeZone` of one of its edges.
    public func isInEdgeZone(_ point: Point, viewSize: Size) -> Bool {
        guard Self.isUsable(viewSize), point.x.isFinite, point.y.isFinite, viewSize.contains(point) else { return false }
        let zone = max(configuration.edgeZone, 0)
        return point.x <= zone || point.y <= zone
            || viewSize.width - point.x <= zone || viewSize.height - point.y <= zone
    }

    // MARK: Events

    /// Feeds one pointer event; returns whether the tear took it.
    ///
    /// A press in the edge zone is the tear's (unless the view is broken), and so are that
    /// press's moves and release. Any other press, and its moves and release, are not.
    /// A press in the edge zone while a cut is closing ends that recovery and arms a new tear.
    public mutating func handle(_ event: PointerEvent, viewSize: Size) -> Bool {
        let location = event.location
        let isFinite = location.x.isFinite && location.y.isFinite
        switch event.phase {
        case .down:
            // A second press while ours is held stays ours, and changes nothing.
            if ownsPointer { return true }
            guard phase != .broken, isInEdgeZone(location, viewSize: viewSize) else { return false }
            if phase == .recovering { reset() }
            arm(at: location, viewSize: viewSize)
            return true
        case .move:
            guard ownsPointer else { return false }
            if isFinite { drag(to: location, viewSize: viewSize) }
            return true
        case .up:
            guard ownsPointer else { return false }
            if isFinite { drag(to: location, viewSize: viewSize) }
            ownsPointer = false
            release()
            return true
        case .cancel:
            // Taken away, not let go: an open cut closes whatever its progress, nothing breaks.
            guard ownsPointer else { return false }
            ownsPointer = false
            cancelTear()
            return true
        }
    }

    /// Lets `dt` seconds pass: a closing cut closes, a broken view falls. Positions follow
    /// closed-form curves of the elapsed time, so any frame rate lands on the same picture.
    public mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        switch phase {
        case .recovering:
            animationElapsed += dt
            updateRecovery()
        case .broken:
            animationElapsed = min(animationElapsed + dt, fallDuration)
            updateFall()
        case .idle, .armed, .tearing:
            break
        }
    }

    /// Breaks or restores the view from outside (the seed's `isBroken` binding).
    ///
    /// `true` breaks the view at once if it is not broken already: a tear under way runs to the
    /// far edge; with no locked line, the view tears straight across its middle when `viewSize`
    /// is usable, and otherwise falls whole. `false` restores a broken view to idle and does
    /// nothing otherwise.
    public mutating func setBroken(_ broken: Bool, viewSize: Size? = nil) {
        if broken {
            guard phase != .broken else { return }
            if !directionLocked {
                let size = viewSize.flatMap { Self.isUsable($0) ? $0 : nil }
                    ?? (phase == .armed && Self.isUsable(pressViewSize) ? pressViewSize : nil)
                reset(keepingPointer: true)
                if let size { lockDefaultLine(in: size) }
            }
            breakView()
        } else if phase == .broken {
            reset(keepingPointer: true)
        }
    }

    // MARK: Gesture

    private mutating func arm(at location: Point, viewSize: Size) {
        reset()
        phase = .armed
        ownsPointer = true
        pressPoint = location
        edgePoint = location
        fingerPoint = location
        pressViewSize = viewSize
    }

    private mutating func drag(to location: Point, viewSize: Size) {
        if phase == .armed {
            let size = Self.isUsable(viewSize) ? viewSize : pressViewSize
            lockIfFarEnough(finger: location, viewSize: size)
        }
        if phase == .tearing {
            follow(finger: location)
        }
    }

    private mutating func lockIfFarEnough(finger: Point, viewSize: Size) {
        let drag = finger - pressPoint
        let distance = drag.length
        guard distance >= configuration.lockDistance, distance > 0, distance.isFinite,
              let direction = Self.lockedDirection(drag, from: pressPoint, in: viewSize, cut: configuration.cutDirection)
        else { return }
        let (edge, length) = Self.chord(through: pressPoint, along: direction, in: viewSize)
        fixedDirection = direction
        directionLocked = true
        edgePoint = edge
        maxTrajectoryDistance = length
        lockProjection = projection(of: finger)
        phase = .tearing
    }

    /// Projects the finger onto the locked line and derives progress and opening from it.
    private mutating func follow(finger: Point) {
        let distance = projection(of: finger)
        fingerPoint = edgePoint + fixedDirection * distance
        let room = maxTrajectoryDistance - lockProjection
        tearProgress = room >= Self.minimumTearLength ? clamp01((distance - lockProjection) / room) : 0
        gapWidth = openingWidth(at: tearProgress)
    }

    private mutating func cancelTear() {
        if phase == .tearing && gapWidth > Self.visibleGap {
            releaseProgress = tearProgress
            releaseGap = gapWidth
            releaseDistance = (fingerPoint - edgePoint).dot(fixedDirection)
            animationElapsed = 0
            phase = .recovering
        } else if phase == .armed || phase == .tearing {
            reset()
        }
    }

    private mutating func release() {
        switch phase {
        case .armed:
            reset()
        case .tearing:
            if tearProgress >= configuration.breakThreshold {
                breakView()
            } else if gapWidth > Self.visibleGap {
                releaseProgress = tearProgress
                releaseGap = gapWidth
                releaseDistance = (fingerPoint - edgePoint).dot(fixedDirection)
                animationElapsed = 0
                phase = .recovering
            } else {
                // Nothing had opened, so there is nothing to close.
                reset()
            }
        case .idle, .recovering, .broken:
            break
        }
    }

    // MARK: Animation

    private mutating func breakView() {
        phase = .broken
        tearProgress = 1
        gapWidth = max(configuration.maxGapWidth, 0)
        if directionLocked {
            fingerPoint = edgePoint + fixedDirection * maxTrajectoryDistance
            // Clockwise if the tear came in on the left half of the view, anticlockwise on the right.
            fallTurn = edgePoint.x - pressViewSize.width / 2 <= 0 ? 1 : -1
        } else {
            fallTurn = 1
        }
        animationElapsed = 0
        updateFall()
    }

    private mutating func updateRecovery() {
        let duration = seconds(configuration.recoveryDuration)
        guard duration > 0, animationElapsed < duration - Self.timeTolerance else {
            reset(keepingPointer: true)
            return
        }
        // Ease-out cubic: the cut snaps shut quickly and settles gently.
        let remaining = 1 - animationElapsed / duration
        let open = remaining * remaining * remaining
        tearProgress = releaseProgress * open
        gapWidth = releaseGap * open
        fingerPoint = edgePoint + fixedDirection * (releaseDistance * open)
    }

    private mutating func updateFall() {
        let duration = fallDuration
        let s = duration > 0 && animationElapsed < duration - Self.timeTolerance
            ? clamp01(animationElapsed / duration) : 1
        // Constant acceleration from rest: distance and turn grow with the square of time.
        let eased = s * s
        fallOffset = Point(x: 0, y: finiteOrZero(configuration.fallDistance) * eased)
        fallRotation = fallTurn * finiteOrZero(configuration.fallRotation) * eased
        fallOpacity = 1 - s
    }

    /// Back to a whole, idle view. The press in progress stays the tear's if `keepingPointer`.
    private mutating func reset(keepingPointer: Bool = false) {
        let owns = keepingPointer && ownsPointer
        self = TearState(configuration: configuration)
        ownsPointer = owns
    }

    private var fallDuration: Double { seconds(configuration.fallDuration) }

    // MARK: Geometry

    /// The finger's distance along the locked line from `edgePoint`, clamped to the view.
    private func projection(of finger: Point) -> Double {
        let d = (finger - edgePoint).dot(fixedDirection)
        return d.isFinite ? min(max(d, 0), maxTrajectoryDistance) : 0
    }

    private func openingWidth(at progress: Double) -> Double {
        max(configuration.maxGapWidth, 0) * progress
    }

    /// The line down the middle of the view for a break forced with no tear under way.
    private mutating func lockDefaultLine(in size: Size) {
        switch configuration.cutDirection {
        case .any, .vertical:
            edgePoint = Point(x: size.width / 2, y: 0)
            fixedDirection = Point(x: 0, y: 1)
            maxTrajectoryDistance = size.height
        case .horizontal:
            edgePoint = Point(x: 0, y: size.height / 2)
            fixedDirection = Point(x: 1, y: 0)
            maxTrajectoryDistance = size.width
        }
        pressPoint = edgePoint
        fingerPoint = edgePoint
        pressViewSize = size
        directionLocked = true
        lockProjection = 0
    }

    /// The unit direction a drag locks to under `cut`, or nil for a drag of no length.
    /// A vertical or horizontal cut whose drag has no component along it runs into the view
    /// from the nearer edge.
    static func lockedDirection(_ drag: Point, from press: Point, in size: Size, cut: CutDirection) -> Point? {
        switch cut {
        case .any:
            let length = drag.length
            guard length > 0, length.isFinite else { return nil }
            return drag * (1 / length)
        case .vertical:
            let down = drag.y != 0 ? drag.y > 0 : press.y <= size.height / 2
            return Point(x: 0, y: down ? 1 : -1)
        case .horizontal:
            let right = drag.x != 0 ? drag.x > 0 : press.x <= size.width / 2
            return Point(x: right ? 1 : -1, y: 0)
        }
    }

    /// The chord of the view through `point` along the unit vector `direction`: where it enters
    /// (found by casting a ray backwards from `point`) and its length inside the view.
    static func chord(through point: Point, along direction: Point, in size: Size) -> (entry: Point, length: Double) {
        let back = distanceToExit(from: point, along: direction * -1, in: size)
        let ahead = distanceToExit(from: point, along: direction, in: size)
        var entry = point - direction * back
        // Land exactly on the edge, whatever rounding did.
        entry.x = min(max(entry.x, 0), size.width)
        entry.y = min(max(entry.y, 0), size.height)
        return (entry, back + ahead)
    }

    /// How far a ray from `point` along the unit vector `direction` travels before it leaves
    /// the rectangle from the origin to `size` (0 if it is already outside).
    static func distanceToExit(from point: Point, along direction: Point, in size: Size) -> Double {
        var t = Double.infinity
        if direction.x > 0 { t = min(t, (size.width - point.x) / direction.x) }
        if direction.x < 0 { t = min(t, point.x / -direction.x) }
        if direction.y > 0 { t = min(t, (size.height - point.y) / direction.y) }
        if direction.y < 0 { t = min(t, point.y / -direction.y) }
        return t.isFinite ? max(t, 0) : 0
    }

    static func isUsable(_ size: Size) -> Bool {
        size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite
    }
}

private func clamp01(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
private func seconds(_ x: Double) -> Double { x.isNaN ? 0 : max(x, 0) }
private func finiteOrZero(_ x: Double) -> Double { x.isFinite ? x : 0 }
