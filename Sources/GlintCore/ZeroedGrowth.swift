// Growing an array by zeroed elements at a memory copy's speed in every build.
// Part of the Glint pipeline, not a seed port.

import Foundation

/// 64 KiB of zero bytes, made once: the source `appendZeroed` copies from.
private nonisolated(unsafe) let zeroBlock: UnsafeRawPointer = {
    let block = UnsafeMutableRawPointer.allocate(byteCount: zeroBlockBytes, alignment: 64)
    block.initializeMemory(as: UInt8.self, repeating: 0, count: zeroBlockBytes)
    return UnsafeRawPointer(block)
}()
private let zeroBlockBytes = 1 << 16

extension Array where Element: BitwiseCopyable {
    /// Appends `extra` elements whose bytes are all zero (`0`, `0.0`, a zeroed C struct), growing in place where
    /// the capacity allows, so a buffer regrown every frame allocates nothing once it has grown.
    ///
    /// The same as `append(contentsOf: repeatElement(0, count: extra))`, but that is a call through a generic
    /// iterator for every element in a debug build (a package's own debug build, and the tests): growing a shape
    /// atlas by 512 KiB took most of a test's time. This copies from a block of zeros, 64 KiB at a time.
    package mutating func appendZeroed(_ extra: Int) {
        var left = extra
        let stride = MemoryLayout<Element>.stride
        let perBlock = Swift.max(1, zeroBlockBytes / Swift.max(stride, 1))
        while left > 0 {
            let n = Swift.min(left, perBlock)
            zeroBlock.withMemoryRebound(to: Element.self, capacity: n) {
                append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
            }
            left -= n
        }
    }

    /// Sets the count to `count`: removes elements past it, or appends zeroed ones (`appendZeroed`).
    package mutating func resizeZeroed(to count: Int) {
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            appendZeroed(count - self.count)
        }
    }

    /// Makes the array `count` elements with every byte zero, as a mask about to be drawn into needs: what it
    /// keeps is cleared with one `memset`, what it grows by comes zeroed (`appendZeroed`). A typed
    /// `initialize(repeating: 0)` is a loop of generic calls per element in a debug build.
    package mutating func resetZeroed(count: Int) {
        let kept = Swift.min(self.count, count)
        resizeZeroed(to: count)
        guard kept > 0 else { return }
        withUnsafeMutableBytes { bytes in _ = memset(bytes.baseAddress!, 0, kept * MemoryLayout<Element>.stride) }
    }
}
