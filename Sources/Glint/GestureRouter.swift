import Foundation
import GlintCore

/// Who owns the pointer in a view tree, and what each press means to its owner: the frontmost
/// view under a press that has a gesture (or a stateful effect or tear that takes it) owns it
/// until it is released; a view that goes away meanwhile has its press cancelled.
final class GestureRouter {
    /// The store slot of a gesture's progress.
    static let progressSlot = 3
    /// How far a tap may move and still be a tap, in points.
    static let tapSlop = 10.0
    /// The most time between the taps of a double tap, in seconds.
    static let multiTapInterval = 0.35

    private enum Owner {
        case gesture(UInt64)
        case responder(any PointerResponder, Rect)
        /// A `ScrollView`'s background, dragged.
        case scroll(StateBox<ScrollPosition>)
        /// A `ScrollView`'s scroll bar thumb, dragged: content points per thumb point.
        case scrollBar(StateBox<ScrollPosition>, perPoint: Double)
    }

    private var owner: Owner?
    /// The wheel gesture in progress (its identity), apart from the press: it ends
    /// `wheelGestureEnd` seconds after its last notch.
    private var wheelOwner: UInt64?
    /// How long after the last notch a wheel gesture ends, in seconds.
    static let wheelGestureEnd = 0.25
    /// The simultaneous gestures following the press beside its owner.
    private var companions: [UInt64] = []

    /// Whether a press is owned now (for tests).
    var isTracking: Bool { owner != nil }

    /// After a frame is made: a press whose owner is no longer shown is cancelled.
    func frameBuilt(_ resolved: ResolvedView) {
        switch owner {
        case .gesture(let identity):
            if gestureIndex(identity, in: resolved) == nil {
                owner = nil
                // The view is gone: its progress went with it.
            }
        case .responder(let responder, let rect):
            if !resolved.hits.contains(where: { entry in
                switch entry.target {
                case .responder(let r): return r === responder
                case .effect(let e): return resolved.responder(for: e) === responder
                case .gesture, .scroll, .scrollBar: return false
                }
            }) {
                responder.track(PointerEvent(.cancel, .zero, at: resolved.tree.time), viewSize: rect.size)
                owner = nil
            }
        case .scroll(let position), .scrollBar(let position, _):
            if !resolved.hits.contains(where: { entry in
                if case .scroll(let p) = entry.target { return p === position }
                return false
            }) {
                owner = nil
            }
        case nil:
            break
        }
    }

