// toy-window: a package's `Window` showing a shader file of any kind Glint runs (`EffectFile`: a
// Shadertoy file, folder or JSON export, glslViewer, ISF, your own .frag or .metal), with what
// the `glint` window offers: the file reloaded as you save it (a broken save keeps the last good
// picture), a Shadertoy's keyboard, pause and speed, S saving a PNG and V a video.
//
//   toy-window shaders/shadertoy/plasma.glsl [--quit-after SECONDS]
import Foundation
import Glint

var arguments = Array(CommandLine.arguments.dropFirst())
var seconds: Double?
if let flag = arguments.firstIndex(of: "--quit-after"), flag + 1 < arguments.count {
    seconds = Double(arguments[flag + 1])
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: toy-window FILE [--quit-after SECONDS]\n".utf8))
    exit(2)
}
let path = arguments[0]
do {
    let effect = try EffectFile.load(contentsOf: path)
    var window = Window("Glint — \((path as NSString).lastPathComponent)", size: CGSize(width: 320, height: 200)) {
        EffectView(effect)
    }
    window.captureName = "toy"
    try window.run(quitAfter: seconds)
} catch {
    FileHandle.standardError.write(Data("toy-window: \(error)\n".utf8))
    exit(1)
}
