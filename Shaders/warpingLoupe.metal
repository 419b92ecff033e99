// A round magnifier of `radius` points centred on the pointer: `zoom` times larger at its centre, easing smoothly back to the content's own size at its edge.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 warpingLoupe(float2 position, SwiftUI::Layer layer, float2 pointer, float radius, float zoom) {
    float2 offset = position - pointer;
    float r = length(offset) / max(radius, 0.001);  // 0 at the pointer, 1 at the edge
    if (r >= 1.0) {
        return layer.sample(position);
    }
    // The magnification eases from `zoom` to 1 along a smoothstep, so the lens has no visible rim.
    float ease = r * r * (3.0 - 2.0 * r);
    float scale = mix(1.0 / max(zoom, 1.0), 1.0, ease);
    return layer.sample(pointer + offset * scale);
}
