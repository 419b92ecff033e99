/// The tear over a view (seed 004): owns a `TearState`, drives the `tear` layer pass and reports
/// what happened through the seed's callbacks.
///
/// Per frame: `handle` each pointer event (a `false` return means the event belongs to whatever
/// is below the tear), `advance(by:)`, then `updatePass(viewSize:)`. The pass is enabled only
/// while a tear shows, so a whole view costs nothing.
public final class TearController {
    /// The program's name, `Shaders/tear.frag`.
    public static let shaderFunction = "tear"

    /// The tear's state.
    public private(set) var state: TearState

    /// The behaviour; changes apply from the next event or frame. The pass's `maxSampleOffset`
    /// was fixed from the configuration at `init`.
    public var configuration: TearConfiguration {
        get { state.configuration }
        set { state.configuration = newValue }
    }

    /// The layer pass over the view. Its arguments are the shader's uniforms; it is disabled
    /// whenever no tear shows.
    public let pass: ShaderEffect

    /// Called whenever the tear's progress (0…1) changes: while dragging, while a cut closes,
    /// and when it breaks or resets.
    public var onProgressChanged: ((Double) -> Void)?

    /// Called once per tear that showed: `true` when the view broke (on release past the
    /// threshold, or forced through `isBroken`), `false` when the cut has closed again.
    public var onCompleted: ((Bool) -> Void)?

    /// Whether the view is broken. Setting `true` breaks it now (once); setting `false`
    /// restores a broken view to whole.
    public var isBroken: Bool {
        get { state.isBroken }
        set {
            let size = lastViewSize
            mutate { $0.setBroken(newValue, viewSize: size) }
        }
    }

    /// Whether the tear's pass has anything to draw this frame.
    public var isShowing: Bool { state.isShowing }

    /// The last view size seen, for breaks forced from outside.
    private var lastViewSize: Size = .zero

    private let tearStartIndex: Int
    private let tearEndIndex: Int
    private let tearProgressIndex: Int
    private let maxGapIndex: Int
    private let edgeRoughnessIndex: Int
    private let viewSizeIndex: Int
    private let fallOffsetIndex: Int
    private let fallRotationIndex: Int
    private let fallOpacityIndex: Int

    /// A whole view whose tears behave as `configuration` says.
    public init(configuration: TearConfiguration = TearConfiguration()) {
        state = TearState(configuration: configuration)
        // A pixel samples at most half the opening away from itself.
        let reach = max(configuration.maxGapWidth, 0) / 2
        pass = ShaderEffect(
            function: Self.shaderFunction,
            kind: .layer(maxSampleOffset: Size(width: reach, height: reach)),
            // By position, in the order of `tear(…)` in tear.frag (the seed's, then the fall's).
            positional: [.float2(0, 0), .float2(0, 0), .float(0), .float(0), .float(Float(max(configuration.edgeRoughness, 0))),
                         .float2(0, 0), .float2(0, 0), .float(0), .float(1)],
            names: ["tearStart", "tearEnd", "tearProgress", "maxGap", "edgeRoughness", "viewSize", "fallOffset", "fallRotation", "fallOpacity"]
        )
        pass.isEnabled = false
        tearStartIndex = pass.index(of: "tearStart")!
        tearEndIndex = pass.index(of: "tearEnd")!
        tearProgressIndex = pass.index(of: "tearProgress")!
        maxGapIndex = pass.index(of: "maxGap")!
        edgeRoughnessIndex = pass.index(of: "edgeRoughness")!
        viewSizeIndex = pass.index(of: "viewSize")!
        fallOffsetIndex = pass.index(of: "fallOffset")!
        fallRotationIndex = pass.index(of: "fallRotation")!
        fallOpacityIndex = pass.index(of: "fallOpacity")!
    }

    /// Feeds one pointer event; returns whether the tear took it (a press in the edge zone and
    /// its moves and release). Events it does not take belong to the effect below.
    @discardableResult
    public func handle(_ event: PointerEvent, viewSize: Size) -> Bool {
        lastViewSize = viewSize
        return mutate { $0.handle(event, viewSize: viewSize) }
    }

    /// Lets `dt` seconds pass: a closing cut closes, a broken view falls.
    public func advance(by dt: Double) {
        mutate { $0.advance(by: dt) }
    }

    /// Writes this frame's uniforms into `pass` and enables it only if a tear shows.
    /// Does not allocate; unchanged arguments are left alone so nothing is uploaded again.
    public func updatePass(viewSize: Size) {
        lastViewSize = viewSize
        let u = state.uniforms(viewSize: viewSize)
        set(tearStartIndex, .float2(Float(u.tearStart.x), Float(u.tearStart.y)))
        set(tearEndIndex, .float2(Float(u.tearEnd.x), Float(u.tearEnd.y)))
        set(tearProgressIndex, .float(Float(u.tearProgress)))
        set(maxGapIndex, .float(Float(u.maxGap)))
        set(edgeRoughnessIndex, .float(Float(u.edgeRoughness)))
        set(viewSizeIndex, .float2(Float(u.viewSize.width), Float(u.viewSize.height)))
        set(fallOffsetIndex, .float2(Float(u.fallOffset.x), Float(u.fallOffset.y)))
        set(fallRotationIndex, .float(Float(u.fallRotation)))
        set(fallOpacityIndex, .float(Float(u.fallOpacity)))
        pass.isEnabled = state.isShowing
    }

    /// The values the shader received in the last `updatePass`, keyed by the seed's names
    /// (then the fall's), plus whether the view is broken; for `--state`.
    public func stateSnapshot() -> [(String, StateValue)] {
        let v = pass.argumentValues
        return [
            ("tearStart", v[tearStartIndex].stateValue),
            ("tearEnd", v[tearEndIndex].stateValue),
            ("tearProgress", v[tearProgressIndex].stateValue),
            ("maxGap", v[maxGapIndex].stateValue),
            ("edgeRoughness", v[edgeRoughnessIndex].stateValue),
            ("viewSize", v[viewSizeIndex].stateValue),
            ("broken", .bool(state.isBroken)),
            ("fallOffset", v[fallOffsetIndex].stateValue),
            ("fallRotation", v[fallRotationIndex].stateValue),
            ("fallOpacity", v[fallOpacityIndex].stateValue),
        ]
    }

    private func set(_ index: Int, _ value: ShaderArgument) {
        if pass.argumentValues[index] != value { pass.set(index, value) }
    }

    /// Runs `change` on the state, then reports what it did: progress first, then completion.
    private func mutate<Result>(_ change: (inout TearState) -> Result) -> Result {
        let phaseBefore = state.phase
        let progressBefore = state.tearProgress
        let result = change(&state)
        let phaseAfter = state.phase
        if state.tearProgress != progressBefore {
            onProgressChanged?(state.tearProgress)
        }
        if phaseAfter == .broken && phaseBefore != .broken {
            onCompleted?(true)
        } else if (phaseBefore == .tearing || phaseBefore == .recovering)
            && (phaseAfter == .idle || phaseAfter == .armed) {
            // The cut closed, or a new press ended its closing early: either way the view is whole.
            onCompleted?(false)
        }
        return result
    }
}

extension TearController: PointerResponder {
    /// Takes a press in the edge zone (unless the view is broken).
    public func begin(_ press: PointerEvent, viewSize: Size) -> Bool {
        handle(press, viewSize: viewSize)
    }

    public func track(_ event: PointerEvent, viewSize: Size) {
        handle(event, viewSize: viewSize)
    }
}
