// A transition that blows the content away to the right in streaks `streak` points high, each leaving at its own moment and fading as it travels: gone at progress 1.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float windTransitionSpread = 0.5;       // the share of the transition over which the streaks' departures are spread
constant float windTransitionShortest = 0.5;     // the shortest a streak's journey, a fraction of `travel`
constant float windTransitionHashRange = 4294967296.0;  // 2^32: a hash as a fraction in [0, 1)

// A well-mixed 32-bit hash of a whole number (a permuted congruential step).
static uint windTransitionHash(uint x) {
    x = x * 747796405u + 2891336453u;
    x = ((x >> ((x >> 28u) + 4u)) ^ x) * 277803737u;
    return (x >> 22u) ^ x;
}

[[ stitchable ]] half4 windTransition(float2 position, SwiftUI::Layer layer, float progress, float streak, float travel) {
    uint row = uint(int(floor(position.y / max(streak, 1.0))));
    uint hashed = windTransitionHash(row);
    // When this streak leaves (0 … windTransitionSpread), and how far along its journey it is (0 … 1).
    float leaves = windTransitionSpread * (float(hashed) / windTransitionHashRange);
    float gone = saturate((progress - leaves) / (1.0 - windTransitionSpread));
    float journey = travel * mix(windTransitionShortest, 1.0, float(windTransitionHash(hashed)) / windTransitionHashRange);
    half4 seen = layer.sample(position - float2(gone * gone * journey, 0.0));
    return seen * half(1.0 - gone);
}
