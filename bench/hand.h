// What the hand-written programs (bench/wave.c, bench/gauss.c, bench/colors.c) share beside bench.h:
// programs of one full-screen triangle, layers with a transparent ring, the frame loop's timing, the
// check of their picture against a PNG `glint render` wrote, and --against: Glint's recorded frame
// (bench/replay.h) drawn in the same process, frame by frame alternating with the program's own.
// Each program defines `fail` first.
//
// A layer here is its picture's pixels plus one transparent pixel all round, cleared once when it is
// made: passes draw only inside the ring, so a bilinear read past the picture's edge (clamped to the
// texture's edge) mixes in transparency, as Glint's layers, transparent outside the view, do. Nothing
// is cleared per frame and nothing blends: each pass overwrites every pixel it draws.
#ifndef GLINT_HAND_H
#define GLINT_HAND_H
#include "bench.h"
#include "replay.h"
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

static const char *hand_vertex =
    "#version 330 core\n"
    "void main() {\n"
    "    vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;\n"
    "    gl_Position = vec4(corner, 0.0, 1.0);\n"
    "}\n";

/// Seed 002's gradient as Glint's gradient draws it, (p / size, 0, 1) at position p in points from the
/// top-left, into a layer with a one-pixel transparent ring: p = (x - 1, height + 1 - y) of
/// gl_FragCoord. Its uniforms: inverseSize (1 / the view's size) and top (height + 1).
static const char *hand_ringed_gradient =
    "#version 330 core\n"
    "uniform vec2 inverseSize;\n"
    "uniform float top;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "    color = vec4(vec2(gl_FragCoord.x - 1.0, top - gl_FragCoord.y) * inverseSize, 0.0, 1.0);\n"
    "}\n";

static GLuint hand_program(const char *fragment) {
    GLuint p = glCreateProgram();
    glAttachShader(p, compile(GL_VERTEX_SHADER, hand_vertex));
    glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) fail("a program does not link");
    return p;
}

// The program of `fragment` drawing into the final target: compiled with FINAL defined (after its
// #version line), where a shader that may write transparency writes alpha 1 instead, as its colour
// over Glint's opaque black backdrop has (premultiplied, the colour is what shows over black).
static GLuint hand_program_final(const char *fragment) {
    const char *rest = strchr(fragment, '\n');
    if (!rest) fail("a shader has no #version line");
    size_t first = (size_t)(rest + 1 - fragment);
    char *source = malloc(strlen(fragment) + 32);
    memcpy(source, fragment, first);
    strcpy(source + first, "#define FINAL\n");
    strcat(source, fragment + first);
    GLuint p = hand_program(source);
    free(source);
    return p;
}

struct hand_layer {
    GLuint texture, framebuffer;
    int width, height;  // with the ring (`ring` pixels each side)
    int ring;
};

