// Writes to an output buffer, which a SwiftUI effect cannot: refused at its line and column.
// Test fixture written for Glint's tests.
#include <metal_stdlib>
using namespace metal;

[[ stitchable ]] half4 output(float2 position, half4 color,
                              device float *written, int count) {
    written[0] = position.x;
    return color;
}
