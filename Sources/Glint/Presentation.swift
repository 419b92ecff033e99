import Foundation
import GlintCore

extension View {
    /// `content` over this view while `isPresented` is true, as SwiftUI's `.sheet`: a panel in
    /// the middle of the view over a dimmed backdrop that takes every click outside the panel;
    /// Escape (or setting `isPresented` to false) dismisses it, and `onDismiss` runs.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        overlay {
            if isPresented.wrappedValue {
                PresentedPanel(fullScreen: false, dismiss: { isPresented.wrappedValue = false; onDismiss?() }, content: content())
            }
        }
    }

    /// A sheet for `item` while it is not nil, as SwiftUI's `.sheet(item:)`: dismissing it sets it to nil.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                          @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        overlay {
            if let value = item.wrappedValue {
                PresentedPanel(fullScreen: false, dismiss: { item.wrappedValue = nil; onDismiss?() }, content: content(value))
                    .id(value.id)
            }
        }
    }

    /// `content` over the whole view while `isPresented` is true, as SwiftUI's
    /// `.fullScreenCover`: on an opaque backdrop; Escape dismisses it.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View {
        overlay {
            if isPresented.wrappedValue {
                PresentedPanel(fullScreen: true, dismiss: { isPresented.wrappedValue = false; onDismiss?() }, content: content())
            }
        }
    }

    /// An alert over this view while `isPresented` is true, as SwiftUI's `.alert(_:isPresented:actions:)`:
    /// `title` over the `actions` (its buttons side by side; "OK" when there are none) in a
    /// panel over a dimmed backdrop. Any of its buttons, or Escape, dismisses it.
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
    }

    /// An alert with `message` under its title, as SwiftUI's `.alert(_:isPresented:actions:message:)`.
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                            @ViewBuilder message: () -> M) -> some View {
        let actions = actions(), message = message(), title = String(title)
        return overlay {
            if isPresented.wrappedValue {
                PresentedPanel(fullScreen: false, dismiss: { isPresented.wrappedValue = false }, content: AlertContent(
                    title: title, message: message, actions: actions, dismiss: { isPresented.wrappedValue = false }))
            }
        }
    }
}

/// What a sheet, cover or alert shows over the view it is on.
struct PresentedPanel<Content: View>: View {
    let fullScreen: Bool
    let dismiss: () -> Void
    let content: Content

    var body: some View {
        ZStack {
            // The backdrop takes every press outside the panel.
            (fullScreen ? PresentationMetrics.panel : PresentationMetrics.dimming)
                .onTapGesture {}
            if fullScreen {
                content.frame(maxWidth: .infinity, maxHeight: .infinity)
            } else {
                content
                    .padding(PresentationMetrics.padding)
                    .frame(minWidth: PresentationMetrics.minimumWidth)
                    .background(PresentationMetrics.panel, in: .rect(cornerRadius: PresentationMetrics.cornerRadius))
                    .onTapGesture {}
                    .padding(PresentationMetrics.margin)
            }
        }
        .onKeyPress(.escape) {
            dismiss()
            return .handled
        }
    }
}

/// An alert's panel: its title, message and buttons, each button dismissing it after its action.
struct AlertContent<Message: View, Actions: View>: View {
    let title: String
    let message: Message
    let actions: Actions
    let dismiss: () -> Void
    var body: Never { fatalError("AlertContent has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        graph.makeChild(VStack(spacing: 12) {
            Text(view.title).font(.headline)
            view.message
            AlertButtons(actions: view.actions, dismiss: view.dismiss)
        }.frame(width: PresentationMetrics.alertWidth))
    }
}

/// An alert's buttons side by side: each dismisses the alert after its own action.
struct AlertButtons<Actions: View>: View {
    let actions: Actions
    let dismiss: () -> Void
    var body: Never { fatalError("AlertButtons has no body") }

    static func _makeView(_ view: Self, into graph: inout ViewGraph) {
        let first = graph.gestures.count
        if Actions.self == EmptyView.self {
            graph.makeChild(Button("OK", action: view.dismiss))
            return
        }
        graph.makeChild(HStack(spacing: 8) { view.actions })
        var k = first
        while k < graph.gestures.count {
            if case .button(let action) = graph.gestures[k].recognizer {
                let dismiss = view.dismiss
                graph.gestures[k].recognizer = .button({ action(); dismiss() })
            }
            k += 1
        }
    }
}

/// The metrics and colours of sheets and alerts.
enum PresentationMetrics {
    static let dimming = Color.black.opacity(0.35)
    static let panel = Color(white: 0.97)
    static let padding: CGFloat = 20
    static let margin: CGFloat = 24
    static let minimumWidth: CGFloat = 200
    static let cornerRadius: CGFloat = 12
    static let alertWidth: CGFloat = 260
}

/// A sidebar beside a detail, as SwiftUI's `NavigationSplitView` drawn on the desktop: the
/// sidebar a fixed width at the leading edge, a hairline, then the detail in the rest (and a
/// middle `content` column between them when given). Pick what the detail shows from the
/// sidebar with a `List(selection:)`.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    let sidebar: Sidebar
    let content: Content
    let detail: Detail

    /// A sidebar and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar()
        content = EmptyView()
        self.detail = detail()
    }

    /// A sidebar, a middle column and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    /// A sidebar and a detail; `columnVisibility` is accepted (every column shows).
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.init(sidebar: sidebar, detail: detail)
    }

    public var body: some View {
        HStack(spacing: 0) {
            sidebar.frame(width: SplitMetrics.sidebarWidth).frame(maxHeight: .infinity)
            NavigationMetrics.separator.frame(width: 1)
            if Content.self != EmptyView.self {
                content.frame(width: SplitMetrics.contentWidth).frame(maxHeight: .infinity)
                NavigationMetrics.separator.frame(width: 1)
            }
            detail.frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

/// Which columns of a split view show, as SwiftUI's `NavigationSplitViewVisibility` (accepted).
public struct NavigationSplitViewVisibility: Equatable, Sendable {
    let name: String
    public static let automatic = NavigationSplitViewVisibility(name: "automatic")
    public static let all = NavigationSplitViewVisibility(name: "all")
    public static let doubleColumn = NavigationSplitViewVisibility(name: "doubleColumn")
    public static let detailOnly = NavigationSplitViewVisibility(name: "detailOnly")
}

/// A split view's column widths, in points.
enum SplitMetrics {
    static let sidebarWidth: CGFloat = 220
    static let contentWidth: CGFloat = 260
}
