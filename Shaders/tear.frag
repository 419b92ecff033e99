// Tear: the view rips open along a drag from its edge, a wedge with rough fibrous edges whose halves pull apart; a broken view falls away.
// Ports seed 004 (tearDistortion in TearEffect.metal), plus the fall-away the seed left to its host view.
//
// A layer effect called by position, as the seed's modifier calls tearDistortion (its arguments in the
// seed's order, then the fall's):
//   ShaderLibrary.tear(.float2(tearStart), .float2(tearEnd), .float(tearProgress), .float(maxGap),
//                      .float(edgeRoughness), .float2(viewSize), .float2(fallOffset), .float(fallRotation), .float(fallOpacity))
// tearStart:     points: where the tear enters the view, on its edge
// tearEnd:       points: the finger projected onto the locked line; the wedge closes here
// tearProgress:  0..1: how far the tear has run
// maxGap:        points: the opening at tearStart
// edgeRoughness: points: how far the fibres reach into the opening
// viewSize:      points
// fallOffset:    points: how far a broken view has dropped
// fallRotation:  radians about the view's centre, positive clockwise on screen
// fallOpacity:   1 whole, 0 fallen away
//
// layerSample(layer, p) is the premultiplied colour of the view below at p (points), transparent outside
// it; vec4(0) lets the backdrop behind the view show through.
// GlintCore's TearUniforms.samplePosition(for:) is this shader's reference in Swift: keep them in step.

// The cut, as the helpers below read it.
struct Cut {
    vec2 start;
    vec2 end;
    float progress;
    float maxGap;
    float edgeRoughness;
    vec2 viewSize;
};

const float kMinProgress = 0.0005;  // below this the layer passes through untouched
const float kMinLength = 0.001;     // points: a shorter tear line has no direction
const float kMinSlide = 0.5;        // the halves slide along the torn edge at most 1 / kMinSlide times the opening
// The fibres: three sinusoids along the cut, wavelengths of about 20, 8.6 and 3.3 points,
// weighted to sum to 1, with different phases on the two sides so the edges do not match.
const vec3 kFibreFrequency = vec3(0.31, 0.73, 1.9);  // radians per point
const vec3 kFibreWeight = vec3(0.5, 0.3, 0.2);
const vec3 kFibrePhase = vec3(0.0, 0.4, 1.1);        // radians
const vec3 kFibreSidePhase = vec3(1.7, 2.1, 4.3);    // radians, times the side (+1 or -1)

// How far the fibres on one side reach into the opening at `along` points down the cut, 0..1.
float fibre(float along, float side) {
    vec3 waves = sin(along * kFibreFrequency + kFibrePhase + side * kFibreSidePhase);
    return 0.5 + 0.5 * dot(waves, kFibreWeight);
}

// The direction along the view's edge the tear entered through (the one nearest tearStart): the
// halves slide along it, so that no backdrop shows between a half and that edge (or the opposite one).
vec2 edgeTangent(Cut cut) {
    float nearestSide = min(cut.start.x, cut.viewSize.x - cut.start.x);
    float nearestTopOrBottom = min(cut.start.y, cut.viewSize.y - cut.start.y);
    return nearestSide <= nearestTopOrBottom ? vec2(0.0, 1.0) : vec2(1.0, 0.0);
}

bool insideView(vec2 p, vec2 viewSize) {
    return all(greaterThanEqual(p, vec2(0.0))) && all(lessThanEqual(p, viewSize));
}

// The torn layer at `position` (points), before any fall.
vec4 tornLayer(vec2 position, Layer layer, Cut cut) {
    if (cut.progress < kMinProgress || cut.maxGap <= 0.0) return layerSample(layer, position);
    vec2 line = cut.end - cut.start;
    float len = length(line);
    if (len < kMinLength) return layerSample(layer, position);

    vec2 along = line / len;                  // down the cut
    vec2 across = vec2(-along.y, along.x);    // across it
    vec2 rel = position - cut.start;
    float a = dot(rel, along);
    if (a >= len) return layerSample(layer, position);  // past the tip the view is whole

    float c = dot(rel, across);
    float side = c < 0.0 ? -1.0 : 1.0;
    float dist = abs(c);
    // The wedge: widest at tearStart (and before it, out to the view's edge), closed at tearEnd.
    float halfGap = 0.5 * cut.maxGap * (1.0 - clamp(a / len, 0.0, 1.0));
    // Fibres reach into the opening, never past the line itself.
    float edge = halfGap - min(max(cut.edgeRoughness, 0.0), halfGap) * fibre(a, side);
    // Half a pixel either side of the torn edge, so it is rough but not jagged.
    float aa = 0.5 / max(glint_scale, 0.25);
    float coverage = smoothstep(edge - aa, edge + aa, dist);
    if (coverage <= 0.0) return vec4(0.0);

    // Each half is pushed away from the line by the opening; fibres show the content at the line.
    // It slides along the torn edge rather than straight across the cut: straight across, a slanted
    // cut would pull each half off the view's edges and show a sliver of backdrop down them. The
    // slide is as long as it takes to move the half `min(dist, halfGap)` across the cut, up to
    // 1 / kMinSlide times that for a cut nearly along the edge.
    vec2 tangent = edgeTangent(cut);
    float slant = dot(across, tangent);
    vec2 push = tangent * (sign(slant) / max(abs(slant), kMinSlide));
    vec2 source = position - push * (side * min(dist, halfGap));
    if (!insideView(source, cut.viewSize)) return vec4(0.0);
    return layerSample(layer, source) * coverage;
}

vec4 tear(vec2 position, Layer layer, vec2 tearStart, vec2 tearEnd, float tearProgress, float maxGap, float edgeRoughness,
          vec2 viewSize, vec2 fallOffset, float fallRotation, float fallOpacity) {
    if (fallOpacity <= 0.0) return vec4(0.0);
    vec2 p = position;
    if (fallRotation != 0.0 || fallOffset != vec2(0.0)) {
        // Undo the fall: translate back, then turn back about the view's centre.
        vec2 centre = 0.5 * viewSize;
        vec2 d = position - centre - fallOffset;
        float s = sin(fallRotation);
        float co = cos(fallRotation);
        p = centre + vec2(co * d.x + s * d.y, -s * d.x + co * d.y);
        if (!insideView(p, viewSize)) return vec4(0.0);
    }
    Cut cut = Cut(tearStart, tearEnd, tearProgress, maxGap, edgeRoughness, viewSize);
    return tornLayer(p, layer, cut) * min(fallOpacity, 1.0);
}
