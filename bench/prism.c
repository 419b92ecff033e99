// A hand-written prism, the reference `glint bench --effect prism` is measured against: the Dark Side of
// the Moon cover (Shaders/prism.frag, docs/effects.md) finished, its staged drawing over (drawDuration
// 3 s), at Glint's defaults (lightFraction 0.55, prismFraction 0.4, dispersionSize 0.2, rainbowSize 0.15),
// drawn as a graphics programmer would write it for this one picture with the least work: one pass of
// one full-screen triangle straight into the final target, each frame finished with glFinish.
//
// The finished cover does not change with time (glint's pictures at --time 4 and 10 are the same bytes,
// and `glint bench` runs its clock from 3.02 s, after the drawing), so every frame draws the same
// picture and --time changes nothing. What was folded in:
//   - the parameters, and progress 1: the drawing's stages, its sweeps and the outline's tracing are gone;
//   - the geometry, worked out once on the CPU in double for the view's size: every edge the shader
//     measures is a constant line a·x + b·y + c over gl_FragCoord in pixels (scale 1: a point is a
//     pixel, so no per-pixel factor is left to set as a uniform), with the 0.5 of a coverage ramp
//     folded into it where only the ramp is used; the prism's bottom over y alone, the dispersion's
//     grey and the square's edges over x alone;
//   - a stroke's or the beam's slab, Glint's cover(h − d) + cover(h + d) − 1, as clamp(0.5 + h − |d|)
//     (the same wherever the slab is a pixel or more wide: 2 points here);
//   - the prism's right side is one line for the dispersion's edge, the rainbow's edge and the outline;
//   - the rainbow's colour as red plus each boundary's ramp times the step to the next colour instead
//     of five mixes (the same where no two boundaries' ramps overlap: they are 4.75 pixels apart or
//     more at 600 pixels, and at least 1 is checked at start-up), laid over the grey of beam and
//     dispersion by adding it (the two meet only within half a pixel of the prism's right side, all
//     of it under the outline's stroke, which is drawn over both);
//   - the cover's square: the program runs only over the square's pixels (a scissor), the two
//     letterbox strips cleared to black every frame; where the square's edges fall between pixels
//     (960x600, 1920x1080: they do) nothing is masked, elsewhere only the view's wider axis, by
//     one ramp of the distance from the view's centre (along the other the coverage is 1 at every
//     pixel centre).
// No layer, no uniforms, no colour mask (the shader writes alpha 1); per frame a clear and one draw,
// nothing blended or branched on, and every frame writes every pixel.
//
//   cc -O2 -o prism bench/prism.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./prism WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check glint.png]
//
// --check compares its first frame with `glint render --effect prism --no-overlay --no-tear --backdrop
// black --size WIDTHxHEIGHT --time T -o glint.png` for any T of 3 or more (the drawing finished; 4, say),
// within 1/255 (measured: 1/255 at most, in a few dozen values, at 960x600 and 1920x1080). The view's
// shorter side must be 127 pixels or more (the rainbow's boundaries a pixel apart). It prints the same
// `time` and `cpu` lines as `glint bench --effect prism --no-overlay --no-tear --backdrop black --size
// WIDTHxHEIGHT`, to be run beside it.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "prism: %s\n", what);
    exit(1);
}

#include "hand.h"

// Glint's defaults (PrismGeometry.Parameters) and the strokes' half width in points.
static const double light_fraction = 0.55, prism_fraction = 0.4, dispersion_size = 0.2, rainbow_size = 0.15;
static const double half_line = 1;

struct point { double x, y; };  // points from the view's top-left, y down, as the shader's
struct line { double a, b, c; }; // a·x + b·y + c over gl_FragCoord (pixels from the bottom-left)

static int view_height;
static GLint square[4];  // the scissor: the cover's square's pixels, x, y from the bottom-left, width, height

static struct point at_fraction(double f, struct point start, struct point end) {
    return (struct point){ start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f };
}

