@preconcurrency import CEpoxy

/// An OpenGL 3.3 core context with no window and no display server: EGL on Mesa's surfaceless
/// platform. Draw into a `RenderTarget`; there is no default framebuffer.
///
/// Each instance owns its context, current on the thread that made it. Everything drawn with it
/// keeps it alive (see `GLContext`), so it is destroyed only after the last GL object made in it.
/// The EGL display is one per process and is never terminated: `eglTerminate` is not
/// reference-counted, so ending it with one context would pull it from under another thread's.
public final class HeadlessContext: GLContext {
    private let display: EGLDisplay
    private let context: EGLContext

    /// Creates the context and makes it current on this thread.
    public init() throws(RenderError) {
        guard epoxy_has_egl_extension(nil, "EGL_MESA_platform_surfaceless") else {
            throw .headless("EGL has no surfaceless platform (EGL_MESA_platform_surfaceless); install Mesa's EGL (libegl-mesa0)")
        }
        guard let dpy = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil),
              dpy != EGLDisplay(bitPattern: 0) else {
            throw .headless("no EGL display on the surfaceless platform")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard epoxy_eglInitialize(dpy, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw .headless("eglInitialize failed (EGL error 0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw .headless("this EGL cannot bind desktop OpenGL")
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        // EGL_NO_CONFIG_KHR: a context for framebuffer objects only, with no surface.
        guard let ctx = epoxy_eglCreateContext(dpy, nil, nil, attributes), ctx != EGLContext(bitPattern: 0) else {
            let error = epoxy_eglGetError()
            if error == EGLint(EGL_BAD_MATCH) || error == EGLint(EGL_BAD_CONFIG) {
                throw .unsupportedGL(version: Self.defaultContextVersion(dpy) ?? "no OpenGL 3.3 core context (EGL error 0x\(String(error, radix: 16)))")
            }
            throw .headless("eglCreateContext failed (EGL error 0x\(String(error, radix: 16)))")
        }
        // A window's context current on this thread must be released first (see GLContext.makeCurrent).
        GLContext.releaseCurrent()
        guard epoxy_eglMakeCurrent(dpy, nil, nil, ctx) == EGLBoolean(EGL_TRUE) else {
            _ = epoxy_eglDestroyContext(dpy, ctx)
            throw .headless("eglMakeCurrent failed (EGL error 0x\(String(epoxy_eglGetError(), radix: 16)))")
        }
        do {
            try GL.requireVersion33()
        } catch {
            _ = epoxy_eglMakeCurrent(dpy, nil, nil, nil)
            _ = epoxy_eglDestroyContext(dpy, ctx)
            throw error
        }
        display = dpy
        context = ctx
        super.init(kind: "EGL surfaceless")
        noteCurrent()
    }

    /// The version of the context EGL makes when asked for none: what the driver offers, for the
    /// message when 3.3 core is refused.
    private static func defaultContextVersion(_ dpy: EGLDisplay) -> String? {
        guard let ctx = epoxy_eglCreateContext(dpy, nil, nil, nil), ctx != EGLContext(bitPattern: 0) else { return nil }
        defer { _ = epoxy_eglDestroyContext(dpy, ctx) }
        guard epoxy_eglMakeCurrent(dpy, nil, nil, ctx) == EGLBoolean(EGL_TRUE) else { return nil }
        defer { _ = epoxy_eglMakeCurrent(dpy, nil, nil, nil) }
        return GL.versionString
    }

    /// The driver's GL_VERSION and GL_RENDERER.
    public var description: String {
        makeCurrent()
        return "\(GL.versionString) on \(GL.rendererString)"
    }

    override public func activate() -> Bool {
        epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE)
    }

    override public func deactivate() {
        if epoxy_eglGetCurrentContext() == context { _ = epoxy_eglMakeCurrent(display, nil, nil, nil) }
    }

    deinit {
        if epoxy_eglGetCurrentContext() == context { _ = epoxy_eglMakeCurrent(display, nil, nil, nil) }
        _ = epoxy_eglDestroyContext(display, context)
    }
}
