// Folds and mirrors: comparisons and ?: on vectors, which Metal evaluates per element.
// Test fixture written for Glint's tests.
#include "Common.metal"

// uv folded about the middle per element (kept below 0.5, 1 - uv above) in red and green;
// blue 1 where neither coordinate was folded, 0.25 elsewhere.
[[ stitchable ]] half4 fold(float2 position, half4 color, float4 bounds) {
    float2 uv = position / bounds.zw;
    bool2 low = uv < 0.5;
    float2 folded = low ? uv : 1 - uv;
    half kept = all(folded == uv) ? 1 : 0.25h;
    return half4(half2(folded * 2), kept, 1);
}

// The left half of a view `width` points wide, mirrored onto its right half.
[[ stitchable ]] float2 mirror(float2 position, float width) {
    return position.x < width / 2 ? position : float2(width - position.x, position.y);
}
