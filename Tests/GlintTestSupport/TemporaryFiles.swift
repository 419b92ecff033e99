// Temporary files for tests, removed when the test that made them ends: a test run leaves
// nothing behind in the temporary folder, however many tests it runs and however they end.
import Foundation
import Testing

/// Temporary folders and files for a test. Each is made under the temporary folder
/// (`NSTemporaryDirectory()`, so `TMPDIR` moves them) and removed when the test that asked for it
/// ends, passed or failed: the test, or its suite, carries the `.removesTemporaryFiles` trait.
/// Asking outside such a test is recorded as an issue, so no test can leave files behind unseen.
public enum TemporaryFiles {
    /// The paths made during the current test, removed at its end.
    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []

        func add(_ path: String) {
            lock.lock()
            paths.append(path)
            lock.unlock()
        }

        /// Removes every path added, newest first.
        func removeAll() {
            lock.lock()
            let all = paths
            paths = []
            lock.unlock()
            for path in all.reversed() { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    @TaskLocal static var registry: Registry?

    /// A new, empty folder named `prefix-<UUID>`, removed with everything in it when the test ends.
    public static func folder(_ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        register(path, sourceLocation: sourceLocation)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A path for a file named `prefix-<UUID>.ext`, not made yet, removed when the test ends.
    public static func file(_ prefix: String, extension ext: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString).\(ext)"
        register(path, sourceLocation: sourceLocation)
        return path
    }

    private static func register(_ path: String, sourceLocation: SourceLocation) {
        guard let registry else {
            Issue.record("a temporary file outside a test marked .removesTemporaryFiles would be left behind: \(path)",
                         sourceLocation: sourceLocation)
            return
        }
        registry.add(path)
    }
}

/// Removes the temporary files (`TemporaryFiles`) each test makes once it ends. On a suite it
/// applies to every test in it.
public struct RemovesTemporaryFiles: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let registry = TemporaryFiles.Registry()
        defer { registry.removeAll() }
        try await TemporaryFiles.$registry.withValue(registry) {
            try await function()
        }
    }
}

extension Trait where Self == RemovesTemporaryFiles {
    /// Removes the temporary files (`TemporaryFiles`) each test makes once it ends.
    public static var removesTemporaryFiles: Self { RemovesTemporaryFiles() }
}