    func handle(_ event: PointerEvent, in resolved: ResolvedView) {
        switch event.phase {
        case .down:
            guard owner == nil else { return }  // a second button while one is held
            // A press anywhere leaves the text field that had the focus; one on a field gives it back.
            resolved.store.focusedField = nil
            // A click that opens nothing closes the open menu (at its release: see below).
            resolved.store.menuOpenAtPress = resolved.store.openMenu
            // Gestures beside the owner (`.simultaneousGesture`) under the press hear it too.
            companions.removeAll(keepingCapacity: true)
            var k = resolved.hits.count - 1
            while k >= 0 {
                let entry = resolved.hits[k]
                k -= 1
                guard entry.takes(event.location), case .gesture(let index) = entry.target,
                      resolved.tree.gestures[index].priority == .simultaneous else { continue }
                companions.append(resolved.tree.gestures[index].identity)
                begin(resolved.tree.gestures[index], rect: entry.rect, entry.local(event), resolved)
            }
            // A high-priority gesture under the press takes it before the views it holds.
            var h = 0
            while h < resolved.hits.count {
                let entry = resolved.hits[h]
                h += 1
                guard entry.takes(event.location), case .gesture(let index) = entry.target,
                      resolved.tree.gestures[index].priority == .high else { continue }
                owner = .gesture(resolved.tree.gestures[index].identity)
                begin(resolved.tree.gestures[index], rect: entry.rect, entry.local(event), resolved)
                return
            }
            var i = resolved.hits.count - 1
            while i >= 0 {
                let entry = resolved.hits[i]
                i -= 1
                guard entry.takes(event.location) else { continue }
                switch entry.target {
                case .gesture(let index):
                    let handler = resolved.tree.gestures[index]
                    if handler.priority == .simultaneous { continue }
                    owner = .gesture(handler.identity)
                    begin(handler, rect: entry.rect, entry.local(event), resolved)
                    return
                case .responder(let responder):
                    if offer(event, to: responder, rect: entry.rect) { return }
                case .effect(let effect):
                    if let responder = resolved.responder(for: effect), offer(event, to: responder, rect: entry.rect) { return }
                case .scroll(let position):
                    owner = .scroll(position)
                    position.value.dragStart = (y: position.value.isHorizontal ? event.location.x : event.location.y, offset: position.value.offset)
                    return
                case .scrollBar(let position, let frame):
                    position.value.pressBar(at: event.location.y, in: frame)
                    owner = .scrollBar(position, perPoint: position.value.offsetPerThumbPoint(in: frame))
                    return
                }
            }
        case .move, .up, .cancel:
            var c = 0
            while c < companions.count {
                if let (index, rect) = gestureIndex(companions[c], in: resolved) {
                    track(resolved.tree.gestures[index], rect: rect, resolved.localEvent(event, gesture: index), resolved)
                }
                c += 1
            }
            if event.phase != .move { companions.removeAll(keepingCapacity: true) }
            switch owner {
            case .gesture(let identity):
                if let (index, rect) = gestureIndex(identity, in: resolved) {
                    track(resolved.tree.gestures[index], rect: rect, resolved.localEvent(event, gesture: index), resolved)
                }
            case .responder(let responder, let rect):
                var local = event
                local.location = event.location - rect.origin
                responder.track(local, viewSize: rect.size)
            case .scroll(let position):
                // The content follows the pointer; a cancelled drag leaves it where it was dragged.
                let along = position.value.isHorizontal ? event.location.x : event.location.y
                if event.phase != .cancel { position.value.scroll(to: position.value.dragStart.offset - (along - position.value.dragStart.y)) }
            case .scrollBar(let position, let perPoint):
                // The thumb follows the pointer: the content moves the other way, in proportion.
                if event.phase != .cancel { position.value.scroll(to: position.value.dragStart.offset + (event.location.y - position.value.dragStart.y) * perPoint) }
            case nil:
                break
            }
            if event.phase != .move {
                owner = nil
                // Released: a menu still open as at the press was clicked outside it: it closes.
                if resolved.store.openMenu == resolved.store.menuOpenAtPress { resolved.store.openMenu = nil }
                resolved.store.menuOpenAtPress = nil
            }
        }
    }

    /// Long presses fire once held long enough.
    func advance(to time: Double, in resolved: ResolvedView) {
        if let wheelOwner {
            if let (index, rect) = gestureIndex(wheelOwner, in: resolved) {
                if time - progress(wheelOwner, resolved).value.lastTime >= Self.wheelGestureEnd {
                    endWheel(resolved.tree.gestures[index], rect: rect, resolved)
                }
            } else {
                self.wheelOwner = nil  // its view is gone
            }
        }
        guard case .gesture(let identity) = owner, let (index, _) = gestureIndex(identity, in: resolved) else { return }
        let handler = resolved.tree.gestures[index]
        guard case .longPress(let minimum, _, let perform, _) = handler.recognizer else { return }
        let box = progress(handler.identity, resolved)
        if box.value.isTracking && !box.value.hasFired && time - box.value.startTime >= minimum {
            box.value.hasFired = true
            perform?()
        }
    }