// offset + sign · prismSide(p, from, to) as a line over gl_FragCoord: prismSide is the signed distance of
// p from the line through `from` and `to`, positive to the right of from → to on screen (y down), and p is
// (x, height − y) of gl_FragCoord.
static struct line side(struct point from, struct point to, double sign, double offset) {
    double dx = to.x - from.x, dy = to.y - from.y, length = hypot(dx, dy);
    if (length < 1e-6) fail("a line of the cover has no length");
    double k = sign / length;
    return (struct line){ -dy * k, -dx * k, (dx * (view_height - from.y) + dy * from.x) * k + offset };
}

static double value(struct line l, double x, double y) { return l.a * x + l.b * y + l.c; }

// The cover's constants for a view of width x height pixels, as GLSL declarations: their length.
static int constants(char *s, size_t capacity, int width, int height) {
    view_height = height;
    double size = width < height ? width : height;
    struct point origin = { (width - size) / 2, (height - size) / 2 };
    double third = size / 3, prism_height = third * sqrt(3) / 2, bottom_y = (size + prism_height) / 2;
    struct point bottom_left = { origin.x + third, origin.y + bottom_y };
    struct point bottom_right = { origin.x + 2 * third, origin.y + bottom_y };
    struct point top = { origin.x + size / 2, origin.y + bottom_y - prism_height };

    // The beam from the left edge to where it strikes the prism's left side: across it and along it from
    // its middle, in points.
    struct point light_start = { origin.x, origin.y + size * light_fraction };
    struct point light_end = at_fraction(prism_fraction, top, bottom_left);
    double beam_length = hypot(light_end.x - light_start.x, light_end.y - light_start.y);
    struct line across = side(light_start, light_end, 1, 0);
    struct point direction = { (light_end.x - light_start.x) / beam_length, (light_end.y - light_start.y) / beam_length };
    struct line along = { direction.x, -direction.y,
                          -direction.x * light_start.x + direction.y * (height - light_start.y) - beam_length / 2 };

    // The outline's three sides: the distance outside each (positive out of the prism).
    struct line right = side(top, bottom_right, -1, 0);
    struct line bottom = side(bottom_right, bottom_left, -1, 0);
    struct line left = side(bottom_left, top, -1, 0);

    // The dispersion: the triangle from light_end to the span on the right side; inside is where
    // winding · prismSide is positive for each of its sides. Its side on the prism's right side is
    // covered by 0.5 − right.
    struct point dispersion_top = at_fraction(prism_fraction - dispersion_size / 2, top, bottom_right);
    struct point dispersion_bottom = at_fraction(prism_fraction + dispersion_size / 2, top, bottom_right);
    double turn = (dispersion_top.x - light_end.x) * (dispersion_bottom.y - light_end.y)
                - (dispersion_top.y - light_end.y) * (dispersion_bottom.x - light_end.x);
    if (!(turn > 0)) fail("the dispersion is not wound as the prism's right side");  // winding 1
    double winding = 1;
    struct line fan_top = side(light_end, dispersion_top, winding, 0.5);
    struct line fan_bottom = side(dispersion_bottom, light_end, winding, 0.5);
    // Its grey: 1 − (x − origin.x − 0.45·size) / (0.1·size), clamped, over x alone.
    double shade_a = -1 / (0.1 * size), shade_c = 1 + (origin.x + 0.45 * size) / (0.1 * size);

    // The rainbow: below boundary 0, above boundary 6, right of the prism; boundary k from the k-th
    // point on the right side to the k-th on the square's right edge.
    double left_start = prism_fraction - dispersion_size / 2, right_start = light_fraction - rainbow_size / 2;
    struct point edge[7], start[7];
    for (int k = 0; k <= 6; k++) {
        start[k] = at_fraction(left_start + dispersion_size * k / 6.0, top, bottom_right);
        edge[k] = (struct point){ origin.x + size, origin.y + size * (right_start + rainbow_size * k / 6.0) };
    }
    struct line rainbow_top = side(dispersion_top, edge[0], 1, 0.5);
    struct line rainbow_bottom = side(dispersion_bottom, edge[6], -1, 0.5);
    struct line boundary[5];
    for (int k = 1; k <= 5; k++) boundary[k - 1] = side(start[k], edge[k], 1, 0.5);
    // Summing the boundaries' ramps is mixing them only where no two ramps (each a pixel wide) overlap:
    // the boundaries are closest where they leave the prism.
    for (int k = 1; k < 6; k++) {
        struct line previous = side(start[k - 1], edge[k - 1], 1, 0), next = side(start[k], edge[k], 1, 0);
        double x = start[k].x, y = height - start[k].y;
        double gap = fmin(fabs(value(previous, x, y)), fabs(value(next, start[k - 1].x, height - start[k - 1].y)));
        if (gap < 1) fail("the rainbow's boundaries are under a pixel apart at this size (its shorter side under 127 pixels)");
    }

    // The square's pixels, the scissor (from the bottom-left); where its edges fall between pixels the
    // program draws only inside it and needs no mask. Otherwise the mask on the axis the view is wider:
    // 0.5 + size/2 − |coordinate − centre|, clamped, over the pixels the square touches.
    double x0 = floor(origin.x), x1 = ceil(origin.x + size), y0 = floor(origin.y), y1 = ceil(origin.y + size);
    square[0] = (GLint)x0;
    square[1] = height - (GLint)y1;
    square[2] = (GLint)(x1 - x0);
    square[3] = (GLint)(y1 - y0);
    int aligned = x0 == origin.x && x1 == origin.x + size && y0 == origin.y && y1 == origin.y + size;
    const char *mask = aligned ? NULL : width > height ? "gl_FragCoord.x" : height > width ? "gl_FragCoord.y" : NULL;
    double centre = width > height ? width / 2.0 : height / 2.0;

#define LINE(l) (l).a, (l).b, (l).c
    int n = snprintf(s, capacity,
        "#version 330 core\n"
        "// The cover at %dx%d pixels (its square %g pixels): lines a·x + b·y + c over gl_FragCoord.\n"
        "const float STROKE = %.9g;\n"                        // 0.5 + the strokes' half width
        "const vec3 ACROSS = vec3(%.9g, %.9g, %.9g);\n"       // across the beam, pixels
        "const vec3 ALONG = vec3(%.9g, %.9g, %.9g);\n"        // along it from its middle
        "const float BEAM_END = %.9g;\n"                      // 0.5 + half its length
        "const vec3 RIGHT = vec3(%.9g, %.9g, %.9g);\n"        // outside the prism's sides
        "const vec2 BOTTOM = vec2(%.9g, %.9g);\n"             // over y alone
        "const vec3 LEFT = vec3(%.9g, %.9g, %.9g);\n"
        "const vec3 FAN_TOP = vec3(%.9g, %.9g, %.9g);\n"      // the dispersion's other two sides' ramps
        "const vec3 FAN_BOTTOM = vec3(%.9g, %.9g, %.9g);\n"
        "const vec2 SHADE = vec2(%.9g, %.9g);\n"              // its grey, over x alone
        "const vec3 RAINBOW_TOP = vec3(%.9g, %.9g, %.9g);\n"  // the rainbow's ramps
        "const vec3 RAINBOW_BOTTOM = vec3(%.9g, %.9g, %.9g);\n"
        "const vec3 BOUNDARY[5] = vec3[5](\n",
        width, height, size, 0.5 + half_line, LINE(across), LINE(along), 0.5 + beam_length / 2, LINE(right), bottom.b, bottom.c,
        LINE(left), LINE(fan_top), LINE(fan_bottom), shade_a, shade_c, LINE(rainbow_top), LINE(rainbow_bottom));
    for (int k = 0; k < 5; k++)
        n += snprintf(s + n, capacity - (size_t)n, "    vec3(%.9g, %.9g, %.9g)%s\n", LINE(boundary[k]), k < 4 ? "," : ");");
    if (bottom.a != 0) fail("the prism's bottom is not level");
    if (mask)
        n += snprintf(s + n, capacity - (size_t)n,
            "#define SQUARE(c) ((c) * clamp(%.9g - abs(%s - %.9g), 0.0, 1.0))\n", 0.5 + size / 2, mask, centre);
    else
        n += snprintf(s + n, capacity - (size_t)n, "#define SQUARE(c) (c)\n");
#undef LINE
    if (n >= (int)capacity) fail("the shader does not fit");
    return n;
}

