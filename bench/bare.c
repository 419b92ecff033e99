// The least a program can do to draw what Glint draws: the same passes, each with the same
// shader, uniforms, targets and textures, issued straight from a list made once, each frame
// finished with glFinish before the next. `scripts/bench` compares `glint bench` with it.
//
//   cc -O2 -o bare bench/bare.c $(pkg-config --cflags --libs epoxy)
//   swift build -c release --package-path App     # glint is the App/ package's (or scripts/install)
//   App/.build/release/glint bench --no-overlay --effect gradient,blur --size 960x600 --dump-shader passes.txt
//   ./bare passes.txt [--frames N]
//
// The recording and what the replay does with it: bench/replay.h.
#define _POSIX_C_SOURCE 200809L
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "bare: %s\n", what);
    exit(1);
}

#include "bench.h"
#include "replay.h"

int main(int argc, char **argv) {
    if (argc < 2) fail("usage: bare RECORDING [--frames N]");
    int frames = 300;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else fail("usage: bare RECORDING [--frames N]");
    }
    if (frames < 1) fail("--frames must be at least 1");
    replay_load(argv[1]);
    make_context();
    replay_setup();

    double *milliseconds = calloc((size_t)frames, sizeof(double));
    double *cpu_milliseconds = calloc((size_t)frames, sizeof(double));
    for (int frame = 0; frame < frames; frame++) {
        double start = now_ms(CLOCK_MONOTONIC);
        double cpu_start = now_ms(CLOCK_PROCESS_CPUTIME_ID);
        replay_frame();
        glFinish();
        milliseconds[frame] = now_ms(CLOCK_MONOTONIC) - start;
        cpu_milliseconds[frame] = now_ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    }
    if (glGetError() != GL_NO_ERROR) fail("OpenGL reported an error");

    // The same statistics as `glint bench`: the first frames are warm-up, not counted.
    char what[128];
    replay_describe(what, sizeof what);
    int warm = frames / 2 < 30 ? frames / 2 : 30;
    int steady = frames - warm;
    printf("effect      bare replay of %s: %s\n", argv[1], what);
    printf("renderer    %s on %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("frames      %d (first %d not counted: warm-up)\n", frames, warm);
    print_times("time", milliseconds + warm, steady, NULL);
    print_times("cpu", cpu_milliseconds + warm, steady, "every thread of the process: the driver's rasterisers too");
    return 0;
}
