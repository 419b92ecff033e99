import CGLFW
import Foundation

/// Sets a GLFW window's title. On X11 it writes the title's properties itself, from the
/// string's own bytes: GLFW's `glfwSetWindowTitle` converts the text for the older properties
/// through Xlib's locale functions, which allocate each time, and the `glint` window changes its
/// title twice a second (the frame rate) in frames that must allocate nothing. Elsewhere (no
/// X11: Wayland) it leaves the work to GLFW. The requests go out with the window's next event
/// poll, which flushes Xlib's buffer (and reads what the server sends back).
enum WindowTitle {
    static func set(_ title: String, of window: OpaquePointer) {
        guard let x11 = X11.shared, let display = x11.display(), case let handle = x11.window(window), handle != 0 else {
            return glfwSetWindowTitle(window, title)
        }
        var text = title
        text.withUTF8 { bytes in
            let count = Int32(bytes.count)
            for property in x11.properties {
                _ = x11.changeProperty(display, handle, property, x11.utf8String, 8, 0, bytes.baseAddress, count)
            }
        }
    }

    /// The Xlib and GLFW-native functions, found in the running process (GLFW links Xlib), and
    /// the atoms of the title's properties; nil where any is missing.
    private struct X11 {
        typealias Display = OpaquePointer
        let display: @convention(c) () -> Display?
        let window: @convention(c) (OpaquePointer?) -> UInt
        let changeProperty: @convention(c) (Display?, UInt, UInt, UInt, Int32, Int32, UnsafePointer<UInt8>?, Int32) -> Int32
        /// WM_NAME, WM_ICON_NAME, _NET_WM_NAME, _NET_WM_ICON_NAME, all written as UTF8_STRING.
        let properties: [UInt]
        let utf8String: UInt

        static let shared: X11? = {
            typealias InternAtom = @convention(c) (Display?, UnsafePointer<CChar>?, Int32) -> UInt
            func find<F>(_ name: String, as type: F.Type) -> F? {
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
                return unsafeBitCast(symbol, to: type)
            }
            guard let display = find("glfwGetX11Display", as: (@convention(c) () -> Display?).self),
                  let window = find("glfwGetX11Window", as: (@convention(c) (OpaquePointer?) -> UInt).self),
                  let change = find("XChangeProperty", as: (@convention(c) (Display?, UInt, UInt, UInt, Int32, Int32, UnsafePointer<UInt8>?, Int32) -> Int32).self),
                  let intern = find("XInternAtom", as: InternAtom.self),
                  let open = display() else { return nil }
            let atoms = ["WM_NAME", "WM_ICON_NAME", "_NET_WM_NAME", "_NET_WM_ICON_NAME", "UTF8_STRING"].map { name in name.withCString { intern(open, $0, 0) } }
            guard !atoms.contains(0) else { return nil }
            return X11(display: display, window: window, changeProperty: change, 
                       properties: Array(atoms.dropLast()), utf8String: atoms[atoms.count - 1])
        }()
    }
}
