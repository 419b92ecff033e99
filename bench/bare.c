// The least a program can do to draw what Glint draws: the same shader, the same uniforms, one
// fullscreen triangle into a framebuffer object of the same size, each frame finished with
// glFinish before the next. `scripts/bench` compares `glint bench` with it.
//
//   cc -O2 -o bare bench/bare.c $(pkg-config --cflags --libs epoxy)
//   glint bench --no-overlay --size 1280x720 --dump-shader shader.txt
//   ./bare shader.txt [--frames N] [--clear-blend]
//
// With --clear-blend, every other frame is drawn as Glint drew an opaque effect before it knew it
// was opaque: cleared first, then blended over the clear; both kinds are timed and printed apart.
//
// The dump (written by `glint bench --dump-shader`) holds the assembled vertex and fragment
// sources and every uniform Glint set for the content pass in its last frame.
#define _POSIX_C_SOURCE 200809L
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_UNIFORMS 64
#define MAX_VALUES 256

struct uniform {
    char name[128];
    char kind[8];  // 1f 2f 3f 4f 1i 1fv 4fv
    int count;     // array elements (1 for a plain value)
    float values[MAX_VALUES];
    GLint location;
};

static void fail(const char *what) {
    fprintf(stderr, "bare: %s\n", what);
    exit(1);
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) fail("cannot open the shader dump");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) fail("cannot read the shader dump");
    text[n] = 0;
    fclose(f);
    return text;
}

// Reads "<tag> <bytes>\n" then that many bytes of source.
static char *read_source(char **cursor, const char *tag) {
    size_t length = 0;
    int used = 0;
    char format[32];
    snprintf(format, sizeof format, "%s %%zu\n%%n", tag);
    if (sscanf(*cursor, format, &length, &used) != 1 || used == 0) fail("the dump has no source where expected");
    *cursor += used;
    char *source = malloc(length + 1);
    memcpy(source, *cursor, length);
    source[length] = 0;
    *cursor += length;
    if (**cursor == '\n') (*cursor)++;
    return source;
}

static GLuint compile(GLenum stage, const char *source) {
    GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(shader, sizeof log, NULL, log);
        fprintf(stderr, "%s\n", log);
        fail("the shader does not compile");
    }
    return shader;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Prints "NAME  M ms/frame mean, D median, P p95" over the frames after the warm-up, sorting them.
static double print_times(const char *name, double *values, int steady, const char *tail) {
    qsort(values, (size_t)steady, sizeof(double), compare);
    double sum = 0;
    for (int i = 0; i < steady; i++) sum += values[i];
    double mean = sum / steady;
    int p95 = (int)(steady * 0.95);
    if (p95 > steady - 1) p95 = steady - 1;
    printf("%-12s%.3f ms/frame mean, %.3f median, %.3f p95 (", name, mean, values[steady / 2], values[p95]);
    if (tail) printf("%s)\n", tail); else printf("%.1f frames/s)\n", 1000 / mean);
    return mean;
}

static void set_uniform(const struct uniform *u) {
    if (u->location < 0) return;
    const char *k = u->kind;
    if (!strcmp(k, "1f")) glUniform1f(u->location, u->values[0]);
    else if (!strcmp(k, "2f")) glUniform2f(u->location, u->values[0], u->values[1]);
    else if (!strcmp(k, "3f")) glUniform3f(u->location, u->values[0], u->values[1], u->values[2]);
    else if (!strcmp(k, "4f")) glUniform4f(u->location, u->values[0], u->values[1], u->values[2], u->values[3]);
    else if (!strcmp(k, "1i")) glUniform1i(u->location, (GLint)u->values[0]);
    else if (!strcmp(k, "1fv")) glUniform1fv(u->location, u->count, u->values);
    else if (!strcmp(k, "4fv")) glUniform4fv(u->location, u->count, u->values);
}

