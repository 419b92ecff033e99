import Foundation

extension MetalTranslator {
    /// The stack the typed pass runs on: it recurses once for each level a file nests
    /// (`maxNesting` at most), and a level takes up to about 16 KB in a debug build (about 1.4 KB
    /// optimised), so 256 levels need about 4 MB. A thread of its own gives every caller the same
    /// room: the main thread's 8 MB, or a secondary thread's 512 KB, would not be.
    static let passStackBytes = 16 << 20

    /// `body`'s result, computed on a thread with a `passStackBytes` stack that the caller waits
    /// for; on the calling thread where no thread can be made.
    static func onLargeStack<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let job = StackJob(body)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, passStackBytes)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job as StackJobBase).toOpaque()
            let made = pthread_create(&thread, &attributes, { context in
                Unmanaged<StackJobBase>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
            if made == 0 {
                pthread_join(thread, nil)
            } else {
                Unmanaged<StackJobBase>.fromOpaque(context).release()
                job.run()
            }
            return job.take()
        }
    }
}

/// Work handed to a thread of its own (`MetalTranslator.onLargeStack`), seen without its type.
private class StackJobBase {
    func run() {}
}

/// A closure run once on another thread, and what it returned.
private final class StackJob<T>: StackJobBase {
    private var body: (() -> T)?
    private var result: T?

    init(_ body: @escaping () -> T) {
        self.body = body
    }

    override func run() {
        result = body?()
        body = nil  // the closure must not outlive the call that lent it
    }

    func take() -> T {
        guard let result else { preconditionFailure("a stack job was taken before it ran") }
        return result
    }
}
