import Foundation

/// The Khronos reference compiler, for checking shader text without a driver.
public enum Glslang {
    /// Its path, or nil where it is not installed (`scripts/test` installs it: glslang-tools).
    public static let path = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Compiles `text` as the stage its extension names (`frag`, `vert`); returns the exit status
    /// (0: accepted) and what it printed.
    public static func validate(_ text: String, stage: String) throws -> (status: Int32, output: String) {
        guard let path else { return (-1, "glslangValidator is not installed") }
        let file = NSTemporaryDirectory() + "glint-glslang-\(UUID().uuidString).\(stage)"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [file]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
