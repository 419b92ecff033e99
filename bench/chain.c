// A hand-written harmonic, wave and blur, the reference `glint bench --effect harmonic,wave,blur` is
// measured against: seed 000's harmonic glow (six white waves, amplitude 0.5: Glint's defaults) drawn
// into a layer, seed 002's wave (frequency 12, strength 6 points) sampling it into a second layer, then
// a two-pass Gaussian blur of that (σ = radius / 2 pixels, adjacent taps paired into one bilinear
// fetch, as Glint's blur does) across into a third layer and down into the final target; each frame
// finished with glFinish. What a graphics programmer would write for this one picture: the glow's
// parameters folded into its shader as constants (white waves, so one sum instead of a colour per
// wave, and the six waves unrolled), time a uniform set once a frame, the blur's weights constants
// worked out on the CPU with every tap unrolled, the per-pixel factors (1/size, texel mapping)
// uniforms set once. Each layer has a one-pixel transparent ring (bench/hand.h), so the wave and the
// blur read transparency past what was drawn; the glow's layer is the picture, but the wave's is the
// picture grown by the wave's strength on every side (the wave shows some of the glow up to that far
// out, as Glint draws a distortion over the view grown by its maxSampleOffset, and the blur spreads it
// back in at the edges), and the blur across draws the picture's columns over those rows. Nothing is
// cleared, blended or bounds-checked per frame.
//
//   cc -O2 -o chain bench/chain.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./chain WIDTHxHEIGHT RADIUS [--frames N] [--time SECONDS] [--check glint.png]
//
// RADIUS is the blur's radius in points (Glint's default is 8; at scale 1 a point is a pixel).
// --check compares its first frame with `glint render --effect harmonic,wave,blur --no-overlay
// --no-tear --backdrop black --size WIDTHxHEIGHT --time SECONDS` (--param blur.radius=RADIUS where it is
// not 8; within 1/255). It prints the same `time` and `cpu` lines as `glint bench`; scripts/bench runs
// it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "chain: %s\n", what);
    exit(1);
}

#include "hand.h"

static const float frequency = 12, strength = 6;  // wave's defaults: radians per uv unit, points

// The glow at position p (points, from the top-left) at Glint's defaults for harmonic (six waves,
// amplitude 0.5, mixCoeff 0: white, frequency 3, glow width 0.6, intensity 0.02), in a layer with a
// one-pixel ring: p = (x − 1, height + 1 − y) of gl_FragCoord. uv = p / size − 0.5; wave i lies at
// distance d = |uv.y − offset + a·cos(3·uv.x + time + i·π/6)| and adds 0.02 / max(d, 1e-5)^0.6 to
// every channel. The uniforms: inverseSize (1 / the view's size), top (height + 1) and time.
static const char *glow_shader =
    "#version 330 core\n"
    "uniform vec2 inverseSize;\n"
    "uniform float top, time;\n"
    "out vec4 color;\n"
    "float glow(float y, float a, float x, float phase) {\n"
    "    return 0.02 / pow(max(abs(y + a * cos(x + phase)), 1e-5), 0.6);\n"
    "}\n"
    "void main() {\n"
    "    vec2 uv = vec2(gl_FragCoord.x - 1.0, top - gl_FragCoord.y) * inverseSize - 0.5;\n"
    "    float a = cos(uv.x * 3.0) * 0.1;\n"
    "    float y = uv.y - sin(uv.x * 12.0 + time) * a * 0.1;\n"
    "    float x = uv.x * 3.0 + time;\n"
    "    float sum = glow(y, a, x, 0.0) + glow(y, a, x, 0.523598776) + glow(y, a, x, 1.04719755)\n"
    "              + glow(y, a, x, 1.57079633) + glow(y, a, x, 2.09439510) + glow(y, a, x, 2.61799388);\n"
    "    color = vec4(vec3(min(sum, 1.0)), 1.0);\n"
    "}\n";

// The wave, from the glow's layer into a layer `margin` pixels wider on every side (and its ring): at
// position p (points from the top-left; here p = (x − 1 − margin, height + 1 + margin − y) of
// gl_FragCoord) it shows the glow at p + (sin((u + t)·f)·s, cos((v + t)·f)·s), uv = p / size, which is
// texel (x − margin + move.x, y − margin − move.y) of the glow's layer; past the picture that is its
// transparent ring. The uniforms: inverseSize, inverseLayerSize (the glow's layer), top
// (height + 1 + margin), margin, time, frequency and strength.
static const char *wave_shader =
    "#version 330 core\n"
    "uniform sampler2D layer;\n"
    "uniform vec2 inverseSize;\n"
    "uniform vec2 inverseLayerSize;\n"
    "uniform float top, margin, time, frequency, strength;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "    vec2 uv = vec2(gl_FragCoord.x - 1.0 - margin, top - gl_FragCoord.y) * inverseSize;\n"
    "    vec2 move = vec2(sin((uv.x + time) * frequency), cos((uv.y + time) * frequency)) * strength;\n"
    "    color = texture(layer, (gl_FragCoord.xy + vec2(move.x - margin, -move.y - margin)) * inverseLayerSize);\n"
    "}\n";