    /// A turn of the wheel with Control (and Shift) held: to the frontmost magnify (rotate)
    /// gesture under the pointer. Returns whether one took it.
    func wheel(_ event: ScrollEvent, in resolved: ResolvedView) -> Bool {
        guard event.control, event.dy.isFinite, event.time.isFinite else { return false }
        var i = resolved.hits.count - 1
        while i >= 0 {
            let entry = resolved.hits[i]
            i -= 1
            guard entry.takes(event.location), case .gesture(let index) = entry.target,
                  case .wheel(let kind) = resolved.tree.gestures[index].recognizer, kind.takes(event) else { continue }
            let handler = resolved.tree.gestures[index]
            if let wheelOwner, wheelOwner != handler.identity, let (other, rect) = gestureIndex(wheelOwner, in: resolved) {
                endWheel(resolved.tree.gestures[other], rect: rect, resolved)
            }
            let box = progress(handler.identity, resolved)
            let location = entry.toLocal?.apply(event.location) ?? event.location
            if wheelOwner != handler.identity {
                box.value = GestureProgress()
                box.value.isTracking = true
                box.value.start = location
                box.value.startTime = event.time
                box.value.lastTime = event.time
                wheelOwner = handler.identity
            }
            let step = WheelGestureKind.amount(ofNotches: event.dy, kind)
            let dt = event.time - box.value.lastTime
            box.value.wheelAmount += step
            box.value.wheelRate = dt > 0 ? step / dt : box.value.wheelRate
            box.value.lastTime = event.time
            box.value.last = location
            switch kind {
            case .magnify(let gesture):
                if !box.value.isActive && abs(exp(box.value.wheelAmount) - 1) >= Double(gesture.minimumScaleDelta) { box.value.isActive = true }
                if box.value.isActive { gesture.callbacks.changed?(magnifyValue(box.value, entry.rect, resolved, at: event.time)) }
            case .rotate(let gesture):
                if !box.value.isActive && abs(box.value.wheelAmount) >= gesture.minimumAngleDelta.degrees { box.value.isActive = true }
                if box.value.isActive { gesture.callbacks.changed?(rotateValue(box.value, entry.rect, resolved, at: event.time)) }
            }
            return true
        }
        return false
    }

    /// Ends the wheel gesture in progress: its `onEnded` (when it began) and `@GestureState`s back.
    private func endWheel(_ handler: GestureHandler, rect: Rect, _ resolved: ResolvedView) {
        wheelOwner = nil
        guard case .wheel(let kind) = handler.recognizer else { return }
        let box = progress(handler.identity, resolved)
        box.value.isTracking = false
        let time = box.value.lastTime
        switch kind {
        case .magnify(let gesture):
            if box.value.isActive { gesture.callbacks.ended?(magnifyValue(box.value, rect, resolved, at: time)) }
            gesture.callbacks.finished?()
        case .rotate(let gesture):
            if box.value.isActive { gesture.callbacks.ended?(rotateValue(box.value, rect, resolved, at: time)) }
            gesture.callbacks.finished?()
        }
    }

    private func magnifyValue(_ p: GestureProgress, _ rect: Rect, _ resolved: ResolvedView, at time: Double) -> MagnifyGesture.Value {
        let scale = exp(p.wheelAmount)
        return MagnifyGesture.Value(time: resolved.tree.date.addingTimeInterval(time - resolved.tree.time),
                                    magnification: scale, velocity: p.wheelRate * scale,
                                    startAnchor: anchor(p.start, rect), startLocation: CGPoint(x: p.start.x - rect.minX, y: p.start.y - rect.minY))
    }

    private func rotateValue(_ p: GestureProgress, _ rect: Rect, _ resolved: ResolvedView, at time: Double) -> RotateGesture.Value {
        RotateGesture.Value(time: resolved.tree.date.addingTimeInterval(time - resolved.tree.time),
                            rotation: .degrees(p.wheelAmount), velocity: .degrees(p.wheelRate),
                            startAnchor: anchor(p.start, rect), startLocation: CGPoint(x: p.start.x - rect.minX, y: p.start.y - rect.minY))
    }

    private func anchor(_ p: Point, _ rect: Rect) -> UnitPoint {
        UnitPoint(x: rect.width > 0 ? (p.x - rect.minX) / rect.width : 0.5, y: rect.height > 0 ? (p.y - rect.minY) / rect.height : 0.5)
    }

    private func offer(_ event: PointerEvent, to responder: any PointerResponder, rect: Rect) -> Bool {
        var local = event
        local.location = event.location - rect.origin
        guard responder.begin(local, viewSize: rect.size) else { return false }
        owner = .responder(responder, rect)
        return true
    }

    private func gestureIndex(_ identity: UInt64, in resolved: ResolvedView) -> (Int, Rect)? {
        var i = 0
        while i < resolved.hits.count {
            if case .gesture(let index) = resolved.hits[i].target, resolved.tree.gestures[index].identity == identity {
                return (index, resolved.hits[i].rect)
            }
            i += 1
        }
        return nil
    }

