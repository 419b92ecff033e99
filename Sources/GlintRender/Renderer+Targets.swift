@preconcurrency import CEpoxy
import Foundation
import GlintCore

/// Render targets and layers: the offscreen layers a chain draws through, clears, image textures.
extension Renderer {
    /// The offscreen layers, sized on the first frame that has a layer or distortion pass
    /// enabled and reused (resized when the view is) by every later one; shrunk back to one
    /// pixel when no frame has needed them for `textureLifetime` frames.
    func prepareOffscreen(width: Int, height: Int) throws(RenderError) {
        offscreenLastUsed = frameNumber
        if offscreen.isEmpty {
            offscreen = [
                try RenderTarget(pixelWidth: width, pixelHeight: height),
                try RenderTarget(pixelWidth: width, pixelHeight: height),
            ]
        }
        try offscreen[0].resize(pixelWidth: width, pixelHeight: height)
        try offscreen[1].resize(pixelWidth: width, pixelHeight: height)
    }


    /// The pixels of offscreen storage held now (for tests: one a target until a layer or
    /// distortion pass is enabled).
    public var offscreenPixels: Int { Self.pixels(of: offscreen) + Self.pixels(of: reduced) }

    /// (Not over `offscreen + reduced`: the eviction check runs every frame, and joining the arrays
    /// would allocate.)
    static func pixels(of targets: [RenderTarget]) -> Int {
        targets.reduce(0) { $0 + $1.framebuffer.pixelWidth * $1.framebuffer.pixelHeight }
    }

    func clear(to color: Color) {
        if let composeTarget {
            // Composing over what a view tree drew before: the target keeps it.
            var bound: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &bound)
            if GLuint(bound) == composeTarget { return }
        }
        let (r, g, b, a) = color.premultiplied
        recorder?.recordClear((r, g, b, a))
        epoxy_glClearColor(r, g, b, a)
        epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The texture holding `image`, uploaded on first use; `argument` of `pass` takes it (for
    /// the message when the image is too large to upload, see `onOversizedImage`).
    func texture(for image: Image, argument: Int, of pass: EffectPass) throws(RenderError) -> GLuint {
        if pass.tool != nil, let picture = toolPicture(pass, image) { return picture }
        if !layerTextures.isEmpty, let layer = layerTextures[image.identity] { return layer }
        if let entry = imageTextures[image.identity] {
            if entry.lastUsed != frameNumber { imageTextures[image.identity] = (entry.texture, frameNumber) }
            return entry.texture
        }
        var uploaded = image
        // An image that stands for a layer no one handed over holds no pixels: it reads transparent.
        if image.pixels.count != image.width * image.height * 4 { uploaded = .clear }
        if image.width > maxImageSide || image.height > maxImageSide {
            let owner = image.label ?? (argument < pass.names.count ? "\(pass.function).\(pass.names[argument])" : pass.function)
            let error = RenderError.image("cannot draw the image for \(owner): the image is \(image.width)×\(image.height); at most \(maxImageSide) pixels a side in this OpenGL (its GL_MAX_TEXTURE_SIZE)")
            guard let onOversizedImage else { throw error }
            onOversizedImage(error)
            uploaded = .placeholder
        }
        // With every mipmap level, so that a sampler the file declares with `mip=` finds them.
        let t = Textures.upload(uploaded, levels: true)
        imageTextures[image.identity] = (t, frameNumber)
        return t
    }

    /// Deletes the image textures no frame used for `textureLifetime` frames: images made afresh
    /// every frame (new identities) do not pile up.
    func evictTextures() {
        evictTools()
        let now = frameNumber
        if now - offscreenLastUsed > Self.textureLifetime && offscreenPixels > offscreen.count + reduced.count {
            for target in offscreen { try? target.resize(pixelWidth: 1, pixelHeight: 1) }
            for target in reduced { try? target.resize(pixelWidth: 1, pixelHeight: 1) }
        }
        guard imageTextures.contains(where: { now - $0.value.lastUsed > Self.textureLifetime }) else { return }
        // One at a time, never while iterating: removing during a loop over the dictionary would
        // copy its storage (an allocation in a frame).
        while let stale = imageTextures.first(where: { now - $0.value.lastUsed > Self.textureLifetime }) {
            var t = stale.value.texture
            epoxy_glDeleteTextures(1, &t)
            imageTextures.removeValue(forKey: stale.key)
        }
    }

    /// How many image textures are held now (for tests of eviction).
    public var imageTextureCount: Int { imageTextures.count }
}

extension Image {
    /// One transparent pixel.
    static let clear = Image(width: 1, height: 1, pixels: [0, 0, 0, 0])

    /// What shows for an image that cannot be read or drawn: 2 × 2 squares of magenta and
    /// black, 8 pixels each, so it reads as a placeholder at any size.
    public static let placeholder: Image = {
        let side = 16 // pixels
        let square = 8 // pixels
        let magenta: [UInt8] = [255, 0, 255, 255], black: [UInt8] = [0, 0, 0, 255]
        var px: [UInt8] = []
        px.reserveCapacity(side * side * 4)
        for y in 0..<side {
            for x in 0..<side { px += (x / square + y / square) % 2 == 0 ? magenta : black }
        }
        return Image(width: side, height: side, pixels: px)
    }()
}

/// Uploading images as textures.
enum Textures {
    /// Makes the bound single-channel texture read as (c, c, c, c): coverage as premultiplied white.
    static func coverageSwizzle() {
        for parameter in [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_RED)
        }
    }

    /// Makes the bound single-channel texture read as (c, c, c, 1): an opaque grey image.
    static func greySwizzle() {
        for parameter in [GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G, GL_TEXTURE_SWIZZLE_B] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), GL_RED)
        }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_A), GL_ONE)
    }

    /// A texture with linear filtering, rows from the top stored top-first (sample with v = 0 at
    /// the top). `mipmaps` filters through them; `levels` only makes them, for a sampler object that
    /// may choose to. RGBA8, or for an opaque grey image (a noise texture) its one channel, read as
    /// (c, c, c, 1): the same values filtered the same way, a quarter of the bytes to fetch.
    static func upload(_ image: Image, mipmaps: Bool = false, levels: Bool = false) -> GLuint {
        var t: GLuint = 0
        epoxy_glGenTextures(1, &t)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), t)
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        // GL takes the red of each RGBA pixel for a one-channel texture.
        let grey = isOpaqueGrey(image)
        image.pixels.withUnsafeBufferPointer {
            epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, grey ? GL_R8 : GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        if grey { greySwizzle() }
        if mipmaps || levels { epoxy_glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return t
    }

    /// Whether every pixel of `image` is opaque with equal red, green and blue.
    static func isOpaqueGrey(_ image: Image) -> Bool {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else { return false }
        return image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                if p[i + 3] != 255 || p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
                i += 4
            }
            return true
        }
    }
}
