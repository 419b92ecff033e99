// A hand-written chain of two colour effects, the reference `glint bench --effect gradient,checkerboard`
// is measured against: seed 002's gradient and the checkerboard (squares of 20 points alternating
// between the gradient and black, Glint's defaults) in one pass, the second function applied to what
// the first returns, straight into the final target; each frame finished with glFinish. No layer, no
// clear, no blending per frame: a colour effect reads only its own pixel, so nothing between them
// needs to be stored. With CHAIN `gradient`, the gradient alone (`glint bench --effect gradient`).
//
//   cc -O2 -o colors bench/colors.c $(pkg-config --cflags --libs epoxy libpng)
//   ./colors WIDTHxHEIGHT [gradient|gradient,checkerboard] [--frames N] [--check glint.png]
//
// --check compares its first frame with `glint render --effect CHAIN --no-overlay --no-tear --backdrop
// black --size WIDTHxHEIGHT` (within 1/255). It prints the same `time` and `cpu` lines as `glint bench`;
// scripts/bench runs it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "colors: %s\n", what);
    exit(1);
}

#include "hand.h"

static const float square = 20;  // checkerboard's default side, points
static struct hand_layer result;
static GLuint chain;

static void frame(double time) {
    (void)time;
    hand_bind(&result);
    glUseProgram(chain);
    hand_draw();
}

int main(int argc, char **argv) {
    const char *usage = "usage: colors WIDTHxHEIGHT [gradient|gradient,checkerboard] [--frames N] [--check FILE.png] [--against RECORDING]";
    int width = 0, height = 0;
    if (argc < 2 || sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    int first = 2, checkerboard = 1;
    if (argc > 2 && argv[2][0] != '-') {
        if (!strcmp(argv[2], "gradient")) checkerboard = 0;
        else if (strcmp(argv[2], "gradient,checkerboard")) fail(usage);
        first = 3;
    }
    struct hand_options options = hand_options(argc, argv, first, usage);
    make_context();

    // Position p (points, from the top-left) = (x, height − y) of gl_FragCoord; the gradient there is
    // (p / size, 0, 1), and the squares whose cell (floor(p / side)) has an odd sum of coordinates show
    // black (the replacement times the gradient's alpha, 1).
    chain = hand_program(checkerboard
        ? "#version 330 core\n"
          "uniform vec2 inverseSize;\n"
          "uniform float height, inverseSquare;\n"
          "out vec4 color;\n"
          "void main() {\n"
          "    vec2 p = vec2(gl_FragCoord.x, height - gl_FragCoord.y);\n"
          "    vec4 gradient = vec4(p * inverseSize, 0.0, 1.0);\n"
          "    ivec2 cell = ivec2(floor(p * inverseSquare));\n"
          "    color = ((cell.x + cell.y) & 1) == 1 ? vec4(0.0, 0.0, 0.0, 1.0) : gradient;\n"
          "}\n"
        : "#version 330 core\n"
          "uniform vec2 inverseSize;\n"
          "uniform float height;\n"
          "out vec4 color;\n"
          "void main() {\n"
          "    color = vec4(vec2(gl_FragCoord.x, height - gl_FragCoord.y) * inverseSize, 0.0, 1.0);\n"
          "}\n");

    result = hand_layer(width, height, 0, 0, 0, 0, 1);
    glUseProgram(chain);
    glUniform2f(glGetUniformLocation(chain, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform1f(glGetUniformLocation(chain, "height"), (float)height);
    if (checkerboard) glUniform1f(glGetUniformLocation(chain, "inverseSquare"), 1.0f / square);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);

    hand_run(&options, frame, &result, checkerboard ? "hand-written gradient and checkerboard in one pass"
                                                    : "hand-written gradient in one pass");
    return 0;
}
