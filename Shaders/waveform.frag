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

// How much of this pixel a stroke of `width` pixels covers, `d` pixels from its centre line:
// the overlap of the stroke's cross-section with a one-pixel box, so a column sums to the width.
float strokeCoverage(float d, float width) {
    return clamp(min(d + 0.5 * width, 0.5) - max(d - 0.5 * width, -0.5), 0.0, 1.0);
}

// Coverage at `p` (points) of the stroke, `width` points wide, of the wave y = centreY + A · f(x).
// The curve is the seed's path from x = 0 to x = viewWidth with butt caps; distance is measured to
// the nearest point of the curve, not vertically, so steep stretches keep their width.
float waveCoverage(Expansion e, float A, vec2 p, float centreY, float width, float viewWidth) {
    float reach = 0.5 * width + 1.0 / glint_scale;
    // The whole curve lies within |A| of the centre line.
    if (abs(p.y - centreY) > abs(A) + reach) {
        return 0.0;
    }
    // Closest point (p.x + dx, y(p.x + dx)): Newton on g(dx) = dx + (y − p.y)·y′, the derivative of
    // half the squared distance. A point that covers anything lies less than `reach` away, so less
    // than that sideways too. The floor on g′ only matters far from the curve.
    float dx = 0.0;
    vec3 c = A * shapeAt(e, dx) + vec3(centreY, 0.0, 0.0);
    for (int n = 0; n < CLOSEST_POINT_STEPS; n++) {
        float g = dx + (c.x - p.y) * c.y;
        float dg = 1.0 + c.y * c.y + (c.x - p.y) * c.z;
        dx = clamp(dx - g / max(dg, 0.1), -reach, reach);
        c = A * shapeAt(e, dx) + vec3(centreY, 0.0, 0.0);
    }
    float d = length(vec2(dx, c.x - p.y)) * glint_scale;
    // Butt caps at x = 0 and x = viewWidth: how far inside the ends, along the curve, in pixels.
    float t = p.x + dx;
    float inside = min(t, viewWidth - t) * sqrt(1.0 + c.y * c.y) * glint_scale;
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
    Expansion e = expand(position.x, size.x, frequency, phase);
    // The seed's drawing order: each stroke goes over the ones before it, with its alpha.
    for (int i = 0; i < count; i++) {
        float progress = 1.0 - float(i) / float(count);
        float normedAmplitude = (1.5 * progress - 0.8) * amplitude;
        float multiplier = min(1.0, progress / 3.0 * 2.0 + 1.0 / 3.0);
        float width = i == 0 ? primaryLineWidth : secondaryLineWidth;
        float alpha = multiplier * waveCoverage(e, maxAmplitude * normedAmplitude, position, 0.5 * size.y, width, size.x);
        result = waveColor * alpha + result * (1.0 - waveColor.a * alpha);
    }
    return result;
}
