// `.blur(radius:opaque: true)`: blur.frag's Gaussian kept inside the view, the view's edge pixels standing in for what lies beyond.
// Part of the Glint pipeline, not a seed port (blur.frag ports seed 002's blur; this is its opaque form).
// glint: separable, sigma = 0.5 * radius (0…GLINT_BLUR_MAX_RADIUS)
//
// The same kernel as blur.frag (σ = radius / 2 · glint_scale pixels, a tap at every pixel out to radius, two taps read
// as one linear fetch), each tap's position clamped to the centres of the view's edge pixels. A pair of taps straddles
// the edge only when its inner tap is the edge pixel itself, so the clamped fetch reads both exactly.

// glint: constant radius, glint_scale

const float blurOpaqueMaxRadius = GLINT_BLUR_MAX_RADIUS;  // points: the pipeline's define (PipelineDefines)
const int blurOpaqueMaxTaps = 4 * int(blurOpaqueMaxRadius);     // pixels each side: blurOpaqueMaxRadius at scale 4

vec4 blurOpaque(vec2 position, Layer layer, float radius) {
    float sigma = 0.5 * clamp(radius, 0.0, blurOpaqueMaxRadius) * glint_scale;  // pixels
    if (sigma < 0.5) {
        return layerSample(layer, position);
    }
    int taps = min(int(floor(2.0 * sigma + 1.0e-3)), blurOpaqueMaxTaps);
    float inverseTwoSigmaSquared = 1.0 / (2.0 * sigma * sigma);
    vec2 low = vec2(0.5 / glint_scale);  // the centres of the edge pixels, in points
    vec2 high = glint_viewSize - low;
    vec2 pixelStep = glint_passDirection / glint_scale;  // one pixel, in points

    vec4 sum = texture(glint_layerBordered, glint_layerCoordinate(clamp(position, low, high)));
    float total = 1.0;
    for (int d = 1; d <= taps; d += 2) {
        float near = exp(-float(d * d) * inverseTwoSigmaSquared);
        float far = d + 1 <= taps ? exp(-float((d + 1) * (d + 1)) * inverseTwoSigmaSquared) : 0.0;
        vec2 offset = pixelStep * (float(d) + far / (near + far));
        sum += (near + far) * (texture(glint_layerBordered, glint_layerCoordinate(clamp(position + offset, low, high)))
                               + texture(glint_layerBordered, glint_layerCoordinate(clamp(position - offset, low, high))));
        total += 2.0 * (near + far);
    }
    return sum / total;
}
