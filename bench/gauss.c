// A hand-written two-pass Gaussian blur, the reference `glint bench --effect gradient,blur` is
// measured against: the gradient drawn into a layer, blurred across into a second layer, then
// down into the final target, each frame finished with glFinish. The weights are computed once on the CPU
// (σ = radius / 2 pixels, taps over [-R, R] with R = floor(2σ), normalised to sum 1) and written into
// the shaders as constants, every tap unrolled: what a graphics programmer would write by hand for
// one fixed radius. `--paired` reads adjacent taps as one bilinear fetch (the usual optimisation,
// which Glint's blur makes too); without it every tap is its own fetch. The layers have a transparent
// ring (bench/hand.h), so the blur fades at the picture's edges as Glint's, over a transparent layer
// margin, does; nothing is cleared or blended per frame.
//
//   cc -O2 -o gauss bench/gauss.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./gauss WIDTHxHEIGHT RADIUS [--paired] [--frames N] [--check glint.png]
//
// --check compares its first frame with `glint render --effect gradient,blur --param blur.radius=RADIUS
// --no-overlay --no-tear --backdrop black --size WIDTHxHEIGHT` (within 1/255; with --paired, as Glint
// pairs its taps). It prints the same `time` and `cpu` lines as `glint bench` (medians over the frames
// after the first 30). scripts/bench runs it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "gauss: %s\n", what);
    exit(1);
}

#include "hand.h"


static struct hand_layer content, middle, result;
static GLuint gradient, across, down;

static void frame(double time) {
    (void)time;
    hand_bind(&content);
    glUseProgram(gradient);
    hand_draw();
    hand_bind(&middle);
    glUseProgram(across);
    glBindTexture(GL_TEXTURE_2D, content.texture);
    hand_draw();
    hand_bind(&result);
    glUseProgram(down);
    glBindTexture(GL_TEXTURE_2D, middle.texture);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: gauss WIDTHxHEIGHT RADIUS [--paired] [--frames N] [--check FILE.png] [--against RECORDING]";
    if (argc < 3) fail(usage);
    int width = 0, height = 0, paired = 0;
    if (sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    double radius = atof(argv[2]);
    if (!(radius > 0 && radius <= 64)) fail("RADIUS must be above 0 and at most 64 pixels");
    int first = 3;
    if (argc > 3 && !strcmp(argv[3], "--paired")) { paired = 1; first = 4; }
    struct hand_options options = hand_options(argc, argv, first, usage);

    make_context();

    // The content: seed 002's gradient, as Glint's gradient draws it, inside the layer's ring.
    gradient = hand_gradient_program(width, height);
    double sigma = radius / 2;
    char *across_source = hand_blur_shader(sigma, paired, 1, 0), *down_source = hand_blur_shader(sigma, paired, 0, 1);
    across = hand_program(across_source);
    down = hand_program_final(down_source);
    free(across_source);
    free(down_source);

    content = hand_layer(width, height, 1, 0, 0, 0, 0);
    middle = hand_layer(width, height, 1, 0, 0, 0, 0);
    // Over Glint's black backdrop, cleared once; the blur down writes alpha 1 (as blending over
    // opaque black leaves it).
    result = hand_final_target(width, height);
    glUseProgram(across);  // layer to layer, both with the ring: the same pixel
    glUniform2f(glGetUniformLocation(across, "offset"), 0, 0);
    glUniform2f(glGetUniformLocation(across, "inverseLayerSize"), 1.0f / middle.width, 1.0f / middle.height);
    glUseProgram(down);  // into the final target, without the ring
    glUniform2f(glGetUniformLocation(down, "offset"), 1, 1);
    glUniform2f(glGetUniformLocation(down, "inverseLayerSize"), 1.0f / middle.width, 1.0f / middle.height);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    char what[160];
    snprintf(what, sizeof what, "hand-written gradient + two-pass Gaussian, radius %g px (sigma %g), %s taps",
             radius, sigma, paired ? "paired" : "single");
    hand_run(&options, frame, &result, what);
    return 0;
}
