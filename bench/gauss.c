// A hand-written two-pass Gaussian blur, the reference `glint bench --effect gradient,blur` is
// measured against: the gradient drawn into a texture, blurred across into a second texture, then
// down into a third, each frame finished with glFinish. The weights are computed once on the CPU
// (σ = radius / 2 pixels, taps over [-R, R] with R = floor(2σ), normalised to sum 1) and written into
// the shaders as constants, every tap unrolled: what a graphics programmer would write by hand for
// one fixed radius. `--paired` reads adjacent taps as one bilinear fetch (the usual optimisation,
// which Glint's blur makes too); without it every tap is its own fetch.
//
//   cc -O2 -o gauss bench/gauss.c $(pkg-config --cflags --libs epoxy) -lm
//   ./gauss WIDTHxHEIGHT RADIUS [--paired] [--frames N]
//
// It prints the same `time` and `cpu` lines as `glint bench` (medians over the frames after the
// first 30). scripts/bench runs it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "gauss: %s\n", what);
    exit(1);
}

#include "bench.h"

static const char *vertex =
    "#version 330 core\n"
    "void main() {\n"
    "    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n"
    "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
    "}\n";

static GLuint program(const char *fragment) {
    GLuint p = glCreateProgram();
    glAttachShader(p, compile(GL_VERTEX_SHADER, vertex));
    glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) fail("a program does not link");
    return p;
}

// One pass's fragment shader: taps along (dx, dy) pixels with the weights as constants.
static char *blur_shader(double sigma, int paired, int dx, int dy) {
    int taps = (int)floor(2.0 * sigma + 1e-3);
    double *w = calloc((size_t)taps + 2, sizeof(double));
    double total = 1;
    for (int d = 1; d <= taps; d++) { w[d] = exp(-(double)(d * d) / (2 * sigma * sigma)); total += 2 * w[d]; }
    size_t capacity = 4096 + (size_t)taps * 160;
    char *s = malloc(capacity);
    int n = snprintf(s, capacity,
        "#version 330 core\n"
        "uniform sampler2D image;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 size = vec2(textureSize(image, 0));\n"
        "    vec2 centre = gl_FragCoord.xy / size;\n"
        "    vec2 step = vec2(%d.0, %d.0) / size;\n"
        "    vec4 sum = %.9g * texture(image, centre);\n", dx, dy, 1 / total);
    if (paired) {
        for (int d = 1; d <= taps; d += 2) {
            double near = w[d], far = d + 1 <= taps ? w[d + 1] : 0;
            double at = d + far / (near + far);
            n += snprintf(s + n, capacity - (size_t)n,
                "    sum += %.9g * (texture(image, centre + %.9g * step) + texture(image, centre - %.9g * step));\n",
                (near + far) / total, at, at);
        }
    } else {
        for (int d = 1; d <= taps; d++) {
            n += snprintf(s + n, capacity - (size_t)n,
                "    sum += %.9g * (texture(image, centre + %d.0 * step) + texture(image, centre - %d.0 * step));\n",
                w[d] / total, d, d);
        }
    }
    snprintf(s + n, capacity - (size_t)n, "    color = sum;\n}\n");
    free(w);
    return s;
}

static void target(GLuint *texture, GLuint *framebuffer, int width, int height) {
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGenFramebuffers(1, framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, *framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("a framebuffer is incomplete");
}

int main(int argc, char **argv) {
    const char *usage = "usage: gauss WIDTHxHEIGHT RADIUS [--paired] [--frames N]";
    if (argc < 3) fail(usage);
    int width = 0, height = 0, frames = 300, paired = 0;
    if (sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    double radius = atof(argv[2]);
    if (!(radius > 0 && radius <= 64)) fail("RADIUS must be above 0 and at most 64 pixels");
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--paired")) paired = 1;
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else fail(usage);
    }
    if (frames < 1) fail("--frames must be at least 1");

    make_context();

    // The content: seed 002's gradient, as Glint's gradient draws it.
    GLuint gradient = program(
        "#version 330 core\n"
        "uniform vec2 size;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 uv = vec2(gl_FragCoord.x, size.y - gl_FragCoord.y) / size;\n"
        "    color = vec4(uv.x, uv.y, 0.0, 1.0);\n"
        "}\n");
    double sigma = radius / 2;
    char *across_source = blur_shader(sigma, paired, 1, 0), *down_source = blur_shader(sigma, paired, 0, 1);
    GLuint across = program(across_source), down = program(down_source);
    free(across_source);
    free(down_source);

    GLuint content, content_fb, middle, middle_fb, result, result_fb;
    target(&content, &content_fb, width, height);
    target(&middle, &middle_fb, width, height);
    target(&result, &result_fb, width, height);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
    glViewport(0, 0, width, height);
    glUseProgram(gradient);
    glUniform2f(glGetUniformLocation(gradient, "size"), (float)width, (float)height);

    double *milliseconds = calloc((size_t)frames, sizeof(double));
    double *cpu_milliseconds = calloc((size_t)frames, sizeof(double));
    for (int frame = 0; frame < frames; frame++) {
        double start = now_ms(CLOCK_MONOTONIC);
        double cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
        glBindFramebuffer(GL_FRAMEBUFFER, content_fb);
        glUseProgram(gradient);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glBindFramebuffer(GL_FRAMEBUFFER, middle_fb);
        glUseProgram(across);
        glBindTexture(GL_TEXTURE_2D, content);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glBindFramebuffer(GL_FRAMEBUFFER, result_fb);
        glUseProgram(down);
        glBindTexture(GL_TEXTURE_2D, middle);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glFinish();
        milliseconds[frame] = now_ms(CLOCK_MONOTONIC) - start;
        cpu_milliseconds[frame] = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    }
    if (glGetError() != GL_NO_ERROR) fail("OpenGL reported an error");

    int warm = frames / 2 < 30 ? frames / 2 : 30;
    int steady = frames - warm;
    printf("effect      hand-written gradient + two-pass Gaussian, radius %g px (sigma %g), %s taps, %dx%d pixels\n",
           radius, sigma, paired ? "paired" : "single", width, height);
    printf("renderer    %s on %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("frames      %d (first %d not counted: warm-up)\n", frames, warm);
    print_times("time", milliseconds + warm, steady, NULL);
    print_times("cpu", cpu_milliseconds + warm, steady, "every thread of the process: the driver's rasterisers too");
    return 0;
}
