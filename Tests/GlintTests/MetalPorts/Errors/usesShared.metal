// Includes Shared.metal, whose line 6 does not compile.
// Test fixture written for Glint's tests.
#include "Shared.metal"

[[ stitchable ]] half4 usesShared(float2 position, half4 color) {
    return half4(shade(position.x), 0, 0, 1);
}
