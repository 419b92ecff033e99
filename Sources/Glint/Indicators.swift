import Foundation
import GlintCore

/// A value stepped up and down by two buttons, as SwiftUI's `Stepper`: the label, then − and +.
/// A step past the bounds stops at them; a button that cannot step is dimmed.
public struct Stepper<Label: View>: View {
    let label: Label
    let increment: (() -> Void)?
    let decrement: (() -> Void)?

    /// A stepper running `onIncrement` and `onDecrement`.
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.label = label()
        increment = onIncrement
        decrement = onDecrement
    }

    /// A stepper of `value` by `step` within `bounds`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.label = label()
        increment = value.wrappedValue < bounds.upperBound ? { value.wrappedValue = min(value.wrappedValue.advanced(by: step), bounds.upperBound) } : nil
        decrement = value.wrappedValue > bounds.lowerBound ? { value.wrappedValue = max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) } : nil
    }

    /// A stepper of `value` by `step`, unbounded.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.label = label()
        increment = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
        decrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
    }

    public var body: some View {
        HStack(spacing: 8) {
            label
            Spacer(minLength: 0)
            HStack(spacing: 1) {
                Button("−") { decrement?() }.disabled(decrement == nil)
                    .frame(width: 30, height: 24)
                    .background(Rectangle().fill(Color.gray.opacity(0.3)))
                Button("+") { increment?() }.disabled(increment == nil)
                    .frame(width: 30, height: 24)
                    .background(Rectangle().fill(Color.gray.opacity(0.3)))
            }
            .buttonStyle(.plain)
            .clipShape(RoundedRectangle(cornerRadius: 6))
        }
    }
}

extension Stepper where Label == Text {
    /// A stepper titled `title` of `value` by `step` within `bounds`.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    /// A stepper titled `title` of `value` by `step`.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(title) }
    }

    /// A stepper titled `title` running `onIncrement` and `onDecrement`.
    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

/// Progress, as SwiftUI's `ProgressView`: with a value, a bar filled to `value / total` in the tint
/// (`.progressViewStyle(.circular)`: a ring); without, a spinner turning with the host's clock.
public struct ProgressView<Label: View>: View {
    let fraction: Double?
    let label: Label?

    public var body: Never { fatalError("ProgressView has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let tint = graph.environment.tint ?? .accentColor
        let circular = graph.progressCircular || view.fraction == nil
        let turn = graph.time.truncatingRemainder(dividingBy: 1)
        graph.makeChild(VStack(alignment: circular ? .center : .leading, spacing: 6) {
            if let label = view.label { label }
            if let fraction = view.fraction {
                if circular {
                    ZStack {
                        Circle().stroke(Color.gray.opacity(0.3), lineWidth: 4)
                        Circle().trim(from: 0, to: fraction).stroke(tint, style: StrokeStyle(lineWidth: 4, lineCap: .round))
                    }
                    .frame(width: 28, height: 28)
                } else {
                    ZStack(alignment: .leading) {
                        Capsule().fill(Color.gray.opacity(0.3))
                        GeometryReader { proxy in
                            Capsule().fill(tint).frame(width: proxy.size.width * fraction)
                        }
                    }
                    .frame(height: 4)
                }
            } else {
                // A quarter arc, turning once a second.
                Circle().trim(from: turn, to: turn + 0.3).stroke(Color.gray, style: StrokeStyle(lineWidth: 3, lineCap: .round))
                    .frame(width: 20, height: 20)
            }
        })
    }
}

extension ProgressView where Label == Text {
    /// A spinner.
    public init() {
        fraction = nil
        label = nil
    }

    /// A bar at `value` of `total` (clamped to 0…1; a value that is not a number shows none).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        fraction = value.map { Self.clamped(Double($0), Double(total)) }
        label = nil
    }

    /// A bar at `value` of `total`, titled `title`.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        fraction = value.map { Self.clamped(Double($0), Double(total)) }
        label = Text(title)
    }

    /// A spinner titled `title`.
    public init<S: StringProtocol>(_ title: S) {
        fraction = nil
        label = Text(title)
    }

    static func clamped(_ value: Double, _ total: Double) -> Double {
        guard value.isFinite, total.isFinite, total > 0 else { return 0 }
        return min(max(value / total, 0), 1)
    }
}

/// A value within a range shown as a bar, as SwiftUI's `Gauge` (its linear style).
public struct Gauge<Label: View>: View {
    let fraction: Double
    let label: Label

    /// A gauge of `value` within `bounds`, labelled `label`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        fraction = span > 0 && value.isFinite ? min(max(Double(value - bounds.lowerBound) / span, 0), 1) : 0
        self.label = label()
    }

    public var body: some View {
        ProgressView<Label>(fraction: fraction, label: label)
    }
}

/// How progress views look: `.linear` or `.circular`, as SwiftUI's `ProgressViewStyle`.
public protocol ProgressViewStyle {
    var _isCircular: Bool { get }
}

public struct LinearProgressViewStyle: ProgressViewStyle { public init() {}; public var _isCircular: Bool { false } }
public struct CircularProgressViewStyle: ProgressViewStyle { public init() {}; public var _isCircular: Bool { true } }
public struct DefaultProgressViewStyle: ProgressViewStyle { public init() {}; public var _isCircular: Bool { false } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { .init() } }

/// Sets the style of progress views inside.
public struct _ProgressStyleModifier: ViewModifier {
    let circular: Bool
    public typealias Body = Never

    public static func _makeModifier<C: View>(_ modifier: Self, content: C, into graph: inout ViewGraph) {
        let saved = graph.progressCircular
        graph.progressCircular = modifier.circular
        graph.makeChild(content)
        graph.progressCircular = saved
    }
}

extension View {
    /// How the progress views inside look.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> ModifiedContent<Self, _ProgressStyleModifier> {
        modifier(_ProgressStyleModifier(circular: style._isCircular))
    }
}

/// A thin line between views, as SwiftUI's `Divider`: across a `VStack` (and outside stacks), up
/// and down in an `HStack`.
public struct Divider: View {
    public init() {}

    public var body: Never { fatalError("Divider has no body") }

    public static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let line = Rectangle().fill(Color.gray.opacity(0.5))
        if graph.enclosingStackAxis == .horizontal {
            graph.makeChild(line.frame(width: 1).frame(maxHeight: .infinity))
        } else {
            graph.makeChild(line.frame(height: 1).frame(maxWidth: .infinity))
        }
    }
}

extension ViewGraph {
    /// The axis of the stack the view being made is in (through groups and modifiers), if any.
    var enclosingStackAxis: Axis? {
        var node = current
        while node >= 0 {
            if case .stack(let axis, _, _) = nodes[node].kind { return axis }
            node = nodes[node].parent
        }
        return nil
    }
}
