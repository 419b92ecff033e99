// A hand-written torn glow, the reference `glint bench` of harmonic torn open from the left edge is measured
// against: seed 000's harmonic glow at rest (six white waves: amplitude 0.5, mixCoeff 0, Glint's defaults)
// drawn into a layer, then the tear (docs/tear.md, Shaders/tear.frag) reading it into the final target over
// the black backdrop, each frame finished with glFinish. What a graphics programmer would write for this
// one picture: the glow's constants folded in (white waves: one grey sum, not a colour a wave), the cut
// written for the one line it runs along (straight in from the left edge, so the halves slide straight up
// and down), the per-pixel constants as uniforms set once; no clear and no blending per frame.
//
//   cc -O2 -o tear bench/tear.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./tear WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check glint.png]
//
// The tear is the gesture "0.2 down 1 H/2; 0.3 move 100 H/2; 0.4 move 600 H/2" (points, H the height):
// a press at the left edge, locked on the first move (99 points on, over the 20 of lockDistance), dragged to
// x = 600. From 0.4 s on, while held, the tear's state stands still, so it is fixed here: worked out once
// from the gesture as docs/tear.md gives it, and the same as the tear pass's uniforms glint records for
// that frame (`glint bench --dump-shader`; `glint render --state`):
//   tearStart     (0, H/2)          the line cast back from the press meets the left edge
//   tearEnd       (600, H/2)        the finger, on the locked line
//   tearProgress  500 / (W − 100)   (600 − lockProjection 100) / (maxTrajectoryDistance W − 100)
//   maxGap        60 · tearProgress maxGapWidth's default, 60 points
//   edgeRoughness 6                 the default
//   viewSize      (W, H); no fall (offset 0, rotation 0, opacity 1)
// At 960x600: progress 0.5813953, maxGap 34.88372; at 1920x1080: 0.2747253 and 16.483517. Only the glow's
// time moves, 1/60 s a frame from --time as the other hand-written programs step (glint bench --time holds
// it still; the work a frame is the same). The view must be wider than 600 points, for the drag to end inside.
//
// --check compares its first frame with glint's (within 1/255), at 960x600 (at 1920x1080: 540 for 300):
//   glint render --effect harmonic --no-overlay --backdrop black --size 960x600
//       --input "0.2 down 1 300; 0.3 move 100 300; 0.4 move 600 300" --time 0.5 -o glint.png
// (any --time from 0.42 on, once the drag has ended). It prints the same `time` and `cpu` lines as
// `glint bench`; the glint bench it stands beside draws that frame again and again:
//   glint bench --effect harmonic --no-overlay --backdrop black --size 960x600
//       --input "0.2 down 1 300; 0.3 move 100 300; 0.4 move 600 300" --time 0.5 --frames N
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "tear: %s\n", what);
    exit(1);
}

#include "hand.h"

// The gesture, points: pressed at x = 1, locked at x = 100, held at x = 600 (all on the row H/2).
static const double lock_x = 100, finger_x = 600;
static const double max_gap_width = 60, edge_roughness = 6;  // the tear's defaults, points
static struct hand_layer glow, result;
static GLuint harmonic, tear;
static GLint time_location;