static struct hand_layer glowing, waved, across_layer, result;
static GLuint glow, wave, across, down;
static GLint glow_time, wave_time;

static void frame(double time) {
    hand_bind(&glowing);
    glUseProgram(glow);
    glUniform1f(glow_time, (float)time);
    hand_draw();
    hand_bind(&waved);
    glUseProgram(wave);
    glBindTexture(GL_TEXTURE_2D, glowing.texture);
    glUniform1f(wave_time, (float)time);
    hand_draw();
    hand_bind(&across_layer);
    glUseProgram(across);
    glBindTexture(GL_TEXTURE_2D, waved.texture);
    hand_draw();
    hand_bind(&result);
    glUseProgram(down);
    glBindTexture(GL_TEXTURE_2D, across_layer.texture);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: chain WIDTHxHEIGHT RADIUS [--frames N] [--time SECONDS] [--check FILE.png]";
    if (argc < 3) fail(usage);
    int width = 0, height = 0;
    if (sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    double radius = atof(argv[2]);
    if (!(radius >= 1 && radius <= 64)) fail("RADIUS must be from 1 to 64 pixels");
    struct hand_options options = hand_options(argc, argv, 3, usage);
    make_context();

    glow = hand_program(glow_shader);
    wave = hand_program(wave_shader);
    double sigma = radius / 2;
    char *across_source = hand_blur_shader(sigma, 1, 1, 0), *down_source = hand_blur_shader(sigma, 1, 0, 1);
    across = hand_program(across_source);
    down = hand_program(down_source);
    free(across_source);
    free(down_source);

    // The wave moves the glow by up to `strength` points, so it shows some of it up to that far past
    // the picture (Glint draws a distortion over the view grown by its maxSampleOffset), and the blur
    // spreads that back in: its layer is the picture grown by `margin` on every side. The blur across
    // needs only the picture's columns (the blur down reads no others), but all of those rows.
    int margin = (int)ceilf(strength);
    glowing = hand_layer(width, height, 1, 0, 0, 0, 0);
    waved = hand_layer(width + 2 * margin, height + 2 * margin, 1, 0, 0, 0, 0);
    across_layer = hand_layer(width, height + 2 * margin, 1, 0, 0, 0, 0);
    // Over Glint's black backdrop, cleared once; the blur writes colour only (alpha stays 1, as
    // blending over opaque black leaves it).
    result = hand_final_target(width, height);

    glUseProgram(glow);
    glUniform2f(glGetUniformLocation(glow, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform1f(glGetUniformLocation(glow, "top"), (float)height + 1);
    glow_time = glGetUniformLocation(glow, "time");
    glUseProgram(wave);
    glUniform2f(glGetUniformLocation(wave, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform2f(glGetUniformLocation(wave, "inverseLayerSize"), 1.0f / glowing.width, 1.0f / glowing.height);
    glUniform1f(glGetUniformLocation(wave, "top"), (float)(height + 1 + margin));
    glUniform1f(glGetUniformLocation(wave, "margin"), (float)margin);
    glUniform1f(glGetUniformLocation(wave, "frequency"), frequency);
    glUniform1f(glGetUniformLocation(wave, "strength"), strength);
    wave_time = glGetUniformLocation(wave, "time");
    // Pixel p of the picture is (p.x + 1 + margin, p.y + 1 + margin) in the wave's layer, (p.x + 1,
    // p.y + 1 + margin) in the blur across's (both counted from the bottom-left, as GL does).
    glUseProgram(across);
    glUniform2f(glGetUniformLocation(across, "offset"), (float)margin, 0);
    glUniform2f(glGetUniformLocation(across, "inverseLayerSize"), 1.0f / waved.width, 1.0f / waved.height);
    glUseProgram(down);  // into the final target, without the ring
    glUniform2f(glGetUniformLocation(down, "offset"), 1, (float)(1 + margin));
    glUniform2f(glGetUniformLocation(down, "inverseLayerSize"), 1.0f / across_layer.width, 1.0f / across_layer.height);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    char what[200];
    snprintf(what, sizeof what, "hand-written harmonic into a layer, the wave sampling it, then a two-pass "
             "Gaussian, radius %g px (sigma %g), paired taps", radius, sigma);
    hand_run(&options, frame, &result, what);
    return 0;
}
