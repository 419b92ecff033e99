// A glow round the pointer that breathes with time: a colour function the command line runs.
// Test fixture written for Glint's tests.
#include "Common.metal"

// Warm within a quarter of the view's diagonal of the pointer, pulsing once a second.
[[ stitchable ]] half4 glow(float2 position, half4 color, float2 size, float time, float2 pointer) {
    float d = distance(position, pointer) / length(size);
    half pulse = 0.75h + 0.25h * sin(time * tau);
    half g = saturate(1 - d * 4) * pulse;
    return half4(mix(ink, half3(1, 0.8h, 0.4h), g), 1);
}