/// The ringed gradient's program for a view of width x height points, its uniforms set.
static inline GLuint hand_gradient_program(int width, int height) {
    GLuint program = hand_program(hand_ringed_gradient);
    glUseProgram(program);
    glUniform2f(glGetUniformLocation(program, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform1f(glGetUniformLocation(program, "top"), (float)height + 1);
    return program;
}

// An RGBA8 texture with a framebuffer, linearly filtered and clamped to its edge, cleared to
// `r g b a` once; `ring` is 1 for a layer a later pass reads past its edges, 0 for the final target.
static struct hand_layer hand_layer(int width, int height, int ring, float r, float g, float b, float a) {
    struct hand_layer l = { 0, 0, width + 2 * ring, height + 2 * ring, ring };
    glGenTextures(1, &l.texture);
    glBindTexture(GL_TEXTURE_2D, l.texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, l.width, l.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGenFramebuffers(1, &l.framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, l.framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, l.texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("a framebuffer is incomplete");
    glClearColor(r, g, b, a);
    glClear(GL_COLOR_BUFFER_BIT);
    return l;
}

// The final target, cleared once to opaque black, Glint's backdrop in these pictures. The passes into it
// write alpha 1 themselves, as compositing over opaque black leaves it (premultiplied colour is what
// shows over black). Not a colour mask: on llvmpipe a draw that keeps a channel reads every pixel back
// first, which took the prism's frame from 20 to 36 million instructions.
static inline struct hand_layer hand_final_target(int width, int height) {
    return hand_layer(width, height, 0, 0, 0, 0, 1);
}

// Makes `l` the target of the next draw: its inside, without the ring.
static void hand_bind(const struct hand_layer *l) {
    glBindFramebuffer(GL_FRAMEBUFFER, l->framebuffer);
    glViewport(l->ring, l->ring, l->width - 2 * l->ring, l->height - 2 * l->ring);
}

static void hand_draw(void) { glDrawArrays(GL_TRIANGLES, 0, 3); }

// The options every hand-written program takes after its own: --frames N, --time SECONDS (the first
// frame's time; each frame after it 1/60 s later, as `glint bench` steps) and --check FILE.png.
struct hand_options {
    int frames;
    double time;
    const char *check;
    const char *against;  // a recording of glint's frame (glint bench --dump-shader), or NULL
};

// Reads the shared options from argv[first…]; anything else is `usage`.
static struct hand_options hand_options(int argc, char **argv, int first, const char *usage) {
    struct hand_options o = { 300, 0, NULL, NULL };
    for (int i = first; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) o.frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--time") && i + 1 < argc) o.time = atof(argv[++i]);
        else if (!strcmp(argv[i], "--check") && i + 1 < argc) o.check = argv[++i];
        else if (!strcmp(argv[i], "--against") && i + 1 < argc) o.against = argv[++i];
        else fail(usage);
    }
    if (o.frames < 1) fail("--frames must be at least 1");
    return o;
}

// Compares the bound framebuffer's `width`x`height` pixels (GL's rows, bottom-up) with the PNG at
// `path` (top row first), channel by channel in 8-bit values: prints the largest difference and
// fails when it is over 1 (1/255). The PNG's alpha is taken as it is written (straight); the
// pictures compared here are opaque.
static void hand_check(const char *path, int width, int height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) fail("cannot read the PNG to check against");
    image.format = PNG_FORMAT_RGBA;
    if ((int)image.width != width || (int)image.height != height) fail("the PNG to check against is not the picture's size");
    unsigned char *expected = malloc(PNG_IMAGE_SIZE(image));
    unsigned char *drawn = malloc((size_t)width * (size_t)height * 4);
    if (!png_image_finish_read(&image, NULL, expected, 0, NULL)) fail("cannot decode the PNG to check against");
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, drawn);
    int worst = 0, worst_x = 0, worst_y = 0;
    long over = 0;
    for (int y = 0; y < height; y++) {
        const unsigned char *e = expected + (size_t)y * (size_t)width * 4;
        const unsigned char *d = drawn + (size_t)(height - 1 - y) * (size_t)width * 4;
        for (int i = 0; i < width * 4; i++) {
            int difference = abs((int)e[i] - (int)d[i]);
            if (difference > 1) over++;
            if (difference > worst) { worst = difference; worst_x = i / 4; worst_y = y; }
        }
    }
    printf("check       %s: largest difference %d/255 (at %d,%d from the top-left), %ld values over 1/255\n",
           path, worst, worst_x, worst_y, over);
    free(expected);
    free(drawn);
    if (worst > 1) fail("the picture differs from glint's by more than 1/255");
}

// The GL state a hand-written program sets once and its frames rely on, and a replayed frame changes:
// kept round the replay, so each program draws as it does alone.
#define HAND_UNITS 8
struct hand_state {
    GLint framebuffer, program, vertex_array, active_texture, viewport[4], scissor[4];
    GLfloat clear_color[4];
    GLboolean scissor_test, blend;
    GLint blend_src, blend_dst, textures[HAND_UNITS], samplers[HAND_UNITS];
};

static void hand_save(struct hand_state *s) {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &s->framebuffer);
    glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &s->vertex_array);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active_texture);
    glGetIntegerv(GL_VIEWPORT, s->viewport);
    glGetIntegerv(GL_SCISSOR_BOX, s->scissor);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, s->clear_color);
    s->scissor_test = glIsEnabled(GL_SCISSOR_TEST);
    s->blend = glIsEnabled(GL_BLEND);
    glGetIntegerv(GL_BLEND_SRC_RGB, &s->blend_src);
    glGetIntegerv(GL_BLEND_DST_RGB, &s->blend_dst);
    for (int u = 0; u < HAND_UNITS; u++) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)u);
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->textures[u]);
        glGetIntegerv(GL_SAMPLER_BINDING, &s->samplers[u]);
    }
    glActiveTexture((GLenum)s->active_texture);
}

