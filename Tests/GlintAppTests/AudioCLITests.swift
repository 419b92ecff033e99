import Foundation
import GlintAudio
import GlintRender
import GlintTestSupport
import Testing

/// `--audio FILE` through the release binary: the waveform's amplitude follows the file's
/// envelope in `--state`, frames are byte-identical run to run, Shadertoy's sound channel holds
/// what the analysis computes from the same samples, and bad sources are one line.
@Suite("Audio from files on the command line", .serialized, .removesTemporaryFiles)
struct AudioCLITests {
    /// A 16-bit mono WAV at 44.1 kHz: `silence` seconds, then `tone` seconds of 440 Hz at
    /// `decibels` dBFS (RMS), then silence to `total`.
    static func wav(silence: Double, tone: Double, total: Double, decibels: Double, to path: String) throws {
        let rate = 44_100
        let amplitude = 2.0.squareRoot() * pow(10, decibels / 20)
        var samples: [Int16] = []
        for i in 0..<Int(total * Double(rate)) {
            let t = Double(i) / Double(rate)
            let on = t >= silence && t < silence + tone
            samples.append(on ? Int16((amplitude * sin(2 * .pi * 440 * t) * 32767).rounded()) : 0)
        }
        var data = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + samples.count * 2)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(UInt32(rate)); u32(UInt32(rate * 2)); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(UInt32(samples.count * 2))
        for s in samples { u16(UInt16(bitPattern: s)) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    static func state(_ arguments: [String], in dir: String) throws -> [String: Any] {
        let r = try CLI.run(["render", "--output", "x.png", "--state", "state.json", "--size", "320x160"] + arguments, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/state.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    @Test("the waveform's amplitude follows the file's level: at rest before the tone, the meter's level of −6 dBFS during it, calm after")
    func waveformFollowsTheFile() throws {
        let dir = try CLI.temporaryFolder()
        try Self.wav(silence: 0.5, tone: 1, total: 3, decibels: -6, to: dir + "/tone.wav")
        let expected = AudioMeter.level(decibels: -6)
        let before = try Self.state(["--effect", "waveform", "--audio", "tone.wav", "--time", "0.4"], in: dir)
        #expect(abs((before["amplitude"] as? Double ?? 1) - 0.01) < 1e-6 && before["audioLevel"] as? Double == 0, "idleAmplitude, as the shader gets it (a float): \(before)")
        let during = try Self.state(["--effect", "waveform", "--audio", "tone.wav", "--time", "1.4"], in: dir)
        let level = during["audioLevel"] as? Double ?? -1
        #expect(abs(level - expected) < 0.01, "level \(level), expected \(expected) for −6 dBFS")
        #expect(abs((during["amplitude"] as? Double ?? -1) - level) < 1e-6, "the amplitude is the level: \(during)")
        #expect(abs((during["audioDB"] as? Double ?? 0) - -6) < 0.2, "\(during)")
        let after = try Self.state(["--effect", "waveform", "--audio", "tone.wav", "--time", "2.9"], in: dir)
        #expect((after["audioLevel"] as? Double ?? 1) < 0.01 && (after["amplitude"] as? Double ?? 1) < 0.02, "\(after)")
    }

    @Test("the same --audio arguments give byte-identical frames")
    func deterministic() throws {
        let dir = try CLI.temporaryFolder()
        try Self.wav(silence: 0.2, tone: 1, total: 2, decibels: -12, to: dir + "/tone.wav")
        var pngs: [Data] = []
        for _ in 0..<2 {
            let r = try CLI.run(["render", "--effect", "harmonic", "--audio", "tone.wav", "--time", "0.9", "--size", "320x180", "--output", "x.png"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            pngs.append(try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png")))
        }
        #expect(pngs[0] == pngs[1])
        let silent = try CLI.run(["render", "--effect", "harmonic", "--time", "0.9", "--size", "320x180", "--output", "y.png"], in: dir)
        #expect(silent.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/y.png")) != pngs[0], "the sound changes the glow")
    }

    @Test("Shadertoy's sound channel holds the spectrum and waveform the analysis computes from the same samples at the same frames")
    func soundChannel() throws {
        let dir = try CLI.temporaryFolder()
        try Self.wav(silence: 0.1, tone: 1, total: 1.5, decibels: -10, to: dir + "/tone.wav")
        try Data("""
        #iChannel0 "audio"
        void mainImage(out vec4 c, in vec2 p) {
            c = vec4(texelFetch(iChannel0, ivec2(int(p.x), 0), 0).r, texelFetch(iChannel0, ivec2(int(p.x), 1), 0).r, 0.0, 1.0);
        }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/sound.glsl"))
        let time = 0.5
        let r = try CLI.run(["render", "--effect", "sound.glsl", "--audio", "tone.wav", "--time", "\(time)", "--size", "512x1", "--output", "s.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/s.png"))))
        // The reference: the same analysis, once a frame from t = 0 as render draws them.
        let file = try AudioFile(path: dir + "/tone.wav")
        let texture = SoundTexture()
        for n in 0...Int((time * 60).rounded()) { texture.update(from: file, at: Double(n) / 60) }
        let expected = texture.bytes
        var spectrumOff = 0, waveOff = 0
        for x in 0..<512 {
            if abs(Int(png.rgba[x * 4]) - Int(expected[x])) > 1 { spectrumOff += 1 }
            if abs(Int(png.rgba[x * 4 + 1]) - Int(expected[512 + x])) > 1 { waveOff += 1 }
        }
        #expect(spectrumOff == 0 && waveOff == 0, "\(spectrumOff) spectrum and \(waveOff) waveform texels differ from the analysis")
        #expect(expected[..<512].contains { $0 > 100 }, "the tone shows in the spectrum")

        // glslViewer's u_tex is the same texture.
        try Data("""
        uniform sampler2D u_tex;
        void main() {
            gl_FragColor = vec4(texelFetch(u_tex, ivec2(int(gl_FragCoord.x), 0), 0).r, texelFetch(u_tex, ivec2(int(gl_FragCoord.x), 1), 0).r, 0.0, 1.0);
        }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/viewer.frag"))
        let v = try CLI.run(["render", "--effect", "viewer.frag", "--audio", "tone.wav", "--time", "\(time)", "--size", "512x1", "--output", "v.png"], in: dir)
        #expect(v.status == 0, "\(v.stderr)")
        let viewer = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/v.png"))))
        #expect((0..<512).allSatisfy { abs(Int(viewer.rgba[$0 * 4]) - Int(expected[$0])) <= 1 }, "u_tex holds the spectrum")
    }

    @Test("an effect file of Glint's own that declares glint_audioLevel and glint_audioBands receives the meter's level and bands")
    func ownEffectUniforms() throws {
        let dir = try CLI.temporaryFolder()
        try Self.wav(silence: 0.2, tone: 1, total: 2, decibels: -6, to: dir + "/tone.wav")
        try Data("""
        uniform float glint_audioLevel;
        uniform vec3 glint_audioBands;
        vec4 colorEffect(vec2 position, vec4 color) { return vec4(glint_audioLevel, glint_audioBands.y, glint_audioBands.x, 1.0); }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/level.frag"))
        let state = try Self.state(["--effect", "level.frag", "--audio", "tone.wav", "--time", "1"], in: dir)
        let level = state["audioLevel"] as? Double ?? -1
        let png = try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))))
        #expect(abs(Double(png.rgba[0]) - level * 255) <= 1, "red is the level \(level): \(png.rgba[0..<4])")
        #expect(png.rgba[1] > 100 && png.rgba[2] < 30, "a 440 Hz tone is in the middle band, not the bass: \(png.rgba[0..<4])")
    }

    @Test("record --audio FILE muxes the file's sound under the clip: AAC in mp4, Opus in webm, as long as the clip")
    func recordMuxesSound() throws {
        let dir = try CLI.temporaryFolder()
        try Self.wav(silence: 0.2, tone: 2, total: 3, decibels: -12, to: dir + "/tone.wav")
        for (file, codec) in [("clip.mp4", "aac"), ("clip.webm", "opus")] {
            let r = try CLI.run(["record", "--effect", "waveform", "--audio", "tone.wav", "--from", "0.5", "--duration", "1",
                                 "--fps", "30", "--size", "96x64", "--output", file], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            probe.arguments = ["-v", "error", "-select_streams", "a", "-show_entries", "stream=codec_name:format=duration", "-of", "csv=p=0", dir + "/" + file]
            let pipe = Pipe()
            probe.standardOutput = pipe
            try probe.run()
            probe.waitUntilExit()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(out.contains(codec), "\(file): an \(codec) soundtrack: \(out)")
            let duration = out.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.first ?? 0
            #expect(abs(duration - 1) < 0.1, "\(file) lasts the clip's second: \(out)")
        }
    }

    @Test("bad sources are one line: a missing file, a file that is not audio, --audio-while-held alone")
    func refusals() throws {
        let dir = try CLI.temporaryFolder()
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        try ShaderFileTests.expectOneLine(["render", "--audio", "missing.wav", "--output", "x.png"], in: dir, status: 2, mentioning: ["missing.wav"])
        try ShaderFileTests.expectOneLine(["render", "--audio", "notes.txt", "--output", "x.png"], in: dir, status: 2, mentioning: ["notes.txt"])
        try ShaderFileTests.expectOneLine(["render", "--audio-while-held", "--output", "x.png"], in: dir, status: 2, mentioning: ["--audio"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
