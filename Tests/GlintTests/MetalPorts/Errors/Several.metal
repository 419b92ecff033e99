// Two mistakes the GL compiler reports in several lines: a helper given a vector where it takes
// a number (the driver lists the candidates), and a name never declared.
// Test fixture written for Glint's tests.
#include <metal_stdlib>
using namespace metal;

half level(int steps) { return 1.0h / steps; }

[[ stitchable ]] half4 several(float2 position, half4 color) {
    half a = level(position);
    half b = position.x * notDeclared;
    return half4(a, b, 0, 1);
}
