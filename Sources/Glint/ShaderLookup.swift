import Foundation
import GlintCore
import GlintRender

// Where `ShaderLibrary` finds a function: the app's own resources for the default library, a
// bundle's resources, and the names a library defines for "did you mean".

/// The app's own resources on Linux, what SwiftUI calls the main bundle: the resource bundle of
/// the executable's own target. SwiftPM copies a target's resources into a
/// `<Package>_<Target>.resources` folder beside the binary it builds, and an executable target's
/// binary is named after the target, so the executable `/opt/app/bin/mirror` has its own
/// resources in `/opt/app/bin/<Package>_mirror.resources` (what its `Bundle.module` is).
///
/// The bundles of other targets and packages built into the same folder (`.build/debug` holds
/// every one of a package) are not the app's and are never searched. The folder beside the
/// executable is listed once per process, not walked.
enum MainBundle {
    /// The app's resource folders (one, unless two packages have a target of the executable's
    /// name), found the first time they are asked for.
    static let resourceFolders: [String] = resourceFolders(besideExecutable: executablePath())

    /// The running executable, its links resolved: the folder its resources were copied beside.
    static func executablePath() -> String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    }

    /// The folders `<Package>_<name>.resources` beside `executable`, `name` being its file name.
    static func resourceFolders(besideExecutable executable: String?) -> [String] {
        guard let executable else { return [] }
        let folder = (executable as NSString).deletingLastPathComponent
        let suffix = "_" + (executable as NSString).lastPathComponent + resourceBundleExtension
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return entries.filter { $0.hasSuffix(suffix) }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
            .filter(LibraryNames.isFolder)
    }

    /// What SwiftPM names a target's resource bundle with on Linux.
    static let resourceBundleExtension = ".resources"
}

/// The functions the app's own resources define (`MainBundle`), for `ShaderLibrary.default`:
/// found once, each kept as the library to draw it from.
enum MainBundleShaders {
    /// One function the app defines.
    final class Entry: @unchecked Sendable {
        /// The library to draw it from: the file defining it, or the bundle folder when two of its
        /// files do (the renderer then names both).
        let library: ShaderLibrary
        /// The file that defines it, for the note below.
        let file: String
        /// Whether Glint has a built-in function of the same name, which this one hides.
        let hidesBuiltIn: Bool
        /// Whether the note that it hides the built-in one was written (under `lock`).
        private var noted = false
        private let lock = NSLock()

        init(library: ShaderLibrary, file: String, hidesBuiltIn: Bool) {
            self.library = library
            self.file = file
            self.hidesBuiltIn = hidesBuiltIn
        }

        /// Says once on stderr that the default library's `name` is the app's, not Glint's.
        func noteHidingOnce(_ name: String) {
            lock.lock()
            let first = !noted
            noted = true
            lock.unlock()
            guard first else { return }
            FileHandle.standardError.write(Data("glint: ShaderLibrary.default.\(name) is the app's own, from \(file), in place of Glint's built-in '\(name)' (ShaderLibrary.builtIn.\(name) is Glint's)\n".utf8))
        }
    }

    /// The app's functions by name, and every name it defines.
    struct Index {
        var functions: [String: Entry] = [:]
        var names: [String] = []

        /// The functions the shader files in `folders` define. A name any shader file in
        /// `overrideDirectory` (`GLINT_SHADERS`) defines is left to the built-in library, which
        /// reads that folder first.
        init(folders: [String], overrideDirectory: String?, builtIns: Set<String>) {
            var definers: [String: [(folder: String, file: String)]] = [:]
            for folder in folders {
                for (file, defined) in LibraryNames.files(in: folder) {
                    for name in defined { definers[name, default: []].append((folder, file)) }
                }
            }
            names = definers.keys.sorted()
            let overridden = Set(LibraryNames.overrideFunctions(overrideDirectory))
            for (name, found) in definers {
                if overridden.contains(name) { continue }
                let library = found.count == 1 ? ShaderLibrary(url: URL(fileURLWithPath: found[0].file))
                                               : ShaderLibrary(url: URL(fileURLWithPath: found[0].folder))
                functions[name] = Entry(library: library, file: found[0].file, hidesBuiltIn: builtIns.contains(name))
            }
        }
    }

