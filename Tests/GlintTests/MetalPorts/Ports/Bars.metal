// Bars and greys read from a .data argument: its bytes, and its words as floats.
// Test fixture written for Glint's tests.
#include "Common.metal"

// Bars 10 points wide, rising from the bottom as many points as each byte says.
[[ stitchable ]] half4 bars(float2 position, half4 color, device const void *heights, int count, float4 bounds) {
    int column = position.x / 10;
    if (column >= count) return half4(0, 0, 0, 1);
    uint height = ((device const uchar *)heights)[column];
    return bounds.w - position.y < height ? half4(ink, 1) : color;
}

// Columns 10 points wide, each the grey of one float of the data (the last repeated).
[[ stitchable ]] half4 greys(float2 position, half4 color, device const void *data, int size) {
    device const float *values = (device const float *)data;
    int i = min(int(position.x / 10), size / 4 - 1);
    return half4(half3(values[i]), 1);
}
