// A hand-written Siri waveform at rest, the reference `glint bench --effect waveform` is measured against:
// seed 001's six white sine strokes under a parabolic envelope on black (Shaders/waveform.frag,
// docs/effects.md) at Glint's defaults and at rest (no input), drawn as a graphics programmer would write
// it for this one picture with the least work: one pass straight into the final target, each frame
// finished with glFinish.
//
// What the picture is, at a view of W x H points (scale 1: a point is a pixel): wave i (0 … 5) is
// y_i(x) = H/2 + A_i · f(x), f(x) = (1 − u²) · sin(k·x + phase), u = (x − W/2) / (W/2), k = 2π · 1.5 / W,
// A_i = (H/2 − 1.5) · (1.5 · (1 − i/6) − 0.8) · 0.01 (idleAmplitude), stroked 1.5 points wide (wave 0) or
// 0.5 (the rest) in white with alpha min(1, (1 − i/6) · 2/3 + 1/3), each over the ones before it, butt
// caps at x = 0 and x = W. The phase drifts by phaseShift (−0.15 rad) per 1/60 s: at time t it is
// −9·t kept in (−2π, 0], worked out on the CPU once a frame (the one uniform set per frame).
//
// What was folded in: the wave count (six waves, unrolled as two groups of three), the frequency, the
// line widths (a pixel's coverage of a stroke w wide at distance d, the overlap of the stroke's
// cross-section with the pixel, is clamp(1.25 − d, 0, 1) for w = 1.5 and clamp(0.75 − d, 0, 0.5) for
// w = 0.5), the alphas, the white and the black. White strokes "over" each other leave
// 1 − Π(1 − alpha_i) in every colour channel, alpha 1. The amplitudes A_i, k, 2/W and H/2 depend on the
// size only: uniforms set once.
//
// Less work than Glint's program, for the same picture:
// - Only the rows a stroke can reach are shaded (a scissor): at rest no wave strays more than
//   0.8 · 0.01 · (H/2 − 1.5) points from the centre line and no stroke's ink more than 0.75 points
//   further, so every pixel that does not touch that band is black; 8 rows of 600 or 12 of 1080. Every
//   frame still writes every pixel, as a window's frame must: the target is cleared to opaque black
//   first. An early return outside the band saves nothing on llvmpipe, which runs both sides of a
//   branch under a mask (measured: this shader over the whole view costs the same with that return as
//   without); Glint does the same as this program (`PassExtent`: it clears the view to the background
//   and runs its program only over the pixels that touch the band the waveform effect gives it).
// - The distance to a stroke is the distance to the curve's tangent at the pixel's own x,
//   |y_i(x) − p.y| / sqrt(1 + y_i′(x)²), with the tangent's foot (x + dx) for the butt caps: one sin and
//   one cos a pixel, no closest-point search. At rest the waves are nearly flat (slopes under 0.03,
//   curvature under 3e-4 per point at 960x600 and 1920x1080), so this is the curve's distance to within
//   about 1e-3 of a pixel; Glint's expansion of f to the fourth derivative and its two Newton steps a
//   wave reach the same point. (The butt caps change the picture by under 1/255 at rest, where the
//   curve is nearly flat at its ends; they are kept, a few operations a pixel on the band's pixels.)
//   Checked within 1/255 at 960x600 and 1920x1080 (times 0, 0.7 and 1.5) and at 200x800, 400x400,
//   1280x720, 333x211 and 3840x2160 (time 0.7).
//
//   cc -O2 -o waveform bench/waveform.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./waveform WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check glint.png]
//
// --check compares its first frame (at --time) with `glint render --effect waveform --no-overlay --no-tear
// --backdrop black --size WIDTHxHEIGHT --time SECONDS -o glint.png` (within 1/255). It prints the same
// `time` and `cpu` lines as `glint bench`. Its frames are 1/60 s apart from --time; `glint bench` without
// --time draws frame n at (n + 1)/60 s, so `--time 0.0166667` draws the very frames it does (the work is
// the same at any phase: only where the crests lie moves).
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "waveform: %s\n", what);
    exit(1);
}

#include "hand.h"

static const double number_of_waves = 6, frequency = 1.5, idle_amplitude = 0.01;  // Glint's defaults
static const double phase_per_second = -0.15 * 60;  // phaseShift, radians per 1/60 s
static const double primary_line_width = 1.5;       // points (the reach below; 1.5 and 0.5 are in the shader)
static const double pi = 3.14159265358979323846;

static struct hand_layer result;
static GLint phase_location;

