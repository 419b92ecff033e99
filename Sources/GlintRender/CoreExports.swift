// What GlintRender's clients used from it before these moved to GlintCore as pure file and text
// work: they still come with `import GlintRender`.
@_exported import enum GlintCore.RenderError
@_exported import enum GlintCore.PathBytes
@_exported import enum GlintCore.BoundedFile
