import Foundation
import GlintCore

/// How a folder of shader files is searched for a function, one rule wherever a folder holds
/// functions: a `ShaderLibrary(url:)` of a folder, a bundle's resources, and the override folder
/// (`--shaders`, `GLINT_SHADERS`, an effect file's folder). Every `.metal`, `.glsl` and `.frag`
/// file in it counts, subfolders too, whatever its name; a function is defined where its name
/// follows a return type and its parameters are followed by a body, on one line or several.
extension ShaderSources {
    /// The most shader files a folder's search reads.
    static let maxLibraryFiles = 1000
    /// The most entries (files and folders) a folder's search looks at: a huge folder (an effect
    /// file in a home folder) is searched in part, never walked whole.
    static let maxEntriesWalked = 10_000

    /// The shader files (`.metal`, `.glsl`, `.frag`) under the folder `library`, subfolders too,
    /// sorted, that define `function`: as SwiftUI's library holds every function of the app's
    /// shaders, whatever file defines it.
    static func definers(of function: String, in library: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: library) else { return [] }
        var found: [String] = []
        var seen = 0
        var walked = 0
        while let relative = walker.nextObject() as? String, seen < maxLibraryFiles, walked < maxEntriesWalked {
            walked += 1
            guard relative.hasSuffix(".metal") || relative.hasSuffix(".glsl") || relative.hasSuffix(".frag") else { continue }
            seen += 1
            // Named as the user named the folder: `my.frag` in `.`, not `./my.frag`.
            let path = library == "." ? relative : library.hasSuffix("/") ? library + relative : library + "/" + relative
            guard let text = try? ShaderFile.read(path), defines(function, in: text) else { continue }
            found.append(path)
        }
        return found.sorted()
    }

    /// The file of the override folder that defines `function`: `<function>.frag` or `.metal`
    /// there (anything of that name: reading it refuses what is not a regular file), else the one
    /// shader file of the folder that defines it, as a folder library finds it; nil where none
    /// does. Two files defining it are refused naming both.
    func overrideFile(defining function: String) throws(RenderError) -> String? {
        guard let dir = overrideDirectory else { return nil }
        if let named = liveFile(named: function + ".frag") ?? liveFile(named: function + ".metal") { return named }
        let found = Self.definers(of: function, in: dir)
        if found.count > 1 {
            throw .arguments("the shader folder \(dir) defines '\(function)' in both \(found[0]) and \(found[1]): rename one")
        }
        return found.first
    }

    /// Words that come before a name and `(` without making it a function's definition.
    private static let notReturnTypes: Set<String> = ["return", "else", "case", "define", "new", "delete", "throw", "sizeof",
                                                      "typedef", "goto", "do", "using", "namespace", "operator", "defined"]

    /// Whether `text` (GLSL or Metal) defines a function `name`: the name after a return type
    /// (`vec4`, `half4`, a struct's name) and before `(`, its parameters' `)` followed by `{`, on
    /// one line or several (`half4 name` then `(` on the next line); comments aside.
    static func defines(_ name: String, in text: String) -> Bool {
        guard !name.isEmpty, text.contains(name) else { return false }
        let code = withoutComments(Array(text.utf8))
        let target = Array(name.utf8)
        func isWord(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b >= 128 }
        func isSpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }
        var i = 0
        while i + target.count <= code.count {
            defer { i += 1 }
            let end = i + target.count
            guard code[i] == target[0], code[i..<end].elementsEqual(target),
                  i == 0 || !isWord(code[i - 1]), end == code.count || !isWord(code[end]) else { continue }
            // A return type before it.
            var b = i - 1
            while b >= 0, isSpace(code[b]) { b -= 1 }
            var a = b
            while a >= 0, isWord(code[a]) { a -= 1 }
            guard b > a, !(code[a + 1] >= 48 && code[a + 1] <= 57),
                  !notReturnTypes.contains(String(decoding: code[(a + 1)...b], as: UTF8.self)) else { continue }
            // `( … )` then `{` after it.
            var k = end
            while k < code.count, isSpace(code[k]) { k += 1 }
            guard k < code.count, code[k] == UInt8(ascii: "(") else { continue }
            var depth = 0
            while k < code.count {
                if code[k] == UInt8(ascii: "(") { depth += 1 } else if code[k] == UInt8(ascii: ")") { depth -= 1 }
                k += 1
                if depth == 0 { break }
            }
            while k < code.count, isSpace(code[k]) { k += 1 }
            if depth == 0, k < code.count, code[k] == UInt8(ascii: "{") { return true }
        }
        return false
    }

    /// `code` with its comments (`// …`, `/* … */`) made spaces.
    private static func withoutComments(_ code: [UInt8]) -> [UInt8] {
        var out = code
        var i = 0
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
        while i + 1 < out.count {
            if out[i] == slash && out[i + 1] == slash {
                while i < out.count, out[i] != newline {
                    out[i] = 32
                    i += 1
                }
            } else if out[i] == slash && out[i + 1] == star {
                out[i] = 32
                out[i + 1] = 32
                i += 2
                while i < out.count, !(out[i] == star && i + 1 < out.count && out[i + 1] == slash) {
                    out[i] = 32
                    i += 1
                }
                for k in i..<min(i + 2, out.count) { out[k] = 32 }
                i += 2
            } else {
                i += 1
            }
        }
        return out
    }
}
