import Foundation
@testable import Glint
import GlintRender
import GlintTestSupport
import Testing

/// The library's images as a SwiftUI developer names them: `Image("tree")` whose asset is a
/// JPEG, among a bundle's resources or the app's own; a path to a JPEG, or to an image named
/// for the other format; a JPEG that lies about its size, refused as a PNG that lies is.
@Suite("Library images in JPEG", .removesTemporaryFiles)
struct JPEGAssetTests {
    /// 8 × 6 pixels: orange over the top half, teal over the bottom (flat: JPEG keeps them).
    static let width = 8, height = 6
    static let orange: [UInt8] = [240, 140, 20], teal: [UInt8] = [20, 150, 150]
    static let pixels: [UInt8] = (0..<height).flatMap { y in (0..<width).flatMap { _ in (y < height / 2 ? orange : teal) + [255] } }

    /// Whether `pixel` is within JPEG's error of `colour`.
    static func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ colour: [UInt8]) -> Bool {
        zip([pixel.red, pixel.green, pixel.blue], colour).allSatisfy { abs(Int($0) - Int($1)) <= 12 } && pixel.alpha == 255
    }

    /// `image` drawn at its own size.
    static func render(_ image: Image) throws -> RenderedImage {
        let renderer = ImageRenderer(content: image)
        renderer.proposedSize = nil
        return try renderer.render()
    }

    /// Checks that `drawn` is the picture: its size, orange at the top, teal at the bottom.
    static func expectPicture(_ drawn: RenderedImage, _ what: String) {
        #expect(drawn.width == width && drawn.height == height, "\(what): \(drawn.width)x\(drawn.height)")
        #expect(near(drawn.pixel(x: 2, y: 0), orange) && near(drawn.pixel(x: 5, y: height - 1), teal),
                "\(what): \(drawn.pixel(x: 2, y: 0)) at the top, \(drawn.pixel(x: 5, y: height - 1)) at the bottom")
    }

    @Test("Image(\"tree\", bundle:) draws tree.jpg (or .jpeg, in a subfolder too) when the bundle has no tree.png; a .png of the name comes first")
    func bundleJPEG() throws {
        let folder = try TemporaryFiles.folder("glint-jpeg-bundle")
        let jpeg = Data(try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.pixels))
        try jpeg.write(to: URL(fileURLWithPath: folder + "/tree.jpg"))
        try FileManager.default.createDirectory(atPath: folder + "/Photos", withIntermediateDirectories: true)
        try jpeg.write(to: URL(fileURLWithPath: folder + "/Photos/lake.jpeg"))
        let bundle = try #require(Bundle(path: folder))
        for name in ["tree", "tree.jpg", "lake"] {
            Self.expectPicture(try Self.render(Image(name, bundle: bundle)), name)
        }
        // Both: the PNG, as before (a 1 × 1 one here).
        try PNG.write(folder + "/both.png", width: 1, height: 1, rgba: [0, 0, 0, 255])
        try jpeg.write(to: URL(fileURLWithPath: folder + "/both.jpg"))
        let both = try Self.render(Image("both", bundle: bundle))
        #expect(both.width == 1 && both.height == 1)
    }

    @Test("the app's own resources: Image(\"tree\") finds tree.jpg and tree.jpeg as it finds tree.png")
    func appResources() throws {
        let folder = try TemporaryFiles.folder("glint-jpeg-app")
        try FileManager.default.createDirectory(atPath: folder + "/Assets", withIntermediateDirectories: true)
        for file in ["tree.jpg", "Assets/rock.JPEG", "Assets/sky.png", "notes.txt"] {
            try #require(FileManager.default.createFile(atPath: folder + "/" + file, contents: Data([0])), "made \(file)")
        }
        let files = ImageCache.imageFiles(in: [folder])
        #expect(Set(files.keys) == ["tree.jpg", "rock.JPEG", "sky.png"], "\(files.keys.sorted())")
        #expect(ImageCache.path(ofImage: "tree", among: files) == folder + "/tree.jpg")
        #expect(ImageCache.path(ofImage: "sky", among: files) == folder + "/Assets/sky.png")
        #expect(ImageCache.path(ofImage: "rock.JPEG", among: files) == folder + "/Assets/rock.JPEG")
        #expect(ImageCache.path(ofImage: "notes", among: files) == nil)
    }

    @Test("a path to a JPEG, a PNG named .jpg and a JPEG named .png all draw, by their content")
    func pathsByContent() throws {
        let folder = try TemporaryFiles.folder("glint-jpeg-path")
        let jpeg = Data(try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.pixels))
        try jpeg.write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        try jpeg.write(to: URL(fileURLWithPath: folder + "/jpeg.png"))
        try PNG.write(folder + "/png.jpg", width: Self.width, height: Self.height, rgba: Self.pixels)
        for name in ["photo.jpg", "jpeg.png", "png.jpg"] {
            Self.expectPicture(try Self.render(Image(folder + "/" + name)), name)
            Self.expectPicture(try Self.render(try Image(contentsOf: URL(fileURLWithPath: folder + "/" + name))), "contentsOf " + name)
        }
    }

    @Test("a JPEG declaring 65535 × 65535 is refused with its size: Image(contentsOf:) throws, Image(path) shows the placeholder and reports it")
    func bomb() throws {
        let photo = try MadeJPEG.encode(width: Self.width, height: Self.height, rgba: Self.pixels)
        let path = TemporaryFiles.file("glint-bomb", extension: "jpg")
        try Data(try MadeJPEG.declaring(width: 65535, height: 65535, photo)).write(to: URL(fileURLWithPath: path))
        let message = "cannot read image '\(path)': the image is 65535×65535; at most 16384 pixels a side"
        #expect(throws: RenderError.image(message)) { try Image(contentsOf: URL(fileURLWithPath: path)) }
        let named = Image(path)
        #expect(named.width == 16 && named.height == 16, "the placeholder")
        var resolved = ResolvedView()
        resolved.update(named, in: CGSize(width: 20, height: 20), scale: 1)
        #expect(resolved.errors.map(\.description) == [message])
        // Cut short: named, not drawn.
        let cut = TemporaryFiles.file("glint-cut", extension: "jpg")
        try Data(photo.prefix(photo.count - 10)).write(to: URL(fileURLWithPath: cut))
        #expect(throws: RenderError.image("cannot read image '\(cut)': the JPEG is truncated: it ends inside its image data")) {
            try Image(contentsOf: URL(fileURLWithPath: cut))
        }
    }
}
