// Squares of `size` points alternating between the content and a colour, from the view's top-left.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 checkerboard(float2 position, half4 color, half4 replacement, float size) {
    int2 cell = int2(floor(position / max(size, 1.0)));
    bool odd = ((cell.x + cell.y) & 1) == 1;
    return odd ? replacement * color.a : color;
}
