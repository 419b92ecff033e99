// resource-probe's Metal effect, shipped as a resource of its target and called through
// ShaderLibrary.bundle(.module) and ShaderLibrary.default: rings round the top-left corner,
// `spacing` points apart, orange then black.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 rings(float2 position, half4 color, float spacing) {
    float d = length(position);
    return fmod(d, spacing) < spacing * 0.5 ? half4(1.0h, 0.5h, 0.0h, 1.0h) : half4(0.0h, 0.0h, 0.0h, 1.0h);
}
