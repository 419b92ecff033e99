// A round magnifier of `radius` points centred on the pointer, showing the content under it `zoom` times larger.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 simpleLoupe(float2 position, SwiftUI::Layer layer, float2 pointer, float radius, float zoom) {
    float2 offset = position - pointer;
    if (length(offset) >= radius) {
        return layer.sample(position);
    }
    return layer.sample(pointer + offset / max(zoom, 1.0));
}
