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
// nearly everything but the position: each side is a line equation n·p − n·a whose normal and offset
// are constants then, and the scale is the pipeline's glint_scale, compiled in per scale.
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

// The signed distance (points) from p to the line through a and b, positive on the side a turn to the right of
// a → b takes on screen (y down): below a line that runs to the right. A line of no length gives 0.
float prismSide(vec2 p, vec2 a, vec2 b) {
    vec2 d = b - a;
    float len = length(d);
    // The unit normal: (d.x·(p.y − a.y) − d.y·(p.x − a.x)) / len, as n·p − n·a.
    vec2 n = len > 1e-6 ? vec2(-d.y, d.x) / len : vec2(0.0);
    return dot(p, n) - dot(a, n);
}

// How much of a pixel lies inside a half-plane whose inner side is at signed distance `inside` points.
float prismCover(float inside, float px) {
    return clamp(0.5 + inside * px, 0.0, 1.0);
}

// How much of a pixel lies within `halfWidth` points of a line at signed distance d: a slab, exact for thin ones.
float prismBand(float d, float halfWidth, float px) {
    // A slab a pixel wide or more: the far edge covers the pixel whole wherever the near one does not.
    if (halfWidth * px >= 0.5) return prismCover(halfWidth - abs(d), px);
    return max(prismCover(halfWidth - d, px) + prismCover(halfWidth + d, px) - 1.0, 0.0);
}

// How much of a pixel lies inside triangle a, b, c (either winding); 0 for one of no area. `sideBC` is
// prismSide(p, b, c), measured by the caller (the dispersion's side along the prism's: that side's line).
float prismTriangle(vec2 p, vec2 a, vec2 b, vec2 c, float sideBC, float px) {
    float winding = sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    float cover = prismCover(winding * prismSide(p, a, b), px)
                + prismCover(winding * sideBC, px)
                + prismCover(winding * prismSide(p, c, a), px);
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
    return prismCover(x0 + (x1 - x0) * t - x, px);
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

    // The prism's right side, measured once: the dispersion's edge along it, the rainbow's and the outline's.
    float rightSide = prismSide(p, top, bottomRight);  // positive inside the prism

    // The beam: a 2-point stroke with butt caps from the left edge to the prism, grown from the left.
    vec2 lightStart = origin + vec2(0.0, size * lightFraction);
    vec2 lightEnd = prismPoint(prismFraction, top, bottomLeft);
    if (beamStage > 0.0) {
        vec2 d = lightEnd - lightStart;
        float len = length(d);
        vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
        vec2 q = p - lightStart;
        float along = dot(q, dir);
        float across = dir.x * q.y - dir.y * q.x;
        float drawn = len * beamStage;
        float beam = prismBand(across, PRISM_HALF_LINE, px) * prismBand(along - drawn * 0.5, drawn * 0.5, px);
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
        float white = 1.0 - clamp((p.x - origin.x - 0.45 * size) / max(0.1 * size, 1e-6), 0.0, 1.0);
        col = mix(col, vec3(white), cover);
    }

    // The rainbow: slice i joins the points at prismFraction − dispersionSize/2 + i·dispersionSize/6 (and the
    // next step) on the right side with the points at lightFraction − rainbowSize/2 + i·rainbowSize/6 (and the
    // next) of the height on the right edge. Boundary k runs from the k-th point on the prism to the k-th on the
    // edge; the whole rainbow lies below boundary 0, above boundary 6 and right of the prism's right side (the
    // square's edge closes it on the right).
    if (rainbowStage > 0.0) {
        float leftStart = prismFraction - dispersionSize * 0.5;
        float rightStart = lightFraction - rainbowSize * 0.5;
        vec2 edge0 = origin + vec2(size, size * rightStart);
        vec2 edge6 = origin + vec2(size, size * (rightStart + rainbowSize));
        float cover = prismCover(prismSide(p, dispersionTop, edge0), px)
                    + prismCover(-prismSide(p, dispersionBottom, edge6), px)
                    + prismCover(-rightSide, px);
        cover = clamp(cover - 2.0, 0.0, 1.0);
        vec3 rainbow = PRISM_COLORS[0];
        for (int k = 1; k < 6; k++) {
            float f = float(k) / PRISM_SLICES;
            vec2 a = prismPoint(leftStart + dispersionSize * f, top, bottomRight);
            vec2 b = origin + vec2(size, size * (rightStart + rainbowSize * f));
            rainbow += (PRISM_COLORS[k] - PRISM_COLORS[k - 1]) * prismCover(prismSide(p, a, b), px);
        }
        cover *= prismSweep(p.x, min(dispersionTop.x, dispersionBottom.x), origin.x + size, rainbowStage, px);
        // Added, not laid over: the rainbow lies outside the prism's right side and the beam and the
        // dispersion inside it, so a pixel across that side holds each in its share.
        col += cover * rainbow;
    }

    // The prism: a 2-point stroke with mitred corners, on top. For a convex outline that is the band within a
    // point of the largest signed distance to its sides' lines; tracing shows the part whose place along the
    // outline (from the top, clockwise) has been reached.
    if (outlineStage > 0.0) {
        float d0 = -rightSide;
        float d1 = -prismSide(p, bottomRight, bottomLeft);
        float d2 = -prismSide(p, bottomLeft, top);
        float outside = max(d0, max(d1, d2));
        float stroke = prismBand(outside, PRISM_HALF_LINE, px);
        if (outlineStage < 1.0) {
            // The side this pixel belongs to (the mitred corners split along their bisectors) and how far
            // along the outline its nearest point is.
            vec2 a = top, b = bottomRight;
            float start = 0.0;
            if (d1 >= d0 && d1 >= d2) { a = bottomRight; b = bottomLeft; start = side; }
            else if (d2 > d0 && d2 > d1) { a = bottomLeft; b = top; start = 2.0 * side; }
            vec2 dir = (b - a) / max(side, 1e-6);
            float at = start + clamp(dot(p - a, dir), 0.0, side);
            stroke *= prismCover(3.0 * side * outlineStage - at, px);
        }
        col = mix(col, vec3(1.0), stroke);
    }

    // Black outside the square: the beam's cap and the rainbow end at its edges. One ramp of the distance
    // to the nearer edge: the square spans the view's shorter axis, so along it every pixel centre is
    // half a pixel or more inside, and this is the product of the two axes' ramps at every pixel.
    vec2 inSquare = min(p - origin, origin + vec2(size) - p);
    col *= prismCover(min(inSquare.x, inSquare.y), px);
    return vec4(col, 1.0);
}
