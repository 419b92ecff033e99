import Foundation
import GlintCore

/// Seed 004's tear as its package writes it: a `ViewModifier` whose body lays the content out in
/// a `GeometryReader` and lets a drag in from the content's edge tear it (edge start, direction
/// lock, projection, a break past 90 %, recovery below). `TearController` is the seed's gesture
/// state machine and its layer effect; the host that shows the view (a `Window`, or your own loop
/// over a `ResolvedView`) advances it and routes the pointer to it.
///
/// ```swift
/// Card().tearable()                 // a tear of its own
/// Card().tearable(tear)             // one you keep, to read `tear.isBroken` or set its configuration
/// ```
public struct TearModifier: ViewModifier {
    /// The tear given, if any.
    private let given: TearController?
    /// The modifier's own tear when none was given, made on first use and kept by the view's identity.
    @State private var owned: TearController? = nil

    /// A tear of its own (the seed's configuration), living as long as the view.
    public init() {
        given = nil
    }

    /// The tear `tear`, kept by the caller.
    public init(_ tear: TearController) {
        given = tear
    }

    /// The tear drawn: the one given, else the modifier's own.
    private var tear: TearController {
        if let given { return given }
        if let owned { return owned }
        let made = TearController()
        owned = made
        return made
    }

    public func body(content: Content) -> some View {
        let tear = self.tear
        GeometryReader { proxy in
            content
                .frame(width: proxy.size.width, height: proxy.size.height)
                .tearable(tear)
        }
    }
}

extension View {
    /// Lets a drag in from the view's edge tear it (seed 004), with a tear of its own:
    /// `modifier(TearModifier())`. `tearable(_:)` takes a `TearController` you keep.
    public func tearable() -> ModifiedContent<Self, TearModifier> {
        modifier(TearModifier())
    }
}
