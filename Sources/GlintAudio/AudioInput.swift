/// Where sound comes from: a file read at the timeline's time, or a live source.
public protocol AudioInput: AnyObject {
    /// Samples per second of what `samples` gives.
    var sampleRate: Double { get }
    /// Copies the `buffer.count` mono samples ((L+R)/2) that end at `time` (a file: seconds on the timeline; a live source: the newest, `time` ignored) into `buffer`; silence (0) where there are none (before the start, after the end, while a live source is gone). Never allocates, never blocks on a lock.
    func samples(endingAt time: Double, into buffer: UnsafeMutableBufferPointer<Float>)
    /// Whether it delivers sound now, or why not (a line for the screen).
    var status: AudioInputStatus { get }
}
public enum AudioInputStatus: Equatable, Sendable { case running; case unavailable(String) }
