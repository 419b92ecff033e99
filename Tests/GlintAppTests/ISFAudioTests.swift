import Foundation
import GlintRender
import GlintTestSupport
import Testing

/// ISF's `audio` and `audioFFT` inputs hear `--audio` through the release binary, as VVISF hands
/// sound to a shader: an image one row high, `MAX` columns wide (all 512 without `MAX`), the
/// waveform centred on 0.5 or the spectrum, in red, green and blue; silence without a sound.
@Suite("ISF audio inputs", .serialized, .removesTemporaryFiles)
struct ISFAudioTests {
    /// Row 0 of the picture: the waveform input (MAX 64) in red, the spectrum input (MAX 64) in
    /// green, IMG_SIZE of the 64-wide input in blue; row 1: blue is IMG_SIZE of the input with no
    /// MAX, divided by 4.
    static let meter = """
        /*{
            "INPUTS": [
                {"NAME": "wave", "TYPE": "audio", "MAX": 64},
                {"NAME": "bands", "TYPE": "audioFFT", "MAX": 64},
                {"NAME": "whole", "TYPE": "audio"}
            ]
        }*/
        void main() {
            vec2 uv = vec2(isf_FragNormCoord.x, 0.5);
            float size = gl_FragCoord.y < 1.0 ? IMG_SIZE(wave).x : IMG_SIZE(whole).x / 4.0;
            gl_FragColor = vec4(IMG_NORM_PIXEL(wave, uv).g, IMG_NORM_PIXEL(bands, uv).b, size / 255.0, 1.0);
        }
        """

    /// The whole waveform input, one texel a pixel.
    static let whole = """
        /*{ "INPUTS": [ {"NAME": "whole", "TYPE": "audio"} ] }*/
        void main() { gl_FragColor = vec4(IMG_NORM_PIXEL(whole, vec2(isf_FragNormCoord.x, 0.5)).rgb, 1.0); }
        """

    /// Shadertoy's sound channel's waveform row, one texel a pixel.
    static let shadertoy = """
        #iChannel0 "audio"
        void mainImage(out vec4 c, in vec2 p) { c = vec4(vec3(texelFetch(iChannel0, ivec2(int(p.x), 1), 0).r), 1.0); }
        """

    @Test("a tone moves the waveform and lights the spectrum's band of 440 Hz; without --audio both are at rest; MAX sets the width")
    func toneAndSilence() throws {
        let dir = try ToyCLITests.folder(["meter.fs": Self.meter])
        try AudioCLITests.wav(silence: 0.1, tone: 1.4, total: 2, decibels: -6, to: dir + "/tone.wav")
        let quiet = try ToyCLITests.render(["--effect", "meter.fs", "--size", "64x2", "--time", "0.5"], in: dir)
        let loud = try ToyCLITests.render(["--effect", "meter.fs", "--size", "64x2", "--time", "0.5", "--audio", "tone.wav"], in: dir)
        for image in [quiet, loud] {
            #expect(ToyCLITests.pixel(image, 10, 1)[2] == 64 && ToyCLITests.pixel(image, 10, 0)[2] == 128,
                    "64 columns with MAX 64, 512 without: \(ToyCLITests.pixel(image, 10, 1)) \(ToyCLITests.pixel(image, 10, 0))")
        }
        let quietWave = (0..<64).map { ToyCLITests.pixel(quiet, $0, 1)[0] }
        let quietBands = (0..<64).map { ToyCLITests.pixel(quiet, $0, 1)[1] }
        #expect(quietWave.allSatisfy { $0 == 128 } && quietBands.allSatisfy { $0 == 0 }, "silence: \(quietWave) \(quietBands)")
        let wave = (0..<64).map { ToyCLITests.pixel(loud, $0, 1)[0] }
        let bands = (0..<64).map { ToyCLITests.pixel(loud, $0, 1)[1] }
        // −6 dBFS RMS is a peak of 0.71: the wave swings about ±90 around 128 (less 8 samples' averaging).
        #expect(wave.max()! - wave.min()! > 120, "the waveform swings: \(wave)")
        // 440 Hz is bin 20 of 2048 samples at 44.1 kHz: 64 columns of 8 bins, column 2.
        let peak = bands.firstIndex(of: bands.max()!)
        #expect(peak == 2 && bands[2] > 150, "the tone's band is the loudest: \(bands)")
        #expect(bands[40...].allSatisfy { $0 < bands[2] / 2 }, "high bands stay low: \(bands)")
    }

    @Test("without MAX the waveform input holds the same 512 samples as Shadertoy's sound channel at the same frame")
    func sameAsShadertoy() throws {
        let dir = try ToyCLITests.folder(["whole.fs": Self.whole, "toy.glsl": Self.shadertoy])
        try AudioCLITests.wav(silence: 0.1, tone: 1.4, total: 2, decibels: -10, to: dir + "/tone.wav")
        let isf = try ToyCLITests.render(["--effect", "whole.fs", "--size", "512x1", "--time", "0.75", "--audio", "tone.wav"], in: dir)
        let toy = try ToyCLITests.render(["--effect", "toy.glsl", "--size", "512x1", "--time", "0.75", "--audio", "tone.wav"], in: dir)
        #expect(isf.rgba == toy.rgba, "the ISF waveform is Shadertoy's, grey")
        #expect(Set((0..<512).map { ToyCLITests.pixel(isf, $0, 0)[0] }).count > 20, "and it is a wave, not a flat line")
    }
}
