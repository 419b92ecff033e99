/// What a shader of another tool is loaded with besides its own files: the command line's
/// `-I DIR`, `-D NAME[=VALUE]` and `--texture [NAME=]FILE`. A value handed to each load (and kept
/// by the program, so a live reload reads the files as the first load did), never a setting
/// shared by the process: two loads with different options may run at once.
public struct ToyLoadOptions: Sendable, Equatable {
    /// A picture given on the command line: glslViewer's `u_tex0`, `u_tex1` … (no name) and
    /// `u_NAME`; ISF's image inputs by name (no name: the image inputs not named, in order).
    public struct Texture: Sendable, Equatable {
        public var name: String?
        public var path: String

        public init(name: String?, path: String) {
            self.name = name
            self.path = path
        }
    }

    /// Where a file's includes are looked for after its own folder (`-I DIR`), in order.
    public var includePaths: [String]
    /// What every pass is compiled with (`-D NAME=VALUE`), after its version line.
    public var defines: [ShaderDefine]
    /// The pictures given on the command line, in order. Shadertoy binds its images with
    /// `#iChannel` lines.
    public var textures: [Texture]

    public init(includePaths: [String] = [], defines: [ShaderDefine] = [], textures: [Texture] = []) {
        self.includePaths = includePaths
        self.defines = defines
        self.textures = textures
    }
}