    private func progress(_ identity: UInt64, _ resolved: ResolvedView) -> StateBox<GestureProgress> {
        resolved.store.extra(identity, slot: Self.progressSlot, initial: GestureProgress())
    }

    private func begin(_ handler: GestureHandler, rect: Rect, _ event: PointerEvent, _ resolved: ResolvedView) {
        let box = progress(handler.identity, resolved)
        let taps = box.value.taps, lastTap = box.value.lastTapTime
        box.value = GestureProgress()
        box.value.isTracking = true
        box.value.start = event.location
        box.value.last = event.location
        box.value.startTime = event.time
        box.value.lastTime = event.time
        box.value.taps = event.time - lastTap <= Self.multiTapInterval ? taps : 0
        box.value.lastTapTime = lastTap
        switch handler.recognizer {
        case .drag(let drag):
            if drag.minimumDistance <= 0 {
                box.value.isActive = true
                drag.changed?(value(drag, box.value, event, rect, resolved))
            }
        case .longPress(_, _, _, let pressing):
            pressing?(true)
        case .slider(let binding, let bounds, let step, let editing):
            editing?(true)
            // A press on the knob grabs it where it is (the value stays; a drag keeps the offset
            // between the press and the knob's centre); elsewhere on the track the knob jumps there.
            let knob = knobCentre(binding.wrappedValue, bounds, rect: rect, knob: handler.knob)
            if abs(event.location.x - knob) <= handler.knob / 2 {
                box.value.grabOffset = event.location.x - knob
            } else {
                setSlider(binding, bounds, step, x: event.location.x, rect: rect, knob: handler.knob)
            }
        case .pad(let x, let y, let xBounds, let yBounds):
            setPad(x, y, xBounds, yBounds, at: event.location, rect: rect, knob: handler.knob)
        case .textField(let identity):
            resolved.store.focusedField = identity
            resolved.placeCaret(inField: identity, atX: event.location.x - rect.minX, extending: false)
        case .tap, .spatialTap, .button, .toggle, .wheel:
            break
        }
    }

    private func track(_ handler: GestureHandler, rect: Rect, _ event: PointerEvent, _ resolved: ResolvedView) {
        let box = progress(handler.identity, resolved)
        guard box.value.isTracking else { return }
        let dt = event.time - box.value.lastTime
        if dt > 0 {
            box.value.velocity = CGSize(width: (event.location.x - box.value.last.x) / dt, height: (event.location.y - box.value.last.y) / dt)
        }
        box.value.last = event.location
        box.value.lastTime = event.time
        let moved = (event.location - box.value.start).length
        let ends = event.phase == .up || event.phase == .cancel
        if ends { box.value.isTracking = false }
        let cancelled = event.phase == .cancel
        switch handler.recognizer {
        case .drag(let drag):
            // A press released or taken away: `@GestureState`s it updated go back (after onEnded).
            defer { if ends { drag.finished?() } }
            if !box.value.isActive && moved >= Double(drag.minimumDistance) && !cancelled { box.value.isActive = true }
            guard box.value.isActive, !cancelled else { return }
            let v = value(drag, box.value, event, rect, resolved)
            if event.phase == .up { drag.ended?(v) } else { drag.changed?(v) }
        case .tap(let count, let action):
            guard event.phase == .up, moved < Self.tapSlop, rect.contains(event.location) else { return }
            box.value.taps += 1
            box.value.lastTapTime = event.time
            if box.value.taps >= count {
                box.value.taps = 0
                action?()
            }
        case .spatialTap(let count, let space, let action):
            guard event.phase == .up, moved < Self.tapSlop, rect.contains(event.location) else { return }
            box.value.taps += 1
            box.value.lastTapTime = event.time
            if box.value.taps >= count {
                box.value.taps = 0
                let origin = space == .local ? rect.origin : .zero
                action?(SpatialTapGesture.Value(location: CGPoint(x: event.location.x - origin.x, y: event.location.y - origin.y)))
            }
        case .longPress(_, let maximum, _, let pressing):
            if ends || moved > maximum {
                if box.value.isTracking || ends { pressing?(false) }
                box.value.isTracking = false
            }
        case .slider(let binding, let bounds, let step, let editing):
            if !cancelled && (event.location.x != box.value.start.x || box.value.grabOffset == 0) {
                setSlider(binding, bounds, step, x: event.location.x - box.value.grabOffset, rect: rect, knob: handler.knob)
            }
            if ends { editing?(false) }
        case .button(let action):
            if event.phase == .up && rect.contains(event.location) { action() }
        case .toggle(let binding):
            if event.phase == .up && rect.contains(event.location) { binding.wrappedValue.toggle() }
        case .pad(let x, let y, let xBounds, let yBounds):
            if !cancelled { setPad(x, y, xBounds, yBounds, at: event.location, rect: rect, knob: handler.knob) }
        case .wheel:
            break
        case .textField(let identity):
            // A drag selects from where the press put the caret.
            if !cancelled && moved > 0 { resolved.placeCaret(inField: identity, atX: event.location.x - rect.minX, extending: true) }
        }
    }

