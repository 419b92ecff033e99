// The Dark Side of the Moon cover: a white prism, the beam striking it, the dispersion inside and a six-colour rainbow, drawing itself in four stages.
// Ports seed 003 (Dark Side of the Moon in SwiftUI, ../shared/seeds/003_7e2019e5a3e395b5.txt), with PrismGeometry's formulas (Sources/GlintCore/PrismGeometry.swift).
//
// A colour effect that ignores the view's colour and is opaque. `bounds` is the view's rect in points; the
// cover fills its largest centred square (the seed's `.aspectRatio(1, contentMode: .fit)`), black around it.
// `progress` (0…1) is how far the drawing has got: four equal quarters, the outline traced from the top
// clockwise, the beam growing from the left, the dispersion and then the rainbow swept in from the left.
//
// Every edge is anti-aliased from signed distances measured in pixels. A shape's coverage is the sum of its
// half-planes' coverages less (count − 1), which is exact across one edge, falls to 0 for a shape of no area
// (dispersionSize or rainbowSize 0) and leaves no spikes at sharp corners. The rainbow is one quad whose
// outer edges alone are anti-aliased; a pixel's colour is red plus, for each slice boundary it is below, the
// step to the next colour times that boundary's coverage: each slice in its share of the pixel, so
// neighbouring slices meet with no seam, and slices thinner than a pixel average as their areas do.
//
// Written so that a version with the arguments as constants (at rest, or the finished cover) folds
// nearly everything but the position: each edge is a line whose value in pixels (prismAt) is two
// multiply-adds of the position then, with a coverage ramp's 0.5 folded in, and the scale is the
// pipeline's glint_scale, compiled in per scale. Nothing masks the square: the beam is cut at its left
// edge and the rainbow at its right, and nothing else comes near it (the renderer runs the program
// over the square alone, PrismEffect.extent, and clears around it). Where the square's edges fall on
// pixel edges, no pixel the pass runs over reaches past them (glint_passBounds, a constant at rest
// too), and the two cuts are left out of the version compiled.
// glint: constant glint_scale

const float PRISM_HALF_LINE = 1.0;  // points: half the seed's stroke(lineWidth: 2)
const float PRISM_STAGES = 4.0;
const float PRISM_SLICES = 6.0;

// SwiftUI's light-mode .red, .orange, .yellow, .green, .blue, .purple (sRGB), as PrismGeometry.sliceColors.
const vec3 PRISM_COLORS[6] = vec3[6](
    vec3(255.0, 59.0, 48.0) / 255.0,
    vec3(255.0, 149.0, 0.0) / 255.0,
    vec3(255.0, 204.0, 0.0) / 255.0,
    vec3(52.0, 199.0, 89.0) / 255.0,
    vec3(0.0, 122.0, 255.0) / 255.0,
    vec3(175.0, 82.0, 222.0) / 255.0
);

// The seed's point(atFraction:start:end:).
vec2 prismPoint(float fraction, vec2 start, vec2 end) {
    return start + (end - start) * fraction;
}

// The line through a and b as (n.x, n.y, c): n · p + c is the signed distance (points) from p to it,
// positive on the side a turn to the right of a → b takes on screen (y down): below a line that runs to the
// right. A line of no length is 0 everywhere.
vec3 prismLine(vec2 a, vec2 b) {
    vec2 d = b - a;
    float len = length(d);
    vec2 n = len > 1e-6 ? vec2(-d.y, d.x) / len : vec2(0.0);
    return vec3(n, -dot(a, n));
}

// The line's value at p in pixels, plus `offset` pixels. Grouped so that with the line, the scale and the
// offset constants (the arguments at rest) it is two multiply-adds of the position and nothing more.
float prismAt(vec3 line, vec2 p, float px, float offset) {
    return p.x * (line.x * px) + (p.y * (line.y * px) + (line.z * px + offset));
}

// How much of a pixel lies on the positive side of a line: its distance ramped over the pixel.
float prismRamp(vec3 line, vec2 p, float px) {
    return clamp(prismAt(line, p, px, 0.5), 0.0, 1.0);
}

// How much of a pixel lies inside a half-plane whose inner side is at signed distance `inside` pixels.
float prismCover(float inside) {
    return clamp(0.5 + inside, 0.0, 1.0);
}

// How much of a pixel lies within `halfWidth` pixels of a line at signed distance d pixels: a slab, exact
// for thin ones.
float prismBand(float d, float halfWidth) {
    // A slab a pixel wide or more: the far edge covers the pixel whole wherever the near one does not.
    if (halfWidth >= 0.5) return prismCover(halfWidth - abs(d));
    return max(prismCover(halfWidth - d) + prismCover(halfWidth + d) - 1.0, 0.0);
}

