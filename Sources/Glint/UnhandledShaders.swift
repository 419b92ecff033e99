import Foundation

/// `.metal` files in the app's own target folder that SwiftPM left out of its resources: a file
/// not declared in `resources:` is only warned about ("found 1 file(s) which are unhandled;
/// explicitly declare them as resources or exclude from the target"), so its functions are not
/// in the app's library. A "not found" message says so, and how to declare them.
enum UnhandledShaders {
    /// The most entries looked at in the target's folder: a huge folder is searched in part.
    static let maxEntriesWalked = 10_000
    /// The most files named in a message.
    static let filesNamed = 3

    /// The folder of the sources of `executable`'s own target, as SwiftPM built it: beside the
    /// executable, `<Module>.build/sources` lists the target's Swift files (the module is the
    /// executable's name made an identifier, `card-demo` → `card_demo`); their common folder,
    /// leaving out what SwiftPM generated in its build folder.
    /// Nil for a binary SwiftPM's build folder does not describe (an installed app).
    static func targetFolder(executable: String) -> String? {
        let folder = (executable as NSString).deletingLastPathComponent
        let name = (executable as NSString).lastPathComponent
        var module = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if module.first?.isNumber == true { module = "_" + module }
        let list = (folder as NSString).appendingPathComponent(module + ".build/sources")
        guard let handle = FileHandle(forReadingAtPath: list) else { return nil }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        // What SwiftPM generates (the resource accessor) lives in the build folder, not the target's.
        let files = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("/") && !$0.contains("/.build/") && !$0.hasPrefix(folder + "/") }
        guard var common = files.first.map({ ($0 as NSString).deletingLastPathComponent }) else { return nil }
        for file in files.dropFirst() {
            while !(file.hasPrefix(common + "/") || common == "/") { common = (common as NSString).deletingLastPathComponent }
        }
        return common == "/" ? nil : common
    }

    /// The `.metal` files under `folder` (subfolders too), as paths relative to it, sorted.
    static func metalFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        var walked = 0
        while let relative = walker.nextObject() as? String, walked < maxEntriesWalked {
            walked += 1
            if relative.hasSuffix(".metal") { found.append(relative) }
        }
        return found.sorted()
    }

    /// What a message about the missing `function` adds when `executable`'s target folder holds
    /// `.metal` files that are not among its resources (`resourceFolders`, where SwiftPM copies
    /// them: flat with `.process`, in their folder with `.copy`): which file defines the function,
    /// or which files are left out, and the `resources:` that declares them. Nil when there are
    /// none, or the target's folder cannot be told; `defines` when a left-out file defines it.
    static func hint(for function: String, executable: String?, resourceFolders: [String]) -> (defines: Bool, text: String)? {
        guard let executable, let target = targetFolder(executable: executable) else { return nil }
        let shipped = Set(resourceFolders.flatMap { folder in metalFiles(in: folder).map { ($0 as NSString).lastPathComponent } })
        let left = metalFiles(in: target).filter { !shipped.contains(($0 as NSString).lastPathComponent) }
        guard !left.isEmpty else { return nil }
        // Named from the package's folder (the one holding .build) where it can be told.
        let root = executable.range(of: "/.build/").map { String(executable[..<$0.lowerBound]) }
        func shown(_ relative: String) -> String {
            let path = (target as NSString).appendingPathComponent(relative)
            guard let root, path.hasPrefix(root + "/") else { return path }
            return String(path.dropFirst(root.count + 1))
        }
        // What to declare: each top-level folder (or file) of the target holding them.
        let entries = Array(Set(left.map { String($0.split(separator: "/").first ?? Substring($0)) })).sorted()
        let declaration = "resources: [" + entries.map { ".process(\"\($0)\")" }.joined(separator: ", ") + "]"
        let defining = left.filter { LibraryNames.defined(by: (target as NSString).appendingPathComponent($0)).contains(function) }
        let how = "declare \(left.count == 1 ? "it" : "them") in the target in Package.swift, as \(declaration) (or .copy), for the app's library to hold \(left.count == 1 ? "its" : "their") functions"
        if let file = defining.first {
            return (true, "\(shown(file)) defines it, but is not among the target's resources (SwiftPM warns it is an unhandled file): \(how)")
        }
        let named = left.prefix(filesNamed).map(shown).joined(separator: ", ") + (left.count > filesNamed ? " and \(left.count - filesNamed) more" : "")
        return (false, "\(named) \(left.count == 1 ? "is" : "are") in the target but not among its resources (SwiftPM warns of unhandled files): \(how)")
    }
}
