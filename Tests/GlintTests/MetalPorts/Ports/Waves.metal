// Waves: a sum of sines over a loop of uints, its level picked by a switch.
// Test fixture written for Glint's tests.
#include "Common.metal"

// The sum of waveCount sines along x, each of twice the frequency and half the amplitude.
float waves(float x, float time) {
    float sum = 0;
    for (uint i = 0; i < waveCount; i++) {
        float k = 1 << i;
        sum += sin(x * k * tau / 40 + time) / k;
    }
    return sum;
}

// Red, green or blue by the quarter the waves are in; grey above.
[[ stitchable ]] half4 waveLevels(float2 position, half4 color, float time) {
    float v = 0.5 + 0.25 * waves(position.x, time);
    int level = v * 4;
    switch (level) {
        case 0: return half4(1, 0, 0, 1);
        case 1: return half4(0, 1, 0, 1);
        case 2: return half4(0, 0, 1, 1);
        default: return half4(half3(v), 1);
    }
}
