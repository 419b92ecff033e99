// What bench/bare.c and bench/gauss.c share: a headless OpenGL 3.3 core context, shader
// compiling, and the timing lines `glint bench` prints. Each program defines `fail` (its own
// name in the message) before including this.
#ifndef GLINT_BENCH_H
#define GLINT_BENCH_H
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void fail(const char *what);

// An OpenGL 3.3 core context on Mesa's surfaceless platform, as Glint's HeadlessContext makes, current.
static void make_context(void) {
    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, NULL, NULL);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) fail("no EGL surfaceless display");
    if (!eglBindAPI(EGL_OPENGL_API)) fail("EGL cannot bind desktop OpenGL");
    const EGLint attributes[] = {
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    };
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) fail("no OpenGL 3.3 core context");
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
        fail("a shader does not compile");
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
static void print_times(const char *name, double *values, int steady, const char *tail) {
    qsort(values, (size_t)steady, sizeof(double), compare);
    double sum = 0;
    for (int i = 0; i < steady; i++) sum += values[i];
    double mean = sum / steady;
    int p95 = (int)(steady * 0.95);
    if (p95 > steady - 1) p95 = steady - 1;
    printf("%-12s%.3f ms/frame mean, %.3f median, %.3f p95 (", name, mean, values[steady / 2], values[p95]);
    if (tail) printf("%s)\n", tail); else printf("%.1f frames/s)\n", 1000 / mean);
}
#endif
