// The newest samples of a live source, handed from the capture thread to the frame without a lock.
// One thread writes (libpulse's main loop), one reads (the frame). The writer never waits for the
// reader: it overwrites the oldest samples and then publishes how many it has written in all. The
// reader copies the newest samples and then checks that the writer did not get round to the slots
// it was copying meanwhile (a sequence check, as a seqlock's reader does); if it did, it copies again.
import Glibc
import Synchronization

/// A single-producer, single-consumer ring of mono samples; the reader always gets the newest.
final class SampleRing: @unchecked Sendable {
    /// Slots in the ring: 1.49 s at 44.1 kHz.
    static let capacity = 1 << 16
    /// The most samples a reader gets; older ones read as silence. Half the ring, so the writer
    /// can go on writing during a copy without reaching what is copied.
    static let readable = capacity / 2
    /// The most samples the writer writes before it publishes them.
    static let chunk = capacity / 8

    private let slots: UnsafeMutablePointer<Float>
    /// Samples written since the start, published after they are in `slots`.
    private let written = Atomic<Int>(0)

    init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: 0, count: Self.capacity)
    }

    deinit { slots.deallocate() }

    /// Writer only: appends `count` samples from `bytes` (float32 as this machine stores it: the
    /// stream asks for little-endian, which every Linux Swift runs on is; any alignment),
    /// or `count` zeros where `bytes` is nil (a hole in the stream, a source gone).
    func write(_ bytes: UnsafeRawPointer?, count: Int) {
        var done = 0
        while done < count {
            let start = written.load(ordering: .relaxed)
            let slot = start & (Self.capacity - 1)
            let n = min(count - done, Self.chunk, Self.capacity - slot)
            if let bytes {
                memcpy(slots + slot, bytes + done * MemoryLayout<Float>.size, n * MemoryLayout<Float>.size)
            } else {
                (slots + slot).update(repeating: 0, count: n)
            }
            written.store(start + n, ordering: .releasing)
            done += n
        }
    }

    /// Reader only: fills `buffer` with the newest samples, the newest last; zeros before the
    /// first sample written and beyond `readable`. Never allocates, never waits.
    func readNewest(into buffer: UnsafeMutableBufferPointer<Float>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        for _ in 0..<4 {
            let end = written.load(ordering: .acquiring)
            let available = min(buffer.count, Self.readable, end)
            let zeros = buffer.count - available
            (base).update(repeating: 0, count: zeros)
            let first = (end - available) & (Self.capacity - 1)
            let head = min(available, Self.capacity - first)
            memcpy(base + zeros, slots + first, head * MemoryLayout<Float>.size)
            memcpy(base + zeros + head, slots, (available - head) * MemoryLayout<Float>.size)
            // The copies above happen before the writer's count is read again.
            atomicMemoryFence(ordering: .acquiring)
            let now = written.load(ordering: .relaxed)
            // The writer may have begun up to two unpublished chunks past `now` (the next chunk's
            // stores can start before the last one's count is seen); they land on the slots of the
            // samples `capacity` older. The copy stands if none of those was among the copied.
            if now + 2 * Self.chunk - Self.capacity <= end - available { return }
        }
        // The writer lapped every try (the reader stalled for a third of a second each time): silence.
        base.update(repeating: 0, count: buffer.count)
    }
}