// How much of a pixel lies inside triangle a, b, c (either winding); 0 for one of no area. `sideBC` is
// the signed distance (pixels) from b → c, measured by the caller (the dispersion's side along the
// prism's: that side's line).
float prismTriangle(vec2 p, vec2 a, vec2 b, vec2 c, float sideBC, float px) {
    float winding = sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    float cover = prismRamp(winding * prismLine(a, b), p, px)
                + prismCover(winding * sideBC)
                + prismRamp(winding * prismLine(c, a), p, px);
    return clamp(cover - 2.0, 0.0, 1.0);
}

// How far one stage has got (0…1) at the drawing's `progress`, as PrismGeometry.progress(of:at:).
float prismStage(float progress, float stage) {
    return clamp(progress * PRISM_STAGES - stage, 0.0, 1.0);
}

// A vertical edge sweeping from x0 to x1 as t goes 0 → 1: the share of the pixel left of it. Nothing at 0,
// everything at 1 (the finished picture has no sweep edge).
float prismSweep(float x, float x0, float x1, float t, float px) {
    if (t <= 0.0) return 0.0;
    if (t >= 1.0) return 1.0;
    return prismCover((x0 + (x1 - x0) * t - x) * px);
}

vec4 prism(vec2 position, vec4 color, vec4 bounds, float lightFraction, float prismFraction, float dispersionSize, float rainbowSize, float progress) {
    float px = glint_scale;  // pixels per point
    vec2 p = position;

    // The square the seed's GeometryReader gets, and PrismPoints in it.
    float size = min(bounds.z, bounds.w);
    vec2 origin = bounds.xy + (bounds.zw - vec2(size)) * 0.5;
    float side = size / 3.0;
    float prismHeight = side * sin(3.14159265358979 / 3.0);
    float bottomY = (size + prismHeight) * 0.5;
    vec2 bottomLeft = origin + vec2(side, bottomY);
    vec2 bottomRight = origin + vec2(2.0 * side, bottomY);
    vec2 top = origin + vec2(size * 0.5, bottomY - prismHeight);

    float outlineStage = prismStage(progress, 0.0);
    float beamStage = prismStage(progress, 1.0);
    float dispersionStage = prismStage(progress, 2.0);
    float rainbowStage = prismStage(progress, 3.0);

    vec3 col = vec3(0.0);

    // The prism's right side, measured once (pixels): the dispersion's edge along it, the rainbow's and the outline's.
    float rightSide = prismAt(prismLine(top, bottomRight), p, px, 0.0);  // positive inside the prism

    // The beam: a 2-point stroke with butt caps from the left edge to the prism, grown from the left, and
    // cut at the square's left edge (its cap, square to the beam, reaches past it).
    vec2 lightStart = origin + vec2(0.0, size * lightFraction);
    vec2 lightEnd = prismPoint(prismFraction, top, bottomLeft);
    if (beamStage > 0.0) {
        vec2 d = lightEnd - lightStart;
        float len = length(d);
        vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
        float drawn = len * beamStage;
        // Across the beam, and along it from the middle of what is drawn.
        vec3 across = vec3(-dir.y, dir.x, dir.y * lightStart.x - dir.x * lightStart.y);
        vec3 along = vec3(dir, -dot(lightStart, dir) - 0.5 * drawn);
        float beam = prismBand(prismAt(across, p, px, 0.0), PRISM_HALF_LINE * px)
                   * prismBand(prismAt(along, p, px, 0.0), 0.5 * drawn * px);
        // No cut where the pass runs over no pixel left of the square (the renderer runs it over the
        // square's pixels): every pixel's centre is then half a pixel or more inside, where it is 1.
        if (glint_passBounds.x < origin.x) beam *= prismRamp(vec3(1.0, 0.0, -origin.x), p, px);
        col = mix(col, vec3(1.0), beam);
    }

    // The dispersion: the triangle from where the beam strikes to the span on the right side, white to black
    // from 0.45 to 0.55 of the width; swept in from its leftmost point.
    vec2 dispersionTop = prismPoint(prismFraction - dispersionSize * 0.5, top, bottomRight);
    vec2 dispersionBottom = prismPoint(prismFraction + dispersionSize * 0.5, top, bottomRight);
    if (dispersionStage > 0.0) {
        // The span runs down the right side for a positive dispersionSize, up it for a negative one.
        float spanSide = dispersionSize >= 0.0 ? rightSide : -rightSide;
        float cover = prismTriangle(p, lightEnd, dispersionTop, dispersionBottom, spanSide, px);
        float x0 = min(lightEnd.x, min(dispersionTop.x, dispersionBottom.x));
        float x1 = max(lightEnd.x, max(dispersionTop.x, dispersionBottom.x));
        cover *= prismSweep(p.x, x0, x1, dispersionStage, px);
        // 1 − (x − origin.x − 0.45·size) / (0.1·size), clamped: one multiply-add of x at rest.
        float inverseRamp = 1.0 / max(0.1 * size, 1e-6);
        float white = clamp(p.x * -inverseRamp + (1.0 + (origin.x + 0.45 * size) * inverseRamp), 0.0, 1.0);
        col = mix(col, vec3(white), cover);
    }

    // The rainbow: slice i joins the points at prismFraction − dispersionSize/2 + i·dispersionSize/6 (and the
    // next step) on the right side with the points at lightFraction − rainbowSize/2 + i·rainbowSize/6 (and the
    // next) of the height on the right edge. Boundary k runs from the k-th point on the prism to the k-th on the
    // edge; the whole rainbow lies below boundary 0, above boundary 6, right of the prism's right side and
    // left of the square's right edge, which the sweep reaches when it is done.
    if (rainbowStage > 0.0) {
        float leftStart = prismFraction - dispersionSize * 0.5;
        float rightStart = lightFraction - rainbowSize * 0.5;
        vec2 edge0 = origin + vec2(size, size * rightStart);
        vec2 edge6 = origin + vec2(size, size * (rightStart + rainbowSize));
        float cover = prismRamp(prismLine(dispersionTop, edge0), p, px)
                    + prismRamp(-prismLine(dispersionBottom, edge6), p, px)
                    + prismCover(-rightSide);
        cover = clamp(cover - 2.0, 0.0, 1.0);
        vec3 rainbow = PRISM_COLORS[0];
        for (int k = 1; k < 6; k++) {
            float f = float(k) / PRISM_SLICES;
            vec2 a = prismPoint(leftStart + dispersionSize * f, top, bottomRight);
            vec2 b = origin + vec2(size, size * (rightStart + rainbowSize * f));
            rainbow += (PRISM_COLORS[k] - PRISM_COLORS[k - 1]) * prismRamp(prismLine(a, b), p, px);
        }
        // Swept in from the dispersion's left to the square's right edge: left of x = sweep. Done, it is
        // the right edge, and no cut where the pass runs over no pixel right of it (as at the left).
        float x0 = min(dispersionTop.x, dispersionBottom.x);
        float right = origin.x + size;
        float sweep = rainbowStage < 1.0 ? x0 + (right - x0) * rainbowStage : right;
        if (rainbowStage < 1.0 || glint_passBounds.z > right) cover *= prismRamp(vec3(-1.0, 0.0, sweep), p, px);
        // Added, not laid over: the rainbow lies outside the prism's right side and the beam and the
        // dispersion inside it, so a pixel across that side holds each in its share.
        col += cover * rainbow;
    }

    // The prism: a 2-point stroke with mitred corners, on top. For a convex outline that is the band within a
    // point of the largest signed distance to its sides' lines; tracing shows the part whose place along the
    // outline (from the top, clockwise) has been reached.
    if (outlineStage > 0.0) {
        float d0 = -rightSide;
        float d1 = -prismAt(prismLine(bottomRight, bottomLeft), p, px, 0.0);
        float d2 = -prismAt(prismLine(bottomLeft, top), p, px, 0.0);
        float outside = max(d0, max(d1, d2));
        float stroke = prismBand(outside, PRISM_HALF_LINE * px);
        if (outlineStage < 1.0) {
            // The side this pixel belongs to (the mitred corners split along their bisectors) and how far
            // along the outline its nearest point is.
            vec2 a = top, b = bottomRight;
            float start = 0.0;
            if (d1 >= d0 && d1 >= d2) { a = bottomRight; b = bottomLeft; start = side; }
            else if (d2 > d0 && d2 > d1) { a = bottomLeft; b = top; start = 2.0 * side; }
            vec2 dir = (b - a) / max(side, 1e-6);
            float at = start + clamp(dot(p - a, dir), 0.0, side);
            stroke *= prismCover((3.0 * side * outlineStage - at) * px);
        }
        col = mix(col, vec3(1.0), stroke);
    }

    // Nothing else reaches the square's edges: the beam is cut at its left, the rainbow at its right, and the
    // square spans the view's shorter axis, where every pixel centre is half a pixel or more inside. So
    // every pixel outside the square is black, and one that touches it holds what lies inside.
    return vec4(col, 1.0);
}
