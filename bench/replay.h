// Replays the GL work of one frame as `glint bench --dump-shader` recorded it (Glint's PassRecorder):
// bench/bare.c replays it alone, and a hand-written program (bench/hand.h, --against) frame by frame
// alternating with its own. Each including program defines `fail` and includes bench.h first.
//
// The recording begins with the frame's frame graphs as text, lines starting "#" that are skipped;
// then it holds one frame's GL work: every clear and draw in order, each draw with its target,
// viewport, scissor, blending, the textures and samplers it reads, its assembled sources as Glint
// compiled them (a specialised version's, where Glint draws one) and every active uniform's value.
// replay_setup makes the same textures (RGBA8, RGBA16F or one-channel where Glint's are; linear filtering,
// clamped to the edge, as Glint's own are; a tool pass's channels read through the sampler objects
// the recording names, with the mipmaps it makes) and compiles each distinct program once;
// replay_frame does exactly those clears and draws: no lookups, no state tracking, nothing else.
#ifndef GLINT_REPLAY_H
#define GLINT_REPLAY_H
#include <string.h>

#define MAX_TEXTURES 32
#define MAX_STEPS 64
#define MAX_UNIFORMS 64
#define MAX_BINDS 8
#define MAX_VALUES 1024

struct texture {
    unsigned id;  // Glint's name, to match steps
    int width, height, half_float, grey;  // grey: an opaque grey image, one channel read as (c, c, c, 1)
    unsigned char *pixels;  // an image's, or NULL
    GLuint texture, framebuffer;
};

struct uniform {
    char name[128];
    int components;
    char type;  // f, i, u
    int count;
    float floats[MAX_VALUES];
    GLint ints[MAX_VALUES];
    GLuint uints[MAX_VALUES];
    GLint location;
};

struct step {
    int is_clear;
    struct texture *target;
    float color[4];
    int has_scissor;
    GLint scissor[4];
    GLint viewport[4];
    int blend;
    int is_mipmap;  // a `mipmap` step: the target's mipmaps made anew
    int bind_count;
    GLint bind_unit[MAX_BINDS];
    struct texture *bind_texture[MAX_BINDS];
    GLint bind_sampling[MAX_BINDS][4];  // min, mag, wrap s, wrap t; 0 0 0 0: no sampler object
    GLuint bind_sampler[MAX_BINDS];
    char *vertex, *fragment;
    GLuint program;
    int uniform_count;
    struct uniform *uniforms;
};

static struct texture textures[MAX_TEXTURES];
static int texture_count;
static struct step steps[MAX_STEPS];
static int step_count;

static char *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) fail("cannot open the recording");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) fail("cannot read the recording");
    text[n] = 0;
    fclose(f);
    *size = n;
    return text;
}

// The line at *cursor (without its newline); moves *cursor past it.
static char *next_line(char **cursor) {
    char *line = *cursor;
    char *end = strchr(line, '\n');
    if (!end) fail("the recording ends in the middle of a line");
    *end = 0;
    *cursor = end + 1;
    return line;
}

// `bytes` bytes after a "<tag> <bytes>" line, as a string.
static char *read_block(char **cursor, size_t bytes) {
    char *block = malloc(bytes + 1);
    memcpy(block, *cursor, bytes);
    block[bytes] = 0;
    *cursor += bytes;
    if (**cursor == '\n') (*cursor)++;
    return block;
}

static struct texture *find_texture(unsigned id) {
    for (int i = 0; i < texture_count; i++)
        if (textures[i].id == id) return &textures[i];
    return NULL;
}