    /// The app's functions, found the first time the default library is asked for one.
    static let index = Index(folders: MainBundle.resourceFolders, overrideDirectory: ShaderSources().overrideDirectory,
                             builtIns: Set(LibraryNames.builtInFunctions))

    /// The library the default library draws `name` from when the app defines it; nil for
    /// Glint's. A dictionary lookup: no allocation, no file read.
    static func library(defining name: String) -> ShaderLibrary? {
        guard let entry = index.functions[name] else { return nil }
        if entry.hidesBuiltIn { entry.noteHidingOnce(name) }
        return entry.library
    }
}

/// The library of each bundle asked for (`ShaderLibrary.bundle(_:)`), kept with the bundle so
/// its identity is never reused.
enum BundleLibraries {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var libraries: [ObjectIdentifier: (bundle: Bundle, library: ShaderLibrary)] = [:]

    static func library(of bundle: Bundle) -> ShaderLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let known = libraries[ObjectIdentifier(bundle)] { return known.library }
        let library = ShaderLibrary(url: bundle.resourceURL ?? bundle.bundleURL)
        libraries[ObjectIdentifier(bundle)] = (bundle, library)
        return library
    }
}

/// The names of the functions shader files define: what a library offers for "did you mean".
enum LibraryNames {
    /// The most shader files read from one folder (as many as the renderer searches).
    static let maxFiles = 1000
    /// The most entries (files and folders) looked at under one resource folder: a bundle made
    /// of a huge folder is searched in part, never walked whole.
    static let maxEntriesWalked = 10_000
    /// The extensions of shader files a folder library holds.
    static let shaderExtensions = [".metal", ".glsl", ".frag"]

    /// Whether anything (even a broken link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a folder (links followed).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The functions built into Glint: its `Shaders/` files' `<function>.frag` and `.metal`.
    static var builtInFunctions: [String] {
        ShaderSources.builtInNames.compactMap(functionName)
    }

    /// The functions of the override folder (`GLINT_SHADERS`): those its `<function>.frag` and
    /// `.metal` files are named for, and every function any of its shader files defines, as the
    /// built-in library finds them there (`ShaderSources.overrideFile(defining:)`).
    static func overrideFunctions(_ folder: String?) -> [String] {
        guard let folder, isFolder(folder) else { return [] }
        let named = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap(functionName)
        return Array(Set(named + defined(inLibrary: folder))).sorted()
    }

    /// `wave` for `wave.frag` or `wave.metal`; nil for other files.
    private static func functionName(_ file: String) -> String? {
        for ext in [".frag", ".metal"] where file.hasSuffix(ext) && file.count > ext.count {
            return String(file.dropLast(ext.count))
        }
        return nil
    }

    /// The shader files under `folder` (subfolders too, at most `maxFiles`), sorted, each with
    /// the functions it defines.
    static func files(in folder: String) -> [(file: String, names: [String])] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(file: String, names: [String])] = []
        var walked = 0
        while let relative = walker.nextObject() as? String, found.count < maxFiles, walked < maxEntriesWalked {
            walked += 1
            guard shaderExtensions.contains(where: relative.hasSuffix) else { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            found.append((path, defined(by: path)))
        }
        return found.sorted { $0.file < $1.file }
    }

    /// The functions the shader file at `path` defines (a Metal file's as translated; one that
    /// cannot be translated or read defines none here, and says why when it is drawn).
    static func defined(by path: String) -> [String] {
        guard let text = (try? ShaderFile.read(path)) ?? nil else { return [] }
        guard MetalTranslator.isMetal(path) else { return ShaderSignature.definedFunctions(in: text) }
        // Translated without the helpers it calls (`metal_fmod`, …): those are Glint's, not the file's.
        var helpers: Set<String> = []
        return ShaderSignature.definedFunctions(in: (try? MetalTranslator.translate(text, helpers: &helpers)) ?? text)
    }

    /// Every function a library at `path` defines: a file's, or those of every file in a folder.
    static func defined(inLibrary path: String) -> [String] {
        guard isFolder(path) else { return defined(by: path) }
        return Array(Set(files(in: path).flatMap(\.names))).sorted()
    }
}