// The picture, after the constants: beam and dispersion in grey, the rainbow added, the outline on top.
static const char *body =
    "// SwiftUI's red, then the steps to orange, yellow, green, blue and purple (sRGB).\n"
    "const vec3 RED = vec3(255.0, 59.0, 48.0) / 255.0;\n"
    "const vec3 STEP[5] = vec3[5](vec3(0.0, 90.0, -48.0) / 255.0, vec3(0.0, 55.0, 0.0) / 255.0,\n"
    "    vec3(-203.0, -5.0, 89.0) / 255.0, vec3(-52.0, -77.0, 166.0) / 255.0, vec3(175.0, -40.0, -33.0) / 255.0);\n"
    "out vec4 color;\n"
    "float at(vec3 l) { return l.x * gl_FragCoord.x + l.y * gl_FragCoord.y + l.z; }\n"
    "float ramp(vec3 l) { return clamp(at(l), 0.0, 1.0); }\n"
    "void main() {\n"
    "    float beam = clamp(STROKE - abs(at(ACROSS)), 0.0, 1.0) * clamp(BEAM_END - abs(at(ALONG)), 0.0, 1.0);\n"
    "    float right = at(RIGHT);\n"
    "    float dispersion = clamp(ramp(FAN_TOP) + ramp(FAN_BOTTOM) + clamp(0.5 - right, 0.0, 1.0) - 2.0, 0.0, 1.0);\n"
    "    float grey = beam + (clamp(SHADE.x * gl_FragCoord.x + SHADE.y, 0.0, 1.0) - beam) * dispersion;\n"
    "    float cover = clamp(ramp(RAINBOW_TOP) + ramp(RAINBOW_BOTTOM) + clamp(0.5 + right, 0.0, 1.0) - 2.0, 0.0, 1.0);\n"
    "    vec3 rainbow = RED;\n"
    "    for (int k = 0; k < 5; k++) rainbow += ramp(BOUNDARY[k]) * STEP[k];\n"
    "    vec3 c = grey + cover * rainbow;\n"
    "    float outside = max(right, max(BOTTOM.x * gl_FragCoord.y + BOTTOM.y, at(LEFT)));\n"
    "    c += (1.0 - c) * clamp(STROKE - abs(outside), 0.0, 1.0);\n"
    "    color = vec4(SQUARE(c), 1.0);\n"
    "}\n";

static struct hand_layer result;

// The program, its target and viewport stay as set in main: a frame is the letterbox cleared and the
// square drawn.
static void frame(double time) {
    (void)time;
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(square[0], square[1], square[2], square[3]);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: prism WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check FILE.png] [--against RECORDING]";
    int width = 0, height = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    struct hand_options options = hand_options(argc, argv, 2, usage);

    char source[8192];
    int n = constants(source, sizeof source, width, height);
    if (n + strlen(body) + 1 > sizeof source) fail("the shader does not fit");
    strcpy(source + n, body);
    make_context();

    result = hand_final_target(width, height);
    GLuint program = hand_program(source);
    glUseProgram(program);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
    hand_bind(&result);
    hand_run(&options, frame, &result, "hand-written prism, the finished cover, one pass straight into the final target");
    return 0;
}
