// The classic Siri waveform: numberOfWaves anti-aliased sine strokes under a parabolic envelope, on black.
// Port of seed 001 (the UIBezierPath waveform); strokes by true distance to each curve, widths in points.

//
// Called by position:
//   ShaderLibrary.waveform(.float(phase), .float(amplitude), .float(frequency), .float(numberOfWaves),
//                          .float(primaryLineWidth), .float(secondaryLineWidth), .color(waveColor), .color(backgroundColor))
// phase:              the seed's phase, radians
// amplitude:          idleAmplitude at rest, springing to the held amplitude
// frequency:          sine periods across the view's width
// numberOfWaves:      how many waves; wave 0 is the primary
// primaryLineWidth:   points
// secondaryLineWidth: points
// waveColor:          premultiplied
// backgroundColor:    premultiplied

// Each value of numberOfWaves gets a program of its own, in which it is a constant bounding the wave loop.
// glint: constant numberOfWaves
// And each scale: with it and the view's size constants (the arguments at rest), the choice between the
// tangent and the closest-point search below is made when the program is compiled.
// glint: constant glint_scale

const float PI = 3.14159265358979;
// Newton steps towards the closest point of a curve, from the fragment's own x. Wherever a stroke
// covers anything, two land within a thousandth of a pixel in a landscape view, within a tenth
// where the waves are as steep as in a 200x800 one.
const int CLOSEST_POINT_STEPS = 2;

// Every wave is the same shape, scaled: y_i(x) = height/2 + A_i · f(x), with
// f(x) = (1 − ((x − mid)/mid)²) · sin(k·x + phase) and k = 2π · frequency / width. Each fragment
// expands f around its own x once (Taylor, to the fourth derivative) and every wave's closest-point
// search runs on that polynomial: one sin and one cos per pixel, however many waves. Within a
// stroke's reach of the fragment the expansion is off by about |A|·(k·reach)⁵/120 points, far below
// a thousandth of a pixel for the seed's shapes.
struct Expansion {
    float f0, f1, f2, f3, f4;  // f and its first four derivatives at the fragment's x
};

Expansion expand(float x, float width, float frequency, float phase) {
    float mid = 0.5 * width;
    float k = 2.0 * PI * frequency / width;
    float a = k * x + phase;
    float S = sin(a);
    float C = cos(a);
    float u = (x - mid) / mid;
    // The envelope s = 1 − u² is a parabola: s‴ = 0.
    float s0 = 1.0 - u * u;
    float s1 = -2.0 * u / mid;
    float s2 = -2.0 / (mid * mid);
    float k2 = k * k;
    return Expansion(
        s0 * S,
        s1 * S + s0 * k * C,
        s2 * S + 2.0 * s1 * k * C - s0 * k2 * S,
        3.0 * s2 * k * C - 3.0 * s1 * k2 * S - s0 * k2 * k * C,
        -6.0 * s2 * k2 * S - 4.0 * s1 * k2 * k * C + s0 * k2 * k2 * S);
}

// f, f′ and f″ at dx from the fragment's x.
vec3 shapeAt(Expansion e, float dx) {
    return vec3(e.f0 + dx * (e.f1 + dx * (e.f2 / 2.0 + dx * (e.f3 / 6.0 + dx * e.f4 / 24.0))),
                e.f1 + dx * (e.f2 + dx * (e.f3 / 2.0 + dx * e.f4 / 6.0)),
                e.f2 + dx * (e.f3 + dx * e.f4 / 2.0));
}

// How much of this pixel a stroke of `width` pixels covers, `d` pixels (0 or more) from its centre line:
// the overlap of the stroke's cross-section with a one-pixel box, so a column sums to the width. The box
// spans d ± 0.5 and the stroke ±width/2: a stroke a pixel wide or more covers the box's near half
// wherever it covers anything, a thinner one at most its width.
float strokeCoverage(float d, float width) {
    return clamp(0.5 + 0.5 * width - d, 0.0, min(width, 1.0));
}

