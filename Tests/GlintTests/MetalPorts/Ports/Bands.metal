// Bands, checks and grey levels: several stitchable functions sharing Common.metal's helpers.
// Test fixture written for Glint's tests.
#include "Common.metal"

// White in every other band `width` points wide, ink in the rest.
[[ stitchable ]] half4 bands(float2 position, half4 color, float width) {
    half on = band(position.x, width);
    return half4(mix(ink, 1, on), 1);
}

// A checkerboard of `size`-point squares: the colour on odd squares, ink on even ones.
[[ stitchable ]] half4 checks(float2 position, half4 color, float size) {
    int2 cell = int2(position / size);
    bool odd = (cell.x + cell.y) & 1;
    return odd ? color : half4(ink, 1);
}

// The layer's luminance in `levels` grey steps.
[[ stitchable ]] half4 levels(float2 position, SwiftUI::Layer layer, float levels) {
    half4 c = layer.sample(position);
    half l = quantise(luma(c.rgb), levels);
    return half4(half3(l), 1) * c.a;
}
