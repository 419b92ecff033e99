// Coloured noise: every cell of `grain` points a random red, green and blue, drawn anew `speed` times a second.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// 32 well-spread bits from a cell and a frame number: each input times its own odd constant,
// then xor-shifts and multiplies so that every input bit reaches every output bit.
static uint rainbowNoiseHash(int2 cell, uint frame) {
    uint h = (uint(cell.x) * 0x8da6b343u) ^ (uint(cell.y) * 0xd8163841u) ^ (frame * 0xcb1ab31fu);
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

[[ stitchable ]] half4 rainbowNoise(float2 position, half4 color, float time, float speed, float grain) {
    int2 cell = int2(floor(position / max(grain, 1.0)));
    uint frame = uint(max(floor(time * speed), 0.0));
    uint h = rainbowNoiseHash(cell, frame);
    // One byte of the hash for each channel.
    float3 bytes = float3(float(h & 0xffu), float((h >> 8) & 0xffu), float((h >> 16) & 0xffu));
    return half4(half3(bytes / 255.0), 1.0h) * color.a;
}
