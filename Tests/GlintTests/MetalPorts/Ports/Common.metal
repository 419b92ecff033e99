// Constants and helpers every port below includes, as a SwiftUI project's Common.metal is.
// Test fixture written for Glint's tests: Metal as a porter writes it, implicit conversions and all.
#pragma once
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float tau = 2 * M_PI_F;
constant half3 ink = half3(0.2h, 0.4h, 0.6h);
constant int waveCount = 4;

// The luminance of a colour, with Rec. 709's weights.
inline half luma(half3 c) {
    return dot(c, half3(0.2126h, 0.7152h, 0.0722h));
}

// 1 in every other band `width` points wide, counted from x = 0; 0 in the others.
inline half band(float x, float width) {
    return int(floor(x / width)) % 2;
}

// `v` (0…1) in `levels` steps: 0, 1 / (levels - 1), …, 1.
inline half quantise(half v, int levels) {
    return min(floor(v * levels), levels - 1) / (levels - 1);
}
