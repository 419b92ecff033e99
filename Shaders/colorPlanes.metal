// The red and blue planes of the content moved `offset` points apart along `angle`, red one way and blue the other, green in place.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]] half4 colorPlanes(float2 position, SwiftUI::Layer layer, float offset, float angle) {
    float theta = angle * M_PI_F / 180.0;
    float2 shift = offset * float2(cos(theta), sin(theta));
    half4 red = layer.sample(position - shift);
    half4 green = layer.sample(position);
    half4 blue = layer.sample(position + shift);
    // Premultiplied: each channel is at most its own sample's alpha, so at most the largest.
    return half4(red.r, green.g, blue.b, max(max(red.a, green.a), blue.a));
}