static void hand_restore(const struct hand_state *s) {
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)s->framebuffer);
    glUseProgram((GLuint)s->program);
    glBindVertexArray((GLuint)s->vertex_array);
    glViewport(s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
    glScissor(s->scissor[0], s->scissor[1], s->scissor[2], s->scissor[3]);
    glClearColor(s->clear_color[0], s->clear_color[1], s->clear_color[2], s->clear_color[3]);
    if (s->scissor_test) glEnable(GL_SCISSOR_TEST); else glDisable(GL_SCISSOR_TEST);
    if (s->blend) glEnable(GL_BLEND); else glDisable(GL_BLEND);
    glBlendFunc((GLenum)s->blend_src, (GLenum)s->blend_dst);
    for (int u = 0; u < HAND_UNITS; u++) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)u);
        glBindTexture(GL_TEXTURE_2D, (GLuint)s->textures[u]);
        glBindSampler((GLuint)u, (GLuint)s->samplers[u]);
    }
    glActiveTexture((GLenum)s->active_texture);
}

// --against: the hand-written frame and the recorded one alternately in this process, each finished
// with glFinish and timed alone, in pairs whose order alternates (hand first, then the recording first).
// The machine's speed drifts (other work, clocks) over seconds, not within a pair: the ratio of a pair
// is steadier than the ratio of two runs' medians. Prints the hand's timing lines, the replay's, and
// the median of the pairs' ratios, recording / hand.
static void hand_run_against(const struct hand_options *o, void (*frame)(double), const struct hand_layer *final, const char *what) {
    struct hand_state state;
    hand_save(&state);
    replay_load(o->against);
    replay_setup();
    hand_restore(&state);
    double *hand_ms = calloc((size_t)o->frames, sizeof(double));
    double *replay_ms = calloc((size_t)o->frames, sizeof(double));
    double *hand_cpu = calloc((size_t)o->frames, sizeof(double));
    double *replay_cpu = calloc((size_t)o->frames, sizeof(double));
    double *ratios = calloc((size_t)o->frames, sizeof(double));
    for (int n = 0; n < o->frames; n++) {
        for (int k = 0; k < 2; k++) {
            int hand_now = (k == 0) == (n % 2 == 0);
            double start = now_ms(CLOCK_MONOTONIC);
            double cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
            if (hand_now) {
                frame(o->time + n / 60.0);
            } else {
                replay_frame();
            }
            glFinish();
            (hand_now ? hand_ms : replay_ms)[n] = now_ms(CLOCK_MONOTONIC) - start;
            (hand_now ? hand_cpu : replay_cpu)[n] = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
            // Outside the timing: the program's state back, as its own frames leave it.
            if (!hand_now) hand_restore(&state);
        }
        ratios[n] = replay_ms[n] / hand_ms[n];
    }
    if (glGetError() != GL_NO_ERROR) fail("OpenGL reported an error");
    if (o->check) {
        // The program's own picture again, after replayed frames, drawn over the final target cleared
        // as it was made: what the frame draws comes from the state kept for it.
        glBindFramebuffer(GL_FRAMEBUFFER, final->framebuffer);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        replay_frame();
        hand_restore(&state);
        frame(o->time);
        glFinish();
        glBindFramebuffer(GL_FRAMEBUFFER, final->framebuffer);
        hand_check(o->check, final->width, final->height);
    }
    char recorded[128];
    replay_describe(recorded, sizeof recorded);
    int warm = o->frames / 2 < 30 ? o->frames / 2 : 30;
    int steady = o->frames - warm;
    printf("effect      %s, %dx%d pixels, against %s (%s), frame by frame\n", what, final->width, final->height, o->against, recorded);
    printf("renderer    %s on %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("frames      %d pairs (first %d not counted: warm-up)\n", o->frames, warm);
    print_times("time", hand_ms + warm, steady, NULL);
    print_times("cpu", hand_cpu + warm, steady, "every thread of the process: the driver's rasterisers too");
    print_times("replay", replay_ms + warm, steady, NULL);
    print_times("replay cpu", replay_cpu + warm, steady, "the recording's frames, every thread");
    qsort(ratios + warm, (size_t)steady, sizeof(double), compare);
    printf("paired      %.3f median, %.3f to %.3f the middle half (the recording's time over the hand-written frame's, pair by pair)\n",
           ratios[warm + steady / 2], ratios[warm + steady / 4], ratios[warm + 3 * steady / 4]);
    free(hand_ms);
    free(replay_ms);
    free(hand_cpu);
    free(replay_cpu);
    free(ratios);
}

// Runs `frame(time)` for every frame, each finished with glFinish, and prints the timing lines
// as `glint bench` does (the first frames, up to 30, are warm-up). With --check, the first frame
// is compared with the PNG first, read back from `final`.
static void hand_run(const struct hand_options *o, void (*frame)(double), const struct hand_layer *final, const char *what) {
    if (o->check) {
        frame(o->time);
        glFinish();
        glBindFramebuffer(GL_FRAMEBUFFER, final->framebuffer);
        hand_check(o->check, final->width, final->height);
    }
    if (o->against) {
        hand_run_against(o, frame, final, what);
        return;
    }
    double *milliseconds = calloc((size_t)o->frames, sizeof(double));
    double *cpu_milliseconds = calloc((size_t)o->frames, sizeof(double));
    for (int n = 0; n < o->frames; n++) {
        double start = now_ms(CLOCK_MONOTONIC);
        double cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
        frame(o->time + n / 60.0);
        glFinish();
        milliseconds[n] = now_ms(CLOCK_MONOTONIC) - start;
        cpu_milliseconds[n] = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    }
    if (glGetError() != GL_NO_ERROR) fail("OpenGL reported an error");
    int warm = o->frames / 2 < 30 ? o->frames / 2 : 30;
    int steady = o->frames - warm;
    printf("effect      %s, %dx%d pixels\n", what, final->width, final->height);
    printf("renderer    %s on %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("frames      %d (first %d not counted: warm-up)\n", o->frames, warm);
    print_times("time", milliseconds + warm, steady, NULL);
    print_times("cpu", cpu_milliseconds + warm, steady, "every thread of the process: the driver's rasterisers too");
    free(milliseconds);
    free(cpu_milliseconds);
}
// One pass of a Gaussian blur (σ = sigma pixels, taps over [-R, R] with R = floor(2σ), weights normalised to
// sum 1) as a fragment shader: taps along (dx, dy) pixels with the weights as constants, every tap unrolled;
// `paired`: adjacent taps read as one bilinear fetch between the two. Its uniforms: image, offset (from the
// target's pixels to the layer's) and inverseLayerSize. Freed by the caller.
static inline char *hand_blur_shader(double sigma, int paired, int dx, int dy) {
    int taps = (int)floor(2.0 * sigma + 1e-3);
    double *w = calloc((size_t)taps + 2, sizeof(double));
    double total = 1;
    for (int d = 1; d <= taps; d++) { w[d] = exp(-(double)(d * d) / (2 * sigma * sigma)); total += 2 * w[d]; }
    size_t capacity = 4096 + (size_t)taps * 160;
    char *s = malloc(capacity);
    int n = snprintf(s, capacity,
        "#version 330 core\n"
        "uniform sampler2D image;\n"
        "uniform vec2 offset;\n"            // from the target's pixels to the layer's
        "uniform vec2 inverseLayerSize;\n"
        "out vec4 color;\n"
        "void main() {\n"
        "    vec2 centre = (gl_FragCoord.xy + offset) * inverseLayerSize;\n"
        "    vec2 step = vec2(%d.0, %d.0) * inverseLayerSize;\n"
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
    snprintf(s + n, capacity - (size_t)n, "    color = sum;\n#ifdef FINAL\n    color.a = 1.0;\n#endif\n}\n");
    free(w);
    return s;
}

#endif
