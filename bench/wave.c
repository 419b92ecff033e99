// A hand-written two-pass wave, the reference `glint bench --effect gradient,wave` is measured against:
// seed 002's gradient drawn into a layer, then seed 002's wave (frequency 12, strength 6 points, Glint's
// defaults) sampling it into the final target, each frame finished with glFinish. What a graphics
// programmer would write for this one picture: the per-pixel constants (1/size, the layer's texel
// mapping) are uniforms set once; no clear and no blending per frame; no bounds check per sample (the
// layer's transparent ring, clamped to, reads transparent past the picture, as Glint's layerSample
// does outside what may be sampled).
//
//   cc -O2 -o wave bench/wave.c $(pkg-config --cflags --libs epoxy libpng)
//   ./wave WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check glint.png]
//
// --check compares its first frame with `glint render --effect gradient,wave --no-overlay --no-tear
// --backdrop black --size WIDTHxHEIGHT --time SECONDS` (within 1/255). It prints the same `time` and
// `cpu` lines as `glint bench`; scripts/bench runs it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "wave: %s\n", what);
    exit(1);
}

#include "hand.h"

static const float frequency = 12, strength = 6;  // wave's defaults: radians per uv unit, points
static struct hand_layer content, result;
static GLuint gradient, wave;
static GLint time_location;

static void frame(double time) {
    hand_bind(&content);
    glUseProgram(gradient);
    hand_draw();
    hand_bind(&result);
    glUseProgram(wave);
    glBindTexture(GL_TEXTURE_2D, content.texture);
    glUniform1f(time_location, (float)time);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: wave WIDTHxHEIGHT [--frames N] [--time SECONDS] [--check FILE.png] [--against RECORDING]";
    int width = 0, height = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    struct hand_options options = hand_options(argc, argv, 2, usage);
    make_context();

    // The gradient at position p (points, from the top-left) is (p / size, 0, 1); in the layer,
    // whose ring is one pixel, p = (x − 1, height + 1 − y) of gl_FragCoord.
    gradient = hand_gradient_program(width, height);
    // At position p the wave shows the layer at p + (sin((u + t)·f)·s, cos((v + t)·f)·s), uv = p / size;
    // p = (x, height − y) of gl_FragCoord, and layer pixel q (from the top-left) is texel (q.x + 1, height + 1 − q.y).
    wave = hand_program(
        "#version 330 core\n"
        "uniform sampler2D layer;\n"
        "uniform vec2 inverseSize;\n"
        "uniform vec2 inverseLayerSize;\n"
        "uniform float time, frequency, strength;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 uv = vec2(gl_FragCoord.x * inverseSize.x, 1.0 - gl_FragCoord.y * inverseSize.y);\n"
        "    vec2 move = vec2(sin((uv.x + time) * frequency), cos((uv.y + time) * frequency)) * strength;\n"
        "    color = vec4(texture(layer, (gl_FragCoord.xy + vec2(1.0 + move.x, 1.0 - move.y)) * inverseLayerSize).rgb, 1.0);\n"
        "}\n");

    content = hand_layer(width, height, 1, 0, 0, 0, 0);
    // The final target over Glint's black backdrop, cleared once: the wave writes alpha 1, as
    // blending over opaque black would leave it.
    result = hand_final_target(width, height);
    glUseProgram(wave);
    glUniform2f(glGetUniformLocation(wave, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform2f(glGetUniformLocation(wave, "inverseLayerSize"), 1.0f / content.width, 1.0f / content.height);
    glUniform1f(glGetUniformLocation(wave, "frequency"), frequency);
    glUniform1f(glGetUniformLocation(wave, "strength"), strength);
    time_location = glGetUniformLocation(wave, "time");
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    hand_run(&options, frame, &result, "hand-written gradient into a layer, then the wave sampling it");
    return 0;
}
