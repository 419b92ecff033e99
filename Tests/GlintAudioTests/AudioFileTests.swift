import Foundation
import GlintAudio
import GlintTestSupport
import Testing

/// A 16-bit PCM WAV file, written byte by byte: `frames` holds one Int16 a channel a frame.
private func wav(sampleRate: Int, channels: Int, frames: [[Int16]]) -> Data {
    func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)] }
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8 & 0xff)] }
    var samples: [UInt8] = []
    for frame in frames { for s in frame { samples += le16(Int(UInt16(bitPattern: s))) } }
    var bytes = Array("RIFF".utf8) + le32(36 + samples.count) + Array("WAVE".utf8)
    bytes += Array("fmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(sampleRate)
    bytes += le32(sampleRate * channels * 2) + le16(channels * 2) + le16(16)
    bytes += Array("data".utf8) + le32(samples.count) + samples
    return Data(bytes)
}

/// One second of stereo at 8 kHz: left a rising ramp, right a falling one, never equal.
private let stereoFrames: [[Int16]] = (0..<8000).map { (i: Int) -> [Int16] in
    let left: Int = i * 4 - 16000, right: Int = 12000 - i * 3
    return [Int16(left), Int16(right)]
}

/// What the file holds at frame `i`, mixed to mono: (L + R) / 2 of the 16-bit values over 32768.
private func mono(_ i: Int) -> Float {
    guard i >= 0, i < stereoFrames.count else { return 0 }
    return (Float(stereoFrames[i][0]) / 32768 + Float(stereoFrames[i][1]) / 32768) / 2
}

private func read(_ file: AudioFile, count: Int, endingAt time: Double) -> [Float] {
    var out = [Float](repeating: .nan, count: count)
    out.withUnsafeMutableBufferPointer { file.samples(endingAt: time, into: $0) }
    return out
}

@Suite("Audio files (WAV, FLAC, Ogg through libsndfile)", .removesTemporaryFiles)
struct AudioFileTests {
    @Test("a stereo WAV reads back as (L+R)/2 at each time, silence before its start and after its end, the same every time")
    func wavAtTimes() throws {
        let path = TemporaryFiles.file("glint-audio", extension: "wav")
        try wav(sampleRate: 8000, channels: 2, frames: stereoFrames).write(to: URL(fileURLWithPath: path))
        let file = try AudioFile(path: path)
        #expect(file.sampleRate == 8000 && file.channelCount == 2 && file.frameCount == 8000 && file.duration == 1)
        #expect(file.status == .running)
        // 0.5 s ends just before frame 4000.
        #expect(read(file, count: 100, endingAt: 0.5) == (3900..<4000).map(mono))
        // Straddling the start: zeros, then the first frames.
        #expect(read(file, count: 100, endingAt: 0.005) == (-60..<40).map(mono))
        #expect(read(file, count: 100, endingAt: 0.005).prefix(60).allSatisfy { $0 == 0 })
        // Straddling the end, and past it: silence.
        #expect(read(file, count: 100, endingAt: 1.005) == (7940..<8040).map(mono))
        #expect(read(file, count: 100, endingAt: 2.5).allSatisfy { $0 == 0 })
        #expect(read(file, count: 100, endingAt: -3).allSatisfy { $0 == 0 })
        #expect(read(file, count: 10, endingAt: .nan).allSatisfy { $0 == 0 })
        #expect(read(file, count: 10, endingAt: 1e300).allSatisfy { $0 == 0 })
        #expect(read(file, count: 333, endingAt: 0.7321) == read(file, count: 333, endingAt: 0.7321))
    }

    @Test("FLAC and Ogg Vorbis of the same sound read back: FLAC exactly, Vorbis within its loss")
    func flacAndOgg() throws {
        let folder = try TemporaryFiles.folder("glint-audio")
        let source = folder + "/source.wav"
        try wav(sampleRate: 8000, channels: 2, frames: stereoFrames).write(to: URL(fileURLWithPath: source))
        let original = try AudioFile(path: source)
        for (name, codec) in [("flac", ["-c:a", "flac"]), ("ogg", ["-c:a", "libvorbis", "-q:a", "8"])] {
            let path = folder + "/sound.\(name)"
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            ffmpeg.arguments = ["ffmpeg", "-v", "error", "-i", source] + codec + [path]
            try ffmpeg.run()
            ffmpeg.waitUntilExit()
            try #require(ffmpeg.terminationStatus == 0, "ffmpeg could not write \(name)")
            let file = try AudioFile(path: path)
            #expect(file.sampleRate == 8000 && file.channelCount == 2, "\(name)")
            let got = read(file, count: 4000, endingAt: 0.75), want = read(original, count: 4000, endingAt: 0.75)
            let worst = zip(got, want).map { abs($0 - $1) }.max()!
            #expect(worst <= (name == "flac" ? 0 : 0.05), "\(name) differs from the WAV by up to \(worst)")
        }
    }

    @Test("a missing file, a text file, a WAV cut short in its header, a folder, a FIFO and a device: one error naming the file and the reason (libsndfile's where it gave one), no wait")
    func errors() throws {
        let folder = try TemporaryFiles.folder("glint-audio")
        let missing = folder + "/nothing.wav"
        let text = folder + "/notes.wav"
        try Data("these are not samples\n".utf8).write(to: URL(fileURLWithPath: text))
        let cut = folder + "/cut.wav"
        try wav(sampleRate: 8000, channels: 2, frames: stereoFrames).prefix(20).write(to: URL(fileURLWithPath: cut))
        let fifo = folder + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, reason) in [(missing, "No such file"), (text, "not recognised"), (cut, "Malformed"),
                               (folder, "it is a folder"), (fifo, "not a regular file"), ("/dev/zero", "not a regular file")] {
            #expect {
                _ = try AudioFile(path: path)
            } throws: { error in
                guard let error = error as? AudioFileError else { return false }
                let line = error.description
                return line.hasPrefix("cannot read audio file '\(path)': ") && line.contains(reason) && !error.reason.isEmpty && !line.contains("\n")
            }
        }
    }
}
