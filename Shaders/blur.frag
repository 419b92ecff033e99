// A Gaussian blur of the view's layer, radius points each side (σ = radius / 2), drawn as two one-dimensional passes.
// Ports seed 002's layer-effect Gaussian blur (../shared/seeds/002_8dd7ab31d13cf706.txt), with a true kernel instead of its 9 taps.
// glint: separable, sigma = 0.5 * radius (0…GLINT_BLUR_MAX_RADIUS)
//
// A layer effect drawn twice: the pipeline draws files carrying the marker above once with
// glint_passDirection = (1, 0) into an intermediate layer, then again with (0, 1) over that result.
// Each pass takes a tap at every pixel offset d in [-R, R], R = floor(radius · glint_scale) pixels,
// weighted exp(-d² / (2σ²)) with σ = radius / 2 · glint_scale pixels, normalised to sum 1; the two
// passes multiply to the full 2-D Gaussian over the (2R + 1)² window.
//
// Fetches are halved by linear sampling: taps d and d + 1 (weights w₁, w₂) are read as one bilinear
// sample at d + w₂ / (w₁ + w₂) between the two pixel centres, so a pass costs 1 + ⌈R / 2⌉·2 fetches.
// That relies on the layer being linearly filtered and pixel-aligned with this pass (position is a
// pixel centre). Taps are read straight from the layer through glint_layerBordered, without
// layerSample's check that they lie where they may be sampled: the pipeline keeps the layer
// transparent outside what this pass may sample, and that sampler reads transparent past the
// texture's edges, so a tap outside reads transparent, as layerSample would, and a pair whose outer
// tap is outside reads its inner tap alone.
//
// Each radius at each scale gets a program of its own in which both are constants (the marker
// below): the taps and their weights are then known when the shader is compiled and the loop
// unrolls. On llvmpipe that draws a radius of 8 points 2.5 times as fast as a loop whose count is
// only known when drawing, which it compiles to slow masked code.
//
// radius is clamped to 0…GLINT_BLUR_MAX_RADIUS points (the pipeline defines it from the radius's one
// declaration, EffectDeclaration.Blur.radius) and R to that bound at scale 4, so a pass takes at most
// 2R + 1 taps in R + 1 fetches; above scale 4 the kernel is cut there. A radius whose σ is under half a
// pixel returns the layer unchanged.
//
// The marker's `sigma = 0.5 * radius` lets the pipeline draw a wide blur at reduced resolution: from
// σ = 8 pixels up, with k = floor(σ / 4), the first pass runs only at every k-th column and the second
// only at every k-th row of those, each still taking every full-resolution tap, so what they compute
// is the exact blur at those pixels; the pipeline then interpolates between them (Catmull-Rom). The
// taps per pixel grow with σ but the pixels computed shrink as 1/k and 1/k², so the cost stays about
// that of a radius of 3 points. This file needs nothing for it: its positions arrive at those pixels.

// glint: constant radius, glint_scale
// glint_passDirection (declared by the prelude) is (1, 0) on the first pass, (0, 1) on the second; one step is one pixel

const float blurMaxRadius = GLINT_BLUR_MAX_RADIUS;  // points
const int blurMaxTaps = 4 * int(blurMaxRadius);     // pixels each side: blurMaxRadius at scale 4

vec4 blur(vec2 position, Layer layer, float radius) {
    float sigma = 0.5 * clamp(radius, 0.0, blurMaxRadius) * glint_scale;  // pixels
    if (sigma < 0.5) {
        return layerSample(layer, position);
    }
    // The small bias keeps e.g. 1.1 · 3 (3.2999999 in float) from losing its last tap to rounding.
    int taps = min(int(floor(2.0 * sigma + 1.0e-3)), blurMaxTaps);
    float inverseTwoSigmaSquared = 1.0 / (2.0 * sigma * sigma);
    vec2 centre = glint_layerCoordinate(position);
    vec2 pixelStep = glint_layerCoordinate(position + glint_passDirection / glint_scale) - centre;  // one pixel

    vec4 sum = texture(glint_layerBordered, centre);
    float total = 1.0;
    for (int d = 1; d <= taps; d += 2) {
        float near = exp(-float(d * d) * inverseTwoSigmaSquared);
        float far = d + 1 <= taps ? exp(-float((d + 1) * (d + 1)) * inverseTwoSigmaSquared) : 0.0;
        vec2 offset = pixelStep * (float(d) + far / (near + far));
        sum += (near + far) * (texture(glint_layerBordered, centre + offset) + texture(glint_layerBordered, centre - offset));
        total += 2.0 * (near + far);
    }
    return sum / total;
}
