// A glassy bubble of `radius` points around the pointer: the content bends toward its rim, which glows, with a highlight at its top-left.
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float2 bubbleSpotCentre = float2(-0.4, -0.45);  // the highlight's centre, in bubble radii from the bubble's (up and left)
constant float bubbleSpotRadius = 0.3;                   // the highlight's radius, in bubble radii
constant float bubbleSpotOpacity = 0.75;                 // the highlight's opacity at its centre
constant float bubbleRimOpacity = 0.5;                   // the rim's opacity at the bubble's edge
constant float bubbleRimFalloff = 3.0;                   // how quickly the rim fades toward the centre (a power)
constant float bubbleEdgeWidth = 1.0;                    // points over which the bubble's edge fades out

[[ stitchable ]] half4 bubble(float2 position, SwiftUI::Layer layer, float2 pointer, float radius, float strength, half4 highlight) {
    float2 offset = position - pointer;
    float reach = length(offset);
    if (reach >= radius) {
        return layer.sample(position);
    }
    float2 unit = offset / radius;                  // the position in bubble radii
    float height = sqrt(1.0 - dot(unit, unit));     // the sphere's surface: 1 at the centre, 0 at the edge
    // Toward the edge the glass is steeper and the view is pulled in toward the centre.
    half4 seen = layer.sample(position - offset * strength * (1.0 - height));
    float rim = bubbleRimOpacity * pow(1.0 - height, bubbleRimFalloff);
    float spot = bubbleSpotOpacity * (1.0 - smoothstep(0.0, bubbleSpotRadius, length(unit - bubbleSpotCentre)));
    float shine = saturate(rim + spot) * saturate((radius - reach) / bubbleEdgeWidth);
    return seen * half(1.0 - shine) + highlight * half(shine);
}
