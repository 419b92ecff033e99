// Ripples as if the content were seen through moving water: three crossing waves tilt the surface and bend the view.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float waterRippleLength = 100.0;  // points: `frequency` counts ripples over this length
// The three waves' directions (unit vectors, 20°, 140° and 260°), and each one's wave number and speed
// relative to the first, a little apart so that the pattern never repeats exactly.
constant float2 waterDirection1 = float2(0.9397, 0.3420);
constant float2 waterDirection2 = float2(-0.7660, 0.6428);
constant float2 waterDirection3 = float2(-0.1736, -0.9848);
constant float3 waterWaveNumbers = float3(1.0, 1.3, 0.8);
constant float3 waterSpeeds = float3(1.0, 0.8, 1.2);

[[ stitchable ]] float2 water(float2 position, float time, float speed, float strength, float frequency) {
    float k = 2.0 * M_PI_F * frequency / waterRippleLength;  // radians per point
    float phase = 2.0 * M_PI_F * speed * time;                // radians
    float3 angles = k * waterWaveNumbers * float3(dot(waterDirection1, position), dot(waterDirection2, position), dot(waterDirection3, position))
        + phase * waterSpeeds;
    // Each wave's slope bends the view along its direction; the three together move a pixel at most `strength` points.
    float2 slope = waterDirection1 * cos(angles.x) + waterDirection2 * cos(angles.y) + waterDirection3 * cos(angles.z);
    return position + slope * (strength / 3.0);
}
