// The ripple of Apple's WWDC24 sample "Create custom visual effects with SwiftUI", written
// here from its described behaviour: a ring spreads from the touch at `speed` points per
// second; where it has arrived the layer is sampled pushed along the line from the touch by a
// damped sine of the time since it arrived, and lightened by the same amount.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Ripple(
    float2 position,
    SwiftUI::Layer layer,
    float2 origin,
    float time,
    float amplitude,
    float frequency,
    float decay,
    float speed
) {
    float2 away = position - origin;
    float distance = length(away);
    // Seconds since the ring reached this point (0 before it has).
    float since = max(0.0, time - distance / speed);
    float push = amplitude * sin(frequency * since) * exp(-decay * since);
    float2 direction = distance > 0.0 ? away / distance : float2(0.0);
    half4 color = layer.sample(position + push * direction);
    color.rgb += half(0.3 * push / amplitude) * color.a;
    return color;
}