// Coverage at `p` (points) of the stroke, `width` points wide, of the wave y = centreY + A · f(x).
// The curve is the seed's path from x = 0 to x = viewWidth with butt caps; distance is measured to
// the nearest point of the curve, not vertically, so steep stretches keep their width. Where the waves
// are `straight` (they bend too little to matter within a stroke's reach: see waveform()), that is the
// distance to the curve's tangent at the pixel's own x; elsewhere a closest-point search.
float waveCoverage(Expansion e, float A, vec2 p, float centreY, float width, float viewWidth, bool straight) {
    float dx;     // from the pixel's x to the closest point's (points)
    float slope;  // the curve's slope there
    float d;      // the distance to the curve (pixels)
    if (straight) {
        float v = centreY + A * e.f0 - p.y;  // from the pixel up or down to the curve, at its own x
        slope = A * e.f1;
        float q = inversesqrt(1.0 + slope * slope);
        d = abs(v) * q * glint_scale;
        dx = -v * slope * q * q;  // the tangent's foot
    } else {
        float reach = 0.5 * width + 1.0 / glint_scale;
        // The whole curve lies within |A| of the centre line.
        if (abs(p.y - centreY) > abs(A) + reach) {
            return 0.0;
        }
        // Closest point (p.x + dx, y(p.x + dx)): Newton on g(dx) = dx + (y − p.y)·y′, the derivative of
        // half the squared distance. A point that covers anything lies less than `reach` away, so less
        // than that sideways too. The floor on g′ only matters far from the curve.
        dx = 0.0;
        vec3 c = A * shapeAt(e, dx) + vec3(centreY, 0.0, 0.0);
        for (int n = 0; n < CLOSEST_POINT_STEPS; n++) {
            float g = dx + (c.x - p.y) * c.y;
            float dg = 1.0 + c.y * c.y + (c.x - p.y) * c.z;
            dx = clamp(dx - g / max(dg, 0.1), -reach, reach);
            c = A * shapeAt(e, dx) + vec3(centreY, 0.0, 0.0);
        }
        d = length(vec2(dx, c.x - p.y)) * glint_scale;
        slope = c.y;
    }
    // Butt caps at x = 0 and x = viewWidth: how far inside the ends, along the curve, in pixels.
    float t = p.x + dx;
    float inside = min(t, viewWidth - t) * sqrt(1.0 + slope * slope) * glint_scale;
    return strokeCoverage(d, width * glint_scale) * clamp(0.5 + inside, 0.0, 1.0);
}

vec4 waveform(vec2 position, vec4 color, float phase, float amplitude, float frequency, float numberOfWaves,
              float primaryLineWidth, float secondaryLineWidth, vec4 waveColor, vec4 backgroundColor) {
    vec2 size = glint_viewSize;
    float maxAmplitude = 0.5 * size.y - primaryLineWidth;
    vec4 result = backgroundColor;
    int count = int(numberOfWaves + 0.5);
    // No wave reaches further from the centre line than 0.8·amplitude·maxAmplitude (|1.5·progress − 0.8|
    // peaks at 0.8 as progress nears 0), plus half the widest stroke and a pixel: most of the view
    // is background and needs no expansion at all.
    float reach = 0.8 * abs(amplitude * maxAmplitude) + 0.5 * max(primaryLineWidth, secondaryLineWidth) + 1.0 / glint_scale;
    if (abs(position.y - 0.5 * size.y) > reach) {
        return result;
    }
    // How far the tangent at a pixel's own x strays from the curve within a stroke's reach of it
    // (half the widest stroke and a pixel): under bend · reach² / 2 for a curve whose second derivative
    // stays under `bend`, and every wave's does
    // (|f″| ≤ |s″| + 2|s′|·k + |s|·k² for f = s · sin, with s the envelope). Under a thousandth of a pixel
    // the tangent stands for the curve: the waves at rest in a landscape view (0.0007 pixels at 960x600).
    // With the arguments at rest and the view's size a constant, the choice is made when the program is
    // compiled, and the search is left out of it.
    float mid = 0.5 * size.x;
    float k = 2.0 * PI * frequency / size.x;
    float bend = 0.8 * abs(amplitude * maxAmplitude) * (2.0 / (mid * mid) + 4.0 * k / mid + k * k);
    float strokeReach = 0.5 * max(primaryLineWidth, secondaryLineWidth) + 1.0 / glint_scale;
    bool straight = 0.5 * bend * strokeReach * strokeReach * glint_scale < 1e-3;
    Expansion e = expand(position.x, size.x, frequency, phase);
    // The seed's drawing order: each stroke goes over the ones before it, with its alpha.
    for (int i = 0; i < count; i++) {
        float progress = 1.0 - float(i) / float(count);
        float normedAmplitude = (1.5 * progress - 0.8) * amplitude;
        float multiplier = min(1.0, progress / 3.0 * 2.0 + 1.0 / 3.0);
        float width = i == 0 ? primaryLineWidth : secondaryLineWidth;
        float alpha = multiplier * waveCoverage(e, maxAmplitude * normedAmplitude, position, 0.5 * size.y, width, size.x, straight);
        result = waveColor * alpha + result * (1.0 - waveColor.a * alpha);
    }
    return result;
}