    /// The drag's value in its coordinate space.
    private func value(_ drag: DragGesture, _ progress: GestureProgress, _ event: PointerEvent, _ rect: Rect, _ resolved: ResolvedView) -> DragGesture.Value {
        let origin = drag.coordinateSpace == .local ? rect.origin : .zero
        let date = resolved.tree.date.addingTimeInterval(event.time - resolved.tree.time)
        return DragGesture.Value(time: date,
                                 location: CGPoint(x: event.location.x - origin.x, y: event.location.y - origin.y),
                                 startLocation: CGPoint(x: progress.start.x - origin.x, y: progress.start.y - origin.y),
                                 velocity: progress.velocity)
    }

    /// Where the knob of a slider at `rect` showing `value` has its centre (x, points).
    private func knobCentre(_ value: Double, _ bounds: ClosedRange<Double>, rect: Rect, knob: Double) -> Double {
        let inset = knob / 2
        let travel = max(1, rect.width - 2 * inset)
        let span = bounds.upperBound - bounds.lowerBound
        let fraction = span > 0 && value.isFinite ? min(max((value - bounds.lowerBound) / span, 0), 1) : 0
        return rect.minX + inset + fraction * travel
    }

    /// Sets a pad's values from where the pointer is on it (the knob's centre stays half a knob
    /// in from every edge): x across, y down.
    private func setPad(_ x: Binding<Double>, _ y: Binding<Double>, _ xBounds: ClosedRange<Double>, _ yBounds: ClosedRange<Double>,
                        at location: Point, rect: Rect, knob: Double) {
        let inset = knob / 2
        func value(_ along: Double, _ from: Double, _ length: Double, _ bounds: ClosedRange<Double>) -> Double {
            let t = min(max((along - from - inset) / max(1, length - 2 * inset), 0), 1)
            return bounds.lowerBound + t * (bounds.upperBound - bounds.lowerBound)
        }
        let vx = value(location.x, rect.minX, rect.width, xBounds), vy = value(location.y, rect.minY, rect.height, yBounds)
        if x.wrappedValue != vx { x.wrappedValue = vx }
        if y.wrappedValue != vy { y.wrappedValue = vy }
    }

    /// Sets a slider's value from where the pointer is along its track (the knob's centre
    /// travels between half a knob in from each end).
    private func setSlider(_ binding: Binding<Double>, _ bounds: ClosedRange<Double>, _ step: Double?, x: Double, rect: Rect, knob: Double) {
        let inset = knob / 2
        let travel = max(1, rect.width - 2 * inset)
        let fraction = min(max((x - rect.minX - inset) / travel, 0), 1)
        var value = bounds.lowerBound + fraction * (bounds.upperBound - bounds.lowerBound)
        if let step, step > 0 {
            value = bounds.lowerBound + ((value - bounds.lowerBound) / step).rounded() * step
            value = min(max(value, bounds.lowerBound), bounds.upperBound)
        }
        if binding.wrappedValue != value { binding.wrappedValue = value }
    }
}

extension Point {
    /// The distance from the origin.
    var length: Double { (x * x + y * y).squareRoot() }
}
