/// The one place that advances time and applies pointer events at their exact times: the
/// library's `FrameDriver` moves it for every host (the window, `glint render` and `glint bench`),
/// so the same events give the same state whichever of them shows it.
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
