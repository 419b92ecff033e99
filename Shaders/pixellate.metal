// The content in square blocks of `size` points from the view's top-left, each the colour at its block's centre.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 pixellate(float2 position, SwiftUI::Layer layer, float4 bounds, float size) {
    float side = max(size, 1.0);
    float2 corner = bounds.xy + floor((position - bounds.xy) / side) * side;
    // The part of the block inside the view: a block cut by the right or bottom edge takes the centre of what shows.
    float2 low = max(corner, bounds.xy);
    float2 high = min(corner + side, bounds.xy + bounds.zw);
    if (low.x >= high.x || low.y >= high.y) {
        return layer.sample(position);  // outside the view (a pass grown by an earlier one): as it is
    }
    return layer.sample((low + high) * 0.5);
}
