// A blur whose radius at each point is `radius` points times the mask image's value there (black sharp, white the full radius).
// Glint's effect collection, written for Glint from the effect's maths.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// Taps on a golden-angle spiral over the disc of the point's reach: 2.5 a point of reach, so
// they lie about as far apart at any reach, from 8 up to 32.
constant int variableBlurMaxTaps = 32;
constant int variableBlurMinTaps = 8;
constant float variableBlurTapsPerPoint = 2.5;
// The golden angle, π(3 − √5) radians, as its cosine and sine: each tap turns by it from the last.
constant float variableBlurTurnCos = -0.7373688;
constant float variableBlurTurnSin = 0.6754903;

[[ stitchable ]] half4 variableBlur(float2 position, SwiftUI::Layer layer, float4 bounds, texture2d<half> mask, float radius) {
    constexpr sampler maskSampler(address::clamp_to_edge, filter::linear);
    float2 uv = (position - bounds.xy) / max(bounds.zw, float2(1.0));
    float reach = radius * float(mask.sample(maskSampler, uv).r);
    if (reach < 0.5) {
        return layer.sample(position);  // under half a point: nothing to blur
    }
    int taps = clamp(int(ceil(reach * variableBlurTapsPerPoint)), variableBlurMinTaps, variableBlurMaxTaps);
    float count = float(taps);
    float4 sum = float4(0.0);
    float total = 0.0;
    float2 turn = float2(1.0, 0.0);
    // Tap i lies √((i + ½) / taps) of the way out, so the taps cover the disc evenly, and weighs
    // exp(−2r²) for that fraction r: a Gaussian of σ half the reach, each weight a fixed ratio of the last.
    float weight = exp(-1.0 / count);
    float ratio = exp(-2.0 / count);
    for (int i = 0; i < variableBlurMaxTaps; i++) {
        if (i >= taps) {
            break;
        }
        float r = sqrt((float(i) + 0.5) / count);
        sum += float4(layer.sample(position + turn * (reach * r))) * weight;
        total += weight;
        weight *= ratio;
        turn = float2(turn.x * variableBlurTurnCos - turn.y * variableBlurTurnSin,
                      turn.x * variableBlurTurnSin + turn.y * variableBlurTurnCos);
    }
    return half4(sum / total);
}
