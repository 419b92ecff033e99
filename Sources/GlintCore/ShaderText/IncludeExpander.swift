import Foundation

/// Splices the files a shader includes into it: `#include "file"` or
/// `#pragma include "file"`, found beside the file including it, then in `searchPaths` in
/// order. A file that says `#pragma once` is spliced in once; a file including itself, however
/// indirectly, is refused naming the chain. The files loaders of other formats read expand
/// the same way. Pure text work: files come through `reader` (the disk, or text held in memory);
/// the result carries its line map as `#line` directives, each file a source-string number of its
/// own (`files`), its lines numbered from `lineBase`:
///
///     var expander = IncludeExpander()
///     expander.searchPaths = sources.includePaths
///     let text = try expander.expand(path, stringNumber: EffectSource.effectString, depth: 0)
///     // expander.files: the included files by source-string number, for `Program`'s messages
public struct IncludeExpander: Sendable {
    /// The included files by their source-string numbers.
    public var files: [Int: String] = [:]
    /// The helpers the Metal files translated call.
    public var helpers: Set<String> = []
    /// Folders searched in order for an included file not beside the file including it (`-I`).
    public var searchPaths: [String] = []
    /// Files that say `#pragma once`, by `identity`.
    private var once: Set<String> = []
    /// The files being expanded, outermost first, to name a cycle.
    private var chain: [(path: String, identity: String)] = []
    private var nextNumber = IncludeExpander.firstNumber
    /// A source-string number of its own for a file spliced in by the caller (Shadertoy's
    /// Common tab), numbered as includes are.
    public mutating func reserveNumber(for path: String) -> Int {
        let number = nextNumber
        nextNumber += 1
        files[number] = path
        return number
    }
    /// How deep includes may nest.
    public static let maxDepth = 16
    /// The most files one shader may splice in, counting each time a file is spliced: a
    /// shader built on a large library (lygia) includes a few hundred with `#pragma once`;
    /// eight files each including the next ten times would be ten million.
    public static let maxIncludes = 1000
    /// The most text a shader may be with what it includes, in bytes: twice what one file
    /// may be (`maxSourceBytes`), past which the driver's compiler spends minutes.
    public static let maxTotalBytes = 2 * ShaderFile.maxSourceBytes
    /// How many files were spliced in so far, and how much text was read, the shader's own too.
    private var included = 0
    private var totalBytes = 0
    /// Where files are read: the disk, or (the renderer's) for `Shaders/…` the files built into
    /// the binary, or text held in memory.
    public var reader: SourceReader

    public init(reader: SourceReader = .disk, searchPaths: [String] = []) {
        self.reader = reader
        self.searchPaths = searchPaths
    }

    /// An included file's lines are numbered from `lineBase(number)` + 1: Mesa names some
    /// errors' source string 0 whatever `#line` set, but keeps the line, so the line alone
    /// says which file (`Program` reads it back with `included(line:)`).
    public static func lineBase(_ number: Int) -> Int { number >= firstNumber ? number * linesPerFile : 0 }
    public static let firstNumber = 10
    public static let linesPerFile = 1_000_000

    /// The included file's number and its own line, for a line numbered by `lineBase`.
    public static func included(line: Int) -> (number: Int, line: Int)? {
        line > firstNumber * linesPerFile ? (line / linesPerFile, line % linesPerFile) : nil
    }

    /// What a line of a shader asks of the expander.
    enum Directive: Equatable {
        /// `#include "name"` or `#pragma include "name"`.
        case include(String)
        /// `#include` or `#pragma include` without a file in quotes.
        case malformed
        /// `#pragma once`.
        case once
    }

