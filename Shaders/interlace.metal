// Horizontal lines of a colour, `width` points thick every `spacing` points from the top, mixed over the content by `strength`.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 interlace(float2 position, half4 color, half4 lineColor, float spacing, float width, float strength) {
    float period = max(spacing, 1.0);
    // Points below the top of this period's line (floored, so rows above the view repeat too).
    float row = position.y - period * floor(position.y / period);
    if (row >= width) {
        return color;
    }
    return mix(color, lineColor * color.a, half4(half(strength)));
}
