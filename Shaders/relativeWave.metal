// A sine wave through the content, its displacement a fraction of the view's size, so it looks the same at any size.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] float2 relativeWave(float2 position, float2 size, float time, float speed, float strength, float frequency) {
    float2 uv = position / size;
    float phase = 2.0 * M_PI_F * speed * time;
    // Columns sway up and down and rows sideways, `frequency` waves across the view, moving `speed` waves a second.
    float2 sway = float2(sin(2.0 * M_PI_F * frequency * uv.y - phase), sin(2.0 * M_PI_F * frequency * uv.x - phase));
    return position + sway * strength * size;
}
