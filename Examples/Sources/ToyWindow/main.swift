// toy-window: a package's `Window` showing a shader file of any kind Glint runs (`EffectFile`: a
// Shadertoy file, folder or JSON export, glslViewer, ISF, your own .frag or .metal), with what
// the `glint` window offers: the file reloaded as you save it (a broken save keeps the last good
// picture), a Shadertoy's keyboard, pause and speed, S saving a PNG and V a video.
//
//   toy-window shaders/shadertoy/plasma.glsl [--sound FILE.wav] [--quit-after SECONDS]
//
// `--sound` plays a sound file to the shader's sound channel and the glint_audio uniforms.
import Foundation
import Glint
import GlintAudio

var arguments = Array(CommandLine.arguments.dropFirst())
var seconds: Double?
if let flag = arguments.firstIndex(of: "--quit-after"), flag + 1 < arguments.count {
    seconds = Double(arguments[flag + 1])
    arguments.removeSubrange(flag...flag + 1)
}
var soundFile: String?
if let flag = arguments.firstIndex(of: "--sound"), flag + 1 < arguments.count {
    soundFile = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: toy-window FILE [--sound FILE.wav] [--quit-after SECONDS]\n".utf8))
    exit(2)
}
let path = arguments[0]
do {
    let effect = try EffectFile.load(contentsOf: path)
    var window = Window("Glint — \((path as NSString).lastPathComponent)", size: CGSize(width: 320, height: 200)) {
        EffectView(effect)
    }
    window.captureName = "toy"
    if let soundFile {
        // The file read at the window's time: its level for the uniforms, its spectrum and wave for the channel.
        let input = try AudioFile(path: soundFile)
        let meter = AudioMeter(sampleRate: input.sampleRate)
        let texture = SoundTexture()
        window.hearing = { time in
            meter.update(from: input, at: time)
            return meter.hearing
        }
        window.sound = { time, hand in
            texture.update(from: input, at: time)
            texture.withUnsafeBytes(hand)
        }
    }
    try window.run(quitAfter: seconds)
} catch {
    FileHandle.standardError.write(Data("toy-window: \(error)\n".utf8))
    exit(1)
}
