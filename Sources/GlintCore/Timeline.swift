/// The one place that advances time and applies pointer events at their exact times: the
/// window, `glint render` and `glint bench` all drive their scenes through it, so the same events
/// give the same state whichever of them shows it.
///
/// Time only moves forward, in steps of at most `maxStep` (springs and the tear integrate over
/// them); an event is applied after advancing exactly to its time.
public struct Timeline: Sendable {
    /// The longest step time is advanced by at once by default: 1/60 s, `glint render`'s step.
    public static let maxStep = 1.0 / 60.0

    /// Seconds since the start.
    public private(set) var now: Double = 0
    /// The longest step time is advanced by at once.
    public var maxStep: Double

    public init(maxStep: Double = Timeline.maxStep) {
        self.maxStep = maxStep
    }

    /// Advances to `time`, applying `events` (sorted by time) whose time is at or before it;
    /// events at or before `now` apply at once. Returns how many events were applied, so a caller
    /// feeding a longer script can continue from there.
    @discardableResult
    public mutating func advance(
        to time: Double,
        applying events: ArraySlice<PointerEvent>,
        advance: (Double) -> Void,
        handle: (PointerEvent) -> Void
    ) -> Int {
        var applied = 0
        var i = events.startIndex
        while i != events.endIndex, events[i].time <= time {
            step(to: events[i].time, advance)
            handle(events[i])
            applied += 1
            i = events.index(after: i)
        }
        step(to: time, advance)
        return applied
    }

    private mutating func step(to time: Double, _ advance: (Double) -> Void) {
        while now < time {
            let h = min(maxStep, time - now)
            advance(h)
            now += h
            if time - now < 1e-12 { now = time }
        }
    }
}

/// Something that can take the pointer: a control, the tear, an effect's press-and-hold.
public protocol PointerResponder: AnyObject {
    /// Offered a press (a `.down` event): takes it, and returns true, or leaves it to the next.
    func begin(_ press: PointerEvent, viewSize: Size) -> Bool
    /// A later event of a press this responder took: moves, then `.up` or `.cancel`.
    func track(_ event: PointerEvent, viewSize: Size)
}

/// Who owns the pointer: an ordered list of responders (controls, then the tear, then the
/// effect); the first to take a press owns it until it is released or cancelled.
public struct Responders {
    public var list: [any PointerResponder]
    private var owner: (any PointerResponder)?
    private var lastLocation = Point.zero

    public init(_ list: [any PointerResponder] = []) {
        self.list = list
    }

    /// The responder that owns the current press, if any.
    public var current: (any PointerResponder)? { owner }

    public mutating func handle(_ event: PointerEvent, viewSize: Size) {
        lastLocation = event.location
        switch event.phase {
        case .down:
            guard owner == nil else { return }  // a second button while one is held
            for responder in list where responder.begin(event, viewSize: viewSize) {
                owner = responder
                return
            }
        case .move:
            owner?.track(event, viewSize: viewSize)
        case .up, .cancel:
            owner?.track(event, viewSize: viewSize)
            owner = nil
        }
    }

    /// Takes the press away from whoever owns it (the effect under it is being switched).
    public mutating func cancel(at time: Double, viewSize: Size = .zero) {
        owner?.track(PointerEvent(.cancel, lastLocation, at: time), viewSize: viewSize)
        owner = nil
    }
}