static void parse(char *text, long size) {
    char *cursor = text;
    char *end = text + size;
    // The frame graphs as text come first, each line after "#": for people, not for the replay.
    char *first = next_line(&cursor);
    while (first[0] == '#' && cursor < end) first = next_line(&cursor);
    if (strcmp(first, "glint-passes 3")) fail("not a glint pass recording (glint-passes 3)");
    struct step *step = NULL;
    while (cursor < end) {
        char *line = next_line(&cursor);
        unsigned id;
        int a, b;
        char word[32];
        size_t bytes;
        if (line[0] == '#') {
        } else if (sscanf(line, "texture %u %d %d %31s", &id, &a, &b, word) == 4) {
            if (texture_count == MAX_TEXTURES) fail("too many textures");
            struct texture *t = &textures[texture_count++];
            t->id = id;
            t->width = a;
            t->height = b;
            t->half_float = !strcmp(word, "rgba16f");
            t->grey = !strcmp(word, "r8grey");
        } else if (sscanf(line, "data %zu", &bytes) == 1) {
            textures[texture_count - 1].pixels = (unsigned char *)read_block(&cursor, bytes);
        } else if (!strncmp(line, "clear ", 6) || !strncmp(line, "draw ", 5)) {
            if (step_count == MAX_STEPS) fail("too many steps");
            step = &steps[step_count++];
            memset(step, 0, sizeof *step);
            step->is_clear = line[0] == 'c';
            int used = 0;
            if (step->is_clear) {
                if (sscanf(line, "clear %u %f %f %f %f%n", &id, &step->color[0], &step->color[1], &step->color[2], &step->color[3], &used) != 5) fail("bad clear line");
                step->has_scissor = sscanf(line + used, " scissor %d %d %d %d", &step->scissor[0], &step->scissor[1], &step->scissor[2], &step->scissor[3]) == 4;
            } else if (sscanf(line, "draw %u", &id) != 1) {
                fail("bad draw line");
            }
            step->target = find_texture(id);
            if (!step->target) fail("a step draws into a texture the recording does not list");
            if (!step->is_clear) step->uniforms = calloc(MAX_UNIFORMS, sizeof(struct uniform));
        } else if (sscanf(line, "viewport %d %d %d %d", &step->viewport[0], &step->viewport[1], &step->viewport[2], &step->viewport[3]) == 4) {
        } else if (sscanf(line, "scissor %d %d %d %d", &step->scissor[0], &step->scissor[1], &step->scissor[2], &step->scissor[3]) == 4) {
            step->has_scissor = 1;
        } else if (sscanf(line, "blend %d", &step->blend) == 1) {
        } else if (sscanf(line, "bind %d %u", &a, &id) == 2) {
            if (step->bind_count == MAX_BINDS) fail("too many textures in one draw");
            step->bind_unit[step->bind_count] = a;
            step->bind_texture[step->bind_count] = find_texture(id);  // NULL: texture 0
            step->bind_count++;
        } else if (sscanf(line, "sampler %d", &a) == 1) {
            int k = step->bind_count - 1;
            if (k < 0 || step->bind_unit[k] != a) fail("a sampler line does not follow its unit's bind");
            GLint *p = step->bind_sampling[k];
            if (sscanf(line, "sampler %d %d %d %d %d", &a, &p[0], &p[1], &p[2], &p[3]) != 5) fail("bad sampler line");
        } else if (sscanf(line, "mipmap %u", &id) == 1) {
            if (step_count == MAX_STEPS) fail("too many steps");
            step = &steps[step_count++];
            memset(step, 0, sizeof *step);
            step->is_mipmap = 1;
            step->target = find_texture(id);
            if (!step->target) fail("a mipmap step names a texture the recording does not list");
        } else if (sscanf(line, "vertex %zu", &bytes) == 1) {
            step->vertex = read_block(&cursor, bytes);
        } else if (sscanf(line, "fragment %zu", &bytes) == 1) {
            step->fragment = read_block(&cursor, bytes);
        } else if (!strncmp(line, "uniform ", 8)) {
            if (step->uniform_count == MAX_UNIFORMS) fail("too many uniforms");
            struct uniform *u = &step->uniforms[step->uniform_count++];
            int used = 0;
            if (sscanf(line, "uniform %127s %d%c %d%n", u->name, &u->components, &u->type, &u->count, &used) != 4) fail("bad uniform line");
            char *p = line + used;
            int n = u->components * u->count;
            if (n > MAX_VALUES) fail("a uniform array is too long");
            for (int i = 0; i < n; i++) {
                if (u->type == 'f') u->floats[i] = strtof(p, &p);
                else if (u->type == 'u') u->uints[i] = (GLuint)strtoul(p, &p, 10);
                else u->ints[i] = (GLint)strtol(p, &p, 10);
            }
        } else if (!strcmp(line, "end")) {
        } else {
            fprintf(stderr, "cannot read this line of the recording: %s\n", line);
            fail("the recording has a line this program cannot read");
        }
    }
    if (step_count == 0) fail("the recording has no steps");
}

