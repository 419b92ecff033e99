// Seed 000's shader, harmonicColorEffect, written here in Metal from the seed's description
// (/work/shared/seeds/000: its formulas and its six-colour palette): glowing harmonic waves
// across the view, white at rest, coloured as `mixCoeff` goes to 1. As the seed's, it divides
// by zero exactly on a curve (the glow saturates to white there).
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// Distance from the wave of amplitude `a`, lifted by `offset`, of `frequency` and `phase`.
float harmonicSDF(float2 uv, float a, float offset, float frequency, float phase) {
    return abs((uv.y - offset) + a * cos(frequency * uv.x + phase));
}

// `intensity` over the distance raised to `strength`.
float glow(float x, float strength, float intensity) {
    return intensity / pow(x, strength);
}

// The palette: a colour for each of the first six waves, white past them.
float3 getColor(int t) {
    if (t == 0) { return float3(0.482, 0.831, 0.855); }
    if (t == 1) { return float3(0.412, 0.412, 0.847); }
    if (t == 2) { return float3(0.941, 0.314, 0.412); }
    if (t == 3) { return float3(0.275, 0.490, 0.941); }
    if (t == 4) { return float3(0.078, 0.863, 0.863); }
    if (t == 5) { return float3(0.784, 0.627, 0.549); }
    return float3(1.0);
}

[[ stitchable ]] half4 harmonicColorEffect(
    float2 pos,
    half4 color,
    float4 bounds,
    float wavesCount,
    float time,
    float amplitude,
    float mixCoeff
) {
    float2 uv = pos / float2(bounds.z, bounds.w) - 0.5;
    float a = cos(uv.x * 3.0) * amplitude * 0.2;
    float offset = sin(uv.x * 12.0 + time) * a * 0.1;
    float frequency = mix(3.0, 12.0, mixCoeff);
    float glowWidth = mix(0.6, 0.9, mixCoeff);
    float glowIntensity = mix(0.02, 0.01, mixCoeff);
    float3 finalColor = float3(0.0);
    for (float i = 0.0; i < wavesCount; i++) {
        float phase = time + i * M_PI_F / wavesCount;
        float sdfDist = harmonicSDF(uv, a, offset, frequency, phase);
        float glowDist = glow(sdfDist, glowWidth, glowIntensity);
        float3 waveColor = mix(float3(1.0), getColor(int(round(i))), mixCoeff);
        finalColor += waveColor * glowDist;
    }
    finalColor = clamp(finalColor, 0.0, 1.0);
    return half4(half3(finalColor), 1.0h);
}