int main(int argc, char **argv) {
    if (argc < 2) fail("usage: bare DUMP [--frames N]");
    int frames = 300;
    int clear_blend = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--clear-blend")) clear_blend = 1;
        else fail("usage: bare DUMP [--frames N] [--clear-blend]");
    }
    if (frames < 1) fail("--frames must be at least 1");

    char *dump = read_file(argv[1]);
    char *cursor = dump;
    int width = 0, height = 0, used = 0;
    if (sscanf(cursor, "glint-shader-dump 1\nsize %d %d\n%n", &width, &height, &used) != 2 || used == 0) fail("not a glint shader dump");
    cursor += used;
    char *vertex = read_source(&cursor, "vertex");
    char *fragment = read_source(&cursor, "fragment");
    static struct uniform uniforms[MAX_UNIFORMS];
    int uniform_count = 0;
    while (*cursor && uniform_count < MAX_UNIFORMS) {
        struct uniform *u = &uniforms[uniform_count];
        if (sscanf(cursor, "uniform %127s %7s %d%n", u->name, u->kind, &u->count, &used) != 3) fail("bad uniform line in the dump");
        cursor += used;
        int components = u->kind[0] - '0';
        int n = components * u->count;
        if (n > MAX_VALUES) fail("a uniform array is too long");
        for (int i = 0; i < n; i++) {
            u->values[i] = strtof(cursor, &cursor);
        }
        while (*cursor && *cursor != '\n') cursor++;
        if (*cursor == '\n') cursor++;
        uniform_count++;
    }

    // An OpenGL 3.3 core context on Mesa's surfaceless platform, as Glint's HeadlessContext makes.
    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) fail("no EGL surfaceless display");
    if (!eglBindAPI(EGL_OPENGL_API)) fail("EGL cannot bind desktop OpenGL");
    const EGLint attributes[] = {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    };
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) fail("no OpenGL 3.3 core context");

    GLuint program = glCreateProgram();
    glAttachShader(program, compile(GL_VERTEX_SHADER, vertex));
    glAttachShader(program, compile(GL_FRAGMENT_SHADER, fragment));
    glLinkProgram(program);
    GLint linked = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (!linked) fail("the program does not link");
    for (int i = 0; i < uniform_count; i++) uniforms[i].location = glGetUniformLocation(program, uniforms[i].name);

    GLuint texture, framebuffer, vertex_array;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("the framebuffer is incomplete");
    glViewport(0, 0, width, height);
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
    glUseProgram(program);
    glDisable(GL_BLEND);

    double *milliseconds = calloc((size_t)frames, sizeof(double));
    double *cpu_milliseconds = calloc((size_t)frames, sizeof(double));
    for (int frame = 0; frame < frames; frame++) {
        double start = now_ms(CLOCK_MONOTONIC);
        double cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
        for (int i = 0; i < uniform_count; i++) set_uniform(&uniforms[i]);
        if (clear_blend && frame % 2) {
            glClearColor(0.07f, 0.07f, 0.09f, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            glEnable(GL_BLEND);
            glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        }
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glDisable(GL_BLEND);
        glFinish();
        milliseconds[frame] = now_ms(CLOCK_MONOTONIC) - start;
        cpu_milliseconds[frame] = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    }
    if (glGetError() != GL_NO_ERROR) fail("OpenGL reported an error");

    // The same statistics as `glint bench`: the first frames are warm-up, not counted.
    int warm = frames / 2 < 30 ? frames / 2 : 30;
    int steady = frames - warm;
    printf("effect      bare harness, %s, %dx%d pixels\n", argv[1], width, height);
    printf("renderer    %s on %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("frames      %d (first %d not counted: warm-up)\n", frames, warm);
    if (clear_blend) {
        // Even frames drawn straight, odd ones cleared and blended: split them, warm-up dropped.
        int n[2] = {0, 0};
        double *kinds[2][2];
        for (int k = 0; k < 2; k++) {
            kinds[k][0] = calloc((size_t)frames, sizeof(double));
            kinds[k][1] = calloc((size_t)frames, sizeof(double));
        }
        for (int f = warm; f < frames; f++) {
            int k = f % 2;
            kinds[k][0][n[k]] = milliseconds[f];
            kinds[k][1][n[k]] = cpu_milliseconds[f];
            n[k]++;
        }
        printf("straight (no clear, no blending):\n");
        print_times("time", kinds[0][0], n[0], NULL);
        print_times("cpu", kinds[0][1], n[0], "every thread of the process: the driver's rasterisers too");
        printf("cleared, then blended:\n");
        print_times("time", kinds[1][0], n[1], NULL);
        print_times("cpu", kinds[1][1], n[1], "every thread of the process: the driver's rasterisers too");
        return 0;
    }
    print_times("time", milliseconds + warm, steady, NULL);
    print_times("cpu", cpu_milliseconds + warm, steady, "every thread of the process: the driver's rasterisers too");
    return 0;
}