static void set_uniform(const struct uniform *u) {
    if (u->location < 0) return;
    if (u->type == 'f') {
        switch (u->components) {
        case 1: glUniform1fv(u->location, u->count, u->floats); break;
        case 2: glUniform2fv(u->location, u->count, u->floats); break;
        case 3: glUniform3fv(u->location, u->count, u->floats); break;
        default: glUniform4fv(u->location, u->count, u->floats); break;
        }
    } else if (u->type == 'u') {
        glUniform1uiv(u->location, u->count, u->uints);
    } else {
        glUniform1iv(u->location, u->count, u->ints);
    }
}

static GLuint replay_vertex_array;

// Reads and parses the recording at `path`.
static void replay_load(const char *path) {
    long size = 0;
    char *text = read_file(path, &size);
    parse(text, size);
}

// Makes the recording's textures, framebuffers, samplers and programs (the context current).
static void replay_setup(void) {
    // The textures: RGBA8 or RGBA16F, linear, clamped to the edge; images with their pixels.
    for (int i = 0; i < texture_count; i++) {
        struct texture *t = &textures[i];
        glGenTextures(1, &t->texture);
        glBindTexture(GL_TEXTURE_2D, t->texture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        // Pixels come as RGBA8 rows, also for a half-float buffer read before it is drawn (GL converts them).
        glTexImage2D(GL_TEXTURE_2D, 0, t->half_float ? GL_RGBA16F : t->grey ? GL_R8 : GL_RGBA8, t->width, t->height, 0, GL_RGBA,
                     t->half_float && !t->pixels ? GL_HALF_FLOAT : GL_UNSIGNED_BYTE, t->pixels);
        if (t->grey) {  // as Glint reads it: red everywhere, alpha 1
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_RED);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);
        }
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    // Sampler objects as Glint's tool passes bind them; an image read with mipmaps gets them once,
    // as Glint makes them when it uploads the image.
    for (int i = 0; i < step_count; i++) {
        struct step *s = &steps[i];
        for (int k = 0; k < s->bind_count; k++) {
            GLint *p = s->bind_sampling[k];
            if (!p[0]) continue;
            glGenSamplers(1, &s->bind_sampler[k]);
            glSamplerParameteri(s->bind_sampler[k], GL_TEXTURE_MIN_FILTER, p[0]);
            glSamplerParameteri(s->bind_sampler[k], GL_TEXTURE_MAG_FILTER, p[1]);
            glSamplerParameteri(s->bind_sampler[k], GL_TEXTURE_WRAP_S, p[2]);
            glSamplerParameteri(s->bind_sampler[k], GL_TEXTURE_WRAP_T, p[3]);
            struct texture *t = s->bind_texture[k];
            if (t && t->pixels && p[0] != GL_LINEAR && p[0] != GL_NEAREST) {
                glBindTexture(GL_TEXTURE_2D, t->texture);
                glGenerateMipmap(GL_TEXTURE_2D);
            }
        }
    }
    for (int i = 0; i < step_count; i++) {
        struct texture *t = steps[i].target;
        if (t->framebuffer || steps[i].is_mipmap) continue;
        glGenFramebuffers(1, &t->framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, t->framebuffer);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->texture, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) fail("a framebuffer is incomplete");
    }
    // Each distinct program compiled once; each uniform's location looked up once.
    for (int i = 0; i < step_count; i++) {
        struct step *s = &steps[i];
        if (s->is_clear || s->is_mipmap) continue;
        if (!s->vertex || !s->fragment) fail("a draw has no sources");
        for (int j = 0; j < i && !s->program; j++) {
            if (!steps[j].is_clear && !steps[j].is_mipmap && !strcmp(steps[j].vertex, s->vertex) && !strcmp(steps[j].fragment, s->fragment)) s->program = steps[j].program;
        }
        if (!s->program) {
            s->program = glCreateProgram();
            glAttachShader(s->program, compile(GL_VERTEX_SHADER, s->vertex));
            glAttachShader(s->program, compile(GL_FRAGMENT_SHADER, s->fragment));
            glLinkProgram(s->program);
            GLint linked = 0;
            glGetProgramiv(s->program, GL_LINK_STATUS, &linked);
            if (!linked) fail("a program does not link");
        }
        for (int k = 0; k < s->uniform_count; k++) s->uniforms[k].location = glGetUniformLocation(s->program, s->uniforms[k].name);
    }
    glGenVertexArrays(1, &replay_vertex_array);
}