// Position p (points from the top-left) = (x, H − y) of gl_FragCoord. For each group of three waves,
// v = y_i(x) − p.y (vertically, from the pixel to the curve), s = y_i′(x); the tangent lies
// |v| / sqrt(1 + s²) away and its closest point dx = −v·s / (1 + s²) along; the butt caps keep
// clamp(0.5 + min(t, W − t) · sqrt(1 + s²), 0, 1) of it, t = x + dx. Returns 1 − alpha_i of each.
static const char *waveform_shader =
    "#version 330 core\n"
    "uniform float k, halfHeight, inverseMid, width;\n"     // k = 2π·1.5/W; 1/(W/2)
    "uniform vec3 amplitudes0, amplitudes3;\n"               // A_0…A_2, A_3…A_5
    "uniform float phase;\n"
    "out vec4 color;\n"
    "vec3 keep(vec3 A, float f0, float f1, float y, float x, vec3 rim, vec3 ceiling, vec3 alpha) {\n"
    "    vec3 v = A * f0 + y;\n"
    "    vec3 s = A * f1;\n"
    "    vec3 w = 1.0 + s * s;\n"
    "    vec3 q = inversesqrt(w);\n"
    "    vec3 dx = -v * s * q * q;\n"
    "    vec3 coverage = clamp(rim - abs(v) * q, vec3(0.0), ceiling);\n"
    "    vec3 cap = clamp(0.5 + min(x + dx, width - x - dx) * w * q, 0.0, 1.0);\n"
    "    return 1.0 - alpha * coverage * cap;\n"
    "}\n"
    "void main() {\n"
    "    float x = gl_FragCoord.x;\n"
    "    float a = k * x + phase;\n"
    "    float S = sin(a), C = cos(a);\n"
    "    float u = x * inverseMid - 1.0;\n"
    "    float s0 = 1.0 - u * u;\n"
    "    float f0 = s0 * S;\n"
    "    float f1 = -2.0 * inverseMid * u * S + s0 * k * C;\n"
    "    float y = gl_FragCoord.y - halfHeight;\n"
    "    vec3 kept = keep(amplitudes0, f0, f1, y, x, vec3(1.25, 0.75, 0.75), vec3(1.0, 0.5, 0.5),\n"
    "                     vec3(1.0, 0.888888889, 0.777777778))\n"
    "              * keep(amplitudes3, f0, f1, y, x, vec3(0.75), vec3(0.5),\n"
    "                     vec3(0.666666667, 0.555555556, 0.444444444));\n"
    "    color = vec4(vec3(1.0 - kept.x * kept.y * kept.z), 1.0);\n"
    "}\n";

static GLint band[4];  // the scissor: the rows the strokes reach

// The program, its target and uniforms but the phase stay as set in main; the clear writes every
// other pixel.
static void frame(double time) {
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(band[0], band[1], band[2], band[3]);
    glUniform1f(phase_location, (float)fmod(phase_per_second * time, 2 * pi));
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: waveform WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check FILE.png] [--against RECORDING]";
    int width = 0, height = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    struct hand_options options = hand_options(argc, argv, 2, usage);
    make_context();

    // Over Glint's black backdrop; the pass writes alpha 1.
    result = hand_final_target(width, height);
    GLuint program = hand_program(waveform_shader);
    glUseProgram(program);
    double max_amplitude = 0.5 * height - primary_line_width;
    float amplitudes[6];
    for (int i = 0; i < 6; i++) {
        double progress = 1 - i / number_of_waves;
        amplitudes[i] = (float)(max_amplitude * (1.5 * progress - 0.8) * idle_amplitude);
    }
    glUniform1f(glGetUniformLocation(program, "k"), (float)(2 * pi * frequency / width));
    glUniform1f(glGetUniformLocation(program, "halfHeight"), 0.5f * (float)height);
    glUniform1f(glGetUniformLocation(program, "inverseMid"), 2.0f / (float)width);
    glUniform1f(glGetUniformLocation(program, "width"), (float)width);
    glUniform3fv(glGetUniformLocation(program, "amplitudes0"), 1, amplitudes);
    glUniform3fv(glGetUniformLocation(program, "amplitudes3"), 1, amplitudes + 3);
    phase_location = glGetUniformLocation(program, "phase");
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
    hand_bind(&result);

    // The band: the rows that touch the strokes' ink, which lies within `reach` of H/2 (|1.5 · progress
    // − 0.8| ≤ 0.8 for any wave, times amplitude · maxAmplitude, plus half the wider stroke); a row
    // beyond has its centre more than half a pixel from all ink, and no coverage.
    double reach = 0.8 * fabs(idle_amplitude * max_amplitude) + 0.5 * primary_line_width;
    int first = (int)floor(0.5 * height - reach), last = (int)ceil(0.5 * height + reach) - 1;
    if (first < 0) first = 0;
    if (last > height - 1) last = height - 1;
    band[0] = 0, band[1] = first, band[2] = width, band[3] = last - first + 1;
    glClearColor(0, 0, 0, 1);

    char what[200];
    snprintf(what, sizeof what, "hand-written waveform at rest, one pass over the %d rows the strokes reach", last - first + 1);
    hand_run(&options, frame, &result, what);
    return 0;
}