/// "Did you mean": a function a library does not define, reported with the closest name it does.
enum ShaderLookup {
    /// `error` as drawing `view` throws it: a function missing from its library is named with
    /// the closest one the library defines. Any other error is returned as it is.
    static func explained(_ error: RenderError, drawing view: ResolvedView) -> RenderError {
        guard case .missingShader = error else { return error }
        for graph in view.graphs {
            if let pass = [graph.content].first(where: { matches(error, $0) }) ?? graph.effects.first(where: { matches(error, $0) }) {
                return explained(error, pass: pass)
            }
        }
        return error
    }

    /// `error`, thrown for `pass`, with the closest name when it is the pass's function missing,
    /// and, for the app's own library, the `.metal` files its target holds but did not declare
    /// as resources (`UnhandledShaders`): `executable` and its `resourceFolders` are the app's.
    static func explained(_ error: RenderError, pass: EffectPass, executable: String? = MainBundle.executablePath(),
                          resourceFolders: [String] = MainBundle.resourceFolders) -> RenderError {
        guard case let .missingShader(_, searched) = error, matches(error, pass) else { return error }
        let function = pass.function
        var place = searched
        let candidates: [String]
        if let library = pass.library {
            guard LibraryNames.exists(library) else {
                return .arguments("shader function '\(function)' not found: the shader library \(library) does not exist")
            }
            candidates = LibraryNames.defined(inLibrary: library)
        } else {
            let app = MainBundleShaders.index
            if !resourceFolders.isEmpty {
                place = "the app's " + resourceFolders.joined(separator: " and ") + ", then " + searched
            }
            candidates = Array(Set(app.names + LibraryNames.builtInFunctions + LibraryNames.overrideFunctions(ShaderSources().overrideDirectory))).sorted()
        }
        let message = "shader function '\(function)' not found (looked in \(place))"
        // The app's .metal files SwiftPM left out of its resources: the reason, where one defines it.
        let isAppsOwn = pass.library.map { resourceFolders.contains($0) } ?? true
        let unhandled = isAppsOwn ? UnhandledShaders.hint(for: function, executable: executable, resourceFolders: resourceFolders) : nil
        if let unhandled, unhandled.defines { return .arguments(message + "; " + unhandled.text) }
        let leftOut = unhandled.map { "; " + $0.text } ?? ""
        // The name itself is never the guess: were the search to have missed a definition the
        // names list, suggesting it would only confuse.
        if let guess = ShaderSignature.closest(to: function, in: candidates.filter { $0 != function }) {
            return .arguments(message + "; did you mean '\(guess)'?" + leftOut)
        }
        guard pass.library != nil else { return .arguments(message + leftOut) }
        let shown = candidates.prefix(namesListed).joined(separator: ", ")
        let more = candidates.count > namesListed ? " and \(candidates.count - namesListed) more" : ""
        return .arguments(message + (candidates.isEmpty ? "; it defines no functions" : "; it defines \(shown)\(more)") + leftOut)
    }

    /// The most names a message lists.
    static let namesListed = 12

    /// Whether `error` is `pass`'s function missing from its library (the renderer names the
    /// file it looked for, `<function>.frag`, and where it looked).
    private static func matches(_ error: RenderError, _ pass: EffectPass) -> Bool {
        guard case let .missingShader(name, searched) = error, name == pass.function + ".frag" else { return false }
        guard let library = pass.library else { return searched.hasSuffix("the built-in Shaders/") }
        return searched == library
    }
}