    /// The directive on `line`, nil for any other line. `#` may be followed by spaces, as
    /// the C preprocessor allows.
    static func directive(_ line: Substring) -> Directive? {
        func words(_ text: Substring) -> Substring { text.drop { $0 == " " || $0 == "\t" } }
        let trimmed = words(line)
        guard trimmed.hasPrefix("#") else { return nil }
        var rest = words(trimmed.dropFirst())
        if rest.hasPrefix("pragma") {
            rest = words(rest.dropFirst("pragma".count))
            if rest.hasPrefix("once") {
                let after = words(rest.dropFirst("once".count))
                if after.allSatisfy(\.isWhitespace) || after.hasPrefix("//") { return .once }
            }
            guard rest.hasPrefix("include") else { return nil }
        } else if !rest.hasPrefix("include") {
            return nil
        }
        rest = words(rest.dropFirst("include".count))
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\""), close > rest.index(after: rest.startIndex) else {
            return .malformed
        }
        return .include(String(rest[rest.index(after: rest.startIndex)..<close]))
    }

    /// Where the file `name`, included by the file at `path`, may be, in the order searched.
    func candidates(_ name: String, includedBy path: String) -> [String] {
        if name.hasPrefix("/") { return [name] }
        let folder = (path as NSString).deletingLastPathComponent
        let beside = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        return [beside] + searchPaths.map { $0 == "." ? name : ($0 as NSString).appendingPathComponent(name) }
    }

    /// The GLSL of the file at `path`: translated if it is Metal, its includes spliced in.
    public mutating func expand(_ path: String, stringNumber: Int, depth: Int) throws(RenderError) -> String {
        guard let text = try reader.read(path) else {
            throw .shader(file: path, line: nil, stage: "read", log: "the file went away while it was being read")
        }
        return try expand(text: text, path: path, stringNumber: stringNumber, depth: depth)
    }

    /// `text`, the file at `path`, as GLSL: translated if it is Metal, its includes spliced
    /// in. Its lines may end in CR LF or CR alone, as in LF.
    public mutating func expand(text source: String, path: String, stringNumber: Int, depth: Int) throws(RenderError) -> String {
        var text = Parse.unixLineEndings(source)
        if depth == 0 { totalBytes += text.utf8.count }
        if MetalTranslator.isMetal(path) {
            // SwiftUI's Metal, translated line for line: messages keep the Metal file's lines.
            do throws(MetalTranslator.Failure) {
                text = try MetalTranslator.translate(text, helpers: &helpers)
            } catch {
                throw .shader(file: path, line: error.line, stage: "Metal", log: "column \(error.column): \(error.message)")
            }
        }
        guard text.contains("#") && (text.contains("include") || text.contains("once")) else { return text }
        let identity = reader.identity(path)
        chain.append((path, identity))
        defer { chain.removeLast() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            guard let directive = Self.directive(lines[index][...]) else { continue }
            func refuse(_ why: String) -> RenderError { .shader(file: path, line: index + 1, stage: "include", log: why) }
            let name: String
            switch directive {
            case .once:
                once.insert(identity)
                lines[index] = ""
                continue
            case .malformed:
                throw refuse("#include takes a file in quotes, found beside this one or in an -I folder: #include \"common.glsl\"")
            case .include(let named):
                name = named
            }
            let searched = candidates(name, includedBy: path)
            guard let target = searched.first(where: reader.exists) else {
                let folders = searchPaths.isEmpty ? " (add its folder with -I DIR)" : ""
                throw refuse("cannot find '\(name)': looked for \(searched.joined(separator: ", "))\(folders)")
            }
            let targetIdentity = reader.identity(target)
            if once.contains(targetIdentity) {
                lines[index] = ""
                continue
            }
            if chain.contains(where: { $0.identity == targetIdentity }) {
                let names = chain.drop { $0.identity != targetIdentity }.map(\.path) + [target]
                throw refuse("\(names.joined(separator: " includes ")): an include cycle; say #pragma once in the files included twice, or include one from the other only")
            }
            guard depth < Self.maxDepth else {
                throw refuse("includes nest deeper than \(Self.maxDepth) files: '\(name)' would be the \(Self.maxDepth + 1)th")
            }
            let includedText: String
            do throws(RenderError) {
                guard let read = try reader.read(target) else {
                    throw RenderError.shader(file: target, line: nil, stage: "read", log: "the file went away while it was being read")
                }
                includedText = read
            } catch {
                // What is at the path but cannot be read: named with the line including it.
                if case let .shader(file, nil, "read", log) = error, file == target {
                    throw refuse("cannot include '\(name)'\(name == target ? "" : " (\(target))"): \(log)")
                }
                throw error
            }
            // A budget, so that a file included many times over, however it nests, is refused
            // at once rather than spliced for minutes: the chain says where.
            included += 1
            totalBytes += includedText.utf8.count
            let names = (chain.map(\.path) + [target]).joined(separator: " includes ")
            guard included <= Self.maxIncludes else {
                throw refuse("\(names): more than \(Self.maxIncludes) files included in all; say #pragma once in the files included more than once")
            }
            guard totalBytes <= Self.maxTotalBytes else {
                throw refuse("\(names): the shader with what it includes is over \(BoundedFile.mebibytes(Self.maxTotalBytes)); say #pragma once in the files included more than once")
            }
            let number = nextNumber
            nextNumber += 1
            files[number] = target
            let spliced = try expand(text: includedText, path: target, stringNumber: number, depth: depth + 1)
            lines[index] = "#line \(Self.lineBase(number) + 1) \(number)\n" + spliced + "\n#line \(Self.lineBase(stringNumber) + index + 2) \(stringNumber)"
        }
        return lines.joined(separator: "\n")
    }
}
