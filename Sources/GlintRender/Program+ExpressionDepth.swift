import Foundation

// How deep an expression glint lets the driver's compiler take (`Program.compile` checks each stage's text
// against it with `ExpressionDepth` before the driver sees it).
extension Program {
    /// The deepest expression glint hands the driver's compiler. Mesa's (llvmpipe, 24.x) crashed
    /// on a sum of 12,500 terms (`x * 2.0 + x * 3.0 + …`) and a swizzle chain of 20,000
    /// (`v.yx.yx…`) on the main thread's 8 MiB stack and compiled 11,000 and 5,000; bison's own
    /// limit (10,000) stops nesting by parentheses, braces and prefix operators cleanly.
    static let maxExpressionDepth = 4000
    /// The depth the measured crash was near, for the message.
    static let measuredCrashDepth = "12,000"
    /// The stack a level of an expression may take in the driver's compiler, with room to spare:
    /// the crashes above came at about 700 bytes a level.
    static let stackBytesPerLevel = 2048

    /// The deepest expression the driver's compiler may take on this thread's stack:
    /// `maxExpressionDepth`, or less on a smaller stack than the main thread's.
    /// Asked once a thread (glibc reads /proc/self/maps to answer for the main thread), kept in its dictionary.
    static func expressionDepthLimit() -> Int {
        let key = "glint.expressionDepthLimit", dictionary = Thread.current.threadDictionary
        if let known = dictionary[key] as? Int { return known }
        let limit = stackExpressionDepthLimit()
        dictionary[key] = limit
        return limit
    }

    private static func stackExpressionDepthLimit() -> Int {
        // glibc's pthread_getattr_np, which Swift's Glibc module leaves out (it is a GNU extension).
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return maxExpressionDepth }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return maxExpressionDepth }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, size > 0 else { return maxExpressionDepth }
        return max(64, min(maxExpressionDepth, size / stackBytesPerLevel))
    }
}
