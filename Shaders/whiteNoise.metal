// Grey noise: every cell of `grain` points a random grey, drawn anew `speed` times a second.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// 32 well-spread bits from a cell and a frame number: each input times its own odd constant,
// then xor-shifts and multiplies so that every input bit reaches every output bit.
static uint whiteNoiseHash(int2 cell, uint frame) {
    uint h = (uint(cell.x) * 0x8da6b343u) ^ (uint(cell.y) * 0xd8163841u) ^ (frame * 0xcb1ab31fu);
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

[[ stitchable ]] half4 whiteNoise(float2 position, half4 color, float time, float speed, float grain) {
    int2 cell = int2(floor(position / max(grain, 1.0)));
    uint frame = uint(max(floor(time * speed), 0.0));
    // The top 24 bits, exact in a float, as a grey from 0 to 1.
    float grey = float(whiteNoiseHash(cell, frame) >> 8) / 16777215.0;
    return half4(half3(half(grey)), 1.0h) * color.a;
}