static void frame(double time) {
    hand_bind(&glow);
    glUseProgram(harmonic);
    glUniform1f(time_location, (float)time);
    hand_draw();
    hand_bind(&result);
    glUseProgram(tear);
    glBindTexture(GL_TEXTURE_2D, glow.texture);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: tear WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check FILE.png] [--against RECORDING]";
    int width = 0, height = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    if (width <= finger_x) fail("the view must be wider than 600 points, for the drag to end inside it");
    struct hand_options options = hand_options(argc, argv, 2, usage);
    make_context();

    // The glow at position p (points, from the top-left), uv = p / size − 0.5: for each of six waves
    // i, d = |uv.y − offset + a·cos(3·uv.x + t + i·π/6)| with a = 0.1·cos(3·uv.x) and offset =
    // 0.1·a·sin(12·uv.x + t), adding 0.02 / max(d, 1e-5)^0.6; white, so one sum for the three
    // channels, at most 1. In the layer p = (x, height − y) of gl_FragCoord: uv = gl_FragCoord·uvScale + uvOffset.
    harmonic = hand_program(
        "#version 330 core\n"
        "uniform vec2 uvScale, uvOffset;\n"
        "uniform float time;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 uv = gl_FragCoord.xy * uvScale + uvOffset;\n"
        "    float a = cos(uv.x * 3.0) * 0.1;\n"
        "    float y = uv.y - sin(uv.x * 12.0 + time) * a * 0.1;\n"
        "    float sum = 0.0;\n"
        "    for (int i = 0; i < 6; i++) {\n"
        "        float d = abs(y + a * cos(3.0 * uv.x + (time + float(i) * 0.523598776)));\n"
        "        sum += 0.02 * pow(max(d, 1e-5), -0.6);\n"
        "    }\n"
        "    color = vec4(vec3(min(sum, 1.0)), 1.0);\n"
        "}\n");
    // The tear, along the row `line` (gl_FragCoord's y of H/2) from the left edge to x = `tip`. At a pixel
    // a = x points along the cut (tearStart.x is 0) and c = line − y across it (y down, as the shader's):
    // past the tip the glow shows as it is. Before it the opening's half-width is halfGap = maxGap/2 ·
    // (1 − a / tip); the fibres, three sinusoids along the cut with their phases on each side, pull
    // the edge up to edgeRoughness into the opening; half a pixel of smoothing gives the coverage (0 in
    // the opening: black, the backdrop). Each half shows the glow min(|c|, halfGap) nearer the line,
    // straight up or down: the left edge the cut came in through is vertical, the cut across it is
    // square to it. That source lies between the pixel and the line, so it is always inside the view:
    // no check, and the layer needs no ring.
    tear = hand_program(
        "#version 330 core\n"
        "uniform sampler2D glow;\n"
        "uniform vec2 inverseSize;\n"
        "uniform float line, tip, halfMaxGap, roughness;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 p = gl_FragCoord.xy;\n"
        "    if (p.x >= tip) {\n"
        "        color = texture(glow, p * inverseSize);\n"
        "        return;\n"
        "    }\n"
        "    float c = line - p.y;\n"
        "    float dist = abs(c);\n"
        "    float side = c < 0.0 ? -1.0 : 1.0;\n"
        "    float halfGap = halfMaxGap * (1.0 - p.x / tip);\n"
        "    vec3 waves = sin(p.x * vec3(0.31, 0.73, 1.9) + (c < 0.0 ? vec3(-1.7, -1.7, -3.2) : vec3(1.7, 2.5, 5.4)));\n"
        "    float edge = halfGap - min(roughness, halfGap) * (0.5 + 0.5 * dot(waves, vec3(0.5, 0.3, 0.2)));\n"
        "    float coverage = smoothstep(edge - 0.5, edge + 0.5, dist);\n"
        "    color = vec4(texture(glow, vec2(p.x, p.y + side * min(dist, halfGap)) * inverseSize).rgb * coverage, 1.0);\n"
        "}\n");

    glow = hand_layer(width, height, 0, 0, 0, 0, 0);
    // The final target over Glint's black backdrop, cleared once: the tear writes alpha 1, as Glint's
    // compositing over opaque black leaves it (the opening is black).
    result = hand_final_target(width, height);

    glUseProgram(harmonic);
    glUniform2f(glGetUniformLocation(harmonic, "uvScale"), 1.0f / width, -1.0f / height);
    glUniform2f(glGetUniformLocation(harmonic, "uvOffset"), -0.5f, 0.5f);
    time_location = glGetUniformLocation(harmonic, "time");

    double progress = (finger_x - lock_x) / (width - lock_x);
    glUseProgram(tear);
    glUniform2f(glGetUniformLocation(tear, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform1f(glGetUniformLocation(tear, "line"), (float)(height - height / 2.0));
    glUniform1f(glGetUniformLocation(tear, "tip"), (float)finger_x);
    glUniform1f(glGetUniformLocation(tear, "halfMaxGap"), (float)(0.5 * (float)(max_gap_width * progress)));
    glUniform1f(glGetUniformLocation(tear, "roughness"), (float)edge_roughness);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    char what[160];
    snprintf(what, sizeof what, "hand-written glow into a layer, then the tear over it (progress %.7g, gap %.7g points)",
             (float)progress, (float)(max_gap_width * progress));
    hand_run(&options, frame, &result, what);
    return 0;
}
