// A transition that swirls the content round the view's centre, `turns` times at most (in the middle), shrinking and fading it into the centre: gone at progress 1.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float swirlTransitionLeast = 0.001;  // the smallest the content shrinks to before it is gone, a fraction of its size

[[ stitchable ]] half4 swirlTransition(float2 position, SwiftUI::Layer layer, float4 bounds, float progress, float turns) {
    float2 centre = bounds.xy + 0.5 * bounds.zw;
    float2 offset = position - centre;
    // 0 at the centre, 1 at the corners: the swirl turns the middle most and leaves the corners still.
    float r = min(length(offset) / (0.5 * length(bounds.zw)), 1.0);
    float angle = 2.0 * M_PI_F * turns * progress * (1.0 - r) * (1.0 - r);
    float c = cos(angle);
    float s = sin(angle);
    float2 turned = float2(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
    // Shrunk by 1 - progress: this position shows the content from further out.
    float2 source = centre + turned / max(1.0 - progress, swirlTransitionLeast);
    return layer.sample(source) * half(saturate(1.0 - progress * progress));
}