// One frame's clears and draws, not finished.
static void replay_frame(void) {
    glBindVertexArray(replay_vertex_array);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);  // premultiplied alpha, as Glint blends
    for (int i = 0; i < step_count; i++) {
        const struct step *s = &steps[i];
        if (s->is_mipmap) {
            glBindTexture(GL_TEXTURE_2D, s->target->texture);
            glGenerateMipmap(GL_TEXTURE_2D);
            continue;
        }
        glBindFramebuffer(GL_FRAMEBUFFER, s->target->framebuffer);
        if (s->has_scissor) {
            glEnable(GL_SCISSOR_TEST);
            glScissor(s->scissor[0], s->scissor[1], s->scissor[2], s->scissor[3]);
        }
        if (s->is_clear) {
            glClearColor(s->color[0], s->color[1], s->color[2], s->color[3]);
            glClear(GL_COLOR_BUFFER_BIT);
        } else {
            glViewport(s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
            if (s->blend) glEnable(GL_BLEND);
            glUseProgram(s->program);
            for (int k = 0; k < s->uniform_count; k++) set_uniform(&s->uniforms[k]);
            for (int k = 0; k < s->bind_count; k++) {
                glActiveTexture(GL_TEXTURE0 + (GLenum)s->bind_unit[k]);
                glBindTexture(GL_TEXTURE_2D, s->bind_texture[k] ? s->bind_texture[k]->texture : 0);
                if (s->bind_sampler[k]) glBindSampler((GLuint)s->bind_unit[k], s->bind_sampler[k]);
            }
            glDrawArrays(GL_TRIANGLES, 0, 3);
            for (int k = 0; k < s->bind_count; k++)
                if (s->bind_sampler[k]) glBindSampler((GLuint)s->bind_unit[k], 0);
            glDisable(GL_BLEND);
        }
        glDisable(GL_SCISSOR_TEST);
    }
}

// "D draws, C clears, M mipmaps, WxH pixels" of the recording.
static void replay_describe(char *s, size_t capacity) {
    int draws = 0, mipmaps = 0;
    for (int i = 0; i < step_count; i++) {
        draws += !steps[i].is_clear && !steps[i].is_mipmap;
        mipmaps += steps[i].is_mipmap;
    }
    const struct texture *last = steps[step_count - 1].target;
    snprintf(s, capacity, "%d draws, %d clears, %d mipmaps, %dx%d pixels", draws, step_count - draws - mipmaps, mipmaps,
             last->width, last->height);
}
#endif
