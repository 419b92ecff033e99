// Hand-written chains over seed 000's harmonic glow, the references `glint bench --effect CHAIN` is
// measured against, one program for five pictures, each drawn as a graphics programmer would write it
// for that one picture with the least work:
//
//   harmonic             the glow alone (six white waves, amplitude 0.5: Glint's defaults), one pass
//                        straight into the final target.
//   harmonic,dissolve    seed 002's dissolve over the glow (speed 1, transition 0.1, glow 4, an ember
//                        burn colour, the noise image Assets/noise.png), one pass into the final target:
//                        dissolve is a colour effect, so the glow is worked out in the dissolve's pass
//                        at the pixel itself instead of read from a layer. Glint's picture to match is
//                        `glint render`'s, which draws the glow into a layer (8 bits a channel) and the
//                        dissolve over it (the window and `glint bench` fuse the two as here); the glow at full
//                        precision differs from that by at most half a step, which the dissolve can
//                        only shrink (it scales the glow by fade ≤ 1), so the picture stays within
//                        1/255 (measured: about 1 % of the values 1/255 off, none more).
//   harmonic,wave        the glow into a layer, seed 002's wave (frequency 12, strength 6 points)
//                        sampling it into the final target.
//   harmonic,blur        the glow into a layer, a two-pass Gaussian blur of it (σ = radius / 2 pixels)
//                        across into a second layer and down into the final target.
//   harmonic,wave,blur   the glow into a layer, the wave sampling it into a second layer, the blur of
//                        that across into a third and down into the final target.
//
// Each frame is finished with glFinish. The glow's parameters are folded into its shader as constants
// (white waves, so one sum instead of a colour per wave, and the six waves unrolled), time a uniform set
// once a frame; the dissolve's too (its threshold fract(time·0.1) worked out on the CPU once a frame);
// the blur's weights constants worked out on the CPU with every tap unrolled and adjacent taps paired
// into one bilinear fetch, as Glint's blur does; the per-pixel factors (1/size, texel mappings) uniforms
// set once. Each layer has a one-pixel transparent ring (bench/hand.h), so the wave and the blur read
// transparency past what was drawn, as Glint's layers, transparent outside the view, do. The layers are
// the picture's size, except in harmonic,wave,blur: there the wave's layer is the picture grown by the
// wave's strength on every side (the wave shows some of the glow up to that far out, as Glint draws a
// distortion over the view grown by its maxSampleOffset, and the blur spreads it back in at the edges),
// and the blur across draws the picture's columns over those rows. In harmonic,blur nothing is drawn
// outside the picture, so the blur across needs only the picture's rows (the ring reads transparent
// past them, which is what Glint's larger pass across writes there). The final target is cleared to
// opaque black once, Glint's backdrop, and the last pass writes alpha 1 (FINAL); nothing is cleared,
// blended or bounds-checked per frame.
//
//   cc -O2 -o chain bench/chain.c $(pkg-config --cflags --libs epoxy libpng) -lm
//   ./chain WIDTHxHEIGHT CHAIN [--radius R] [--frames N] [--time SECONDS] [--check glint.png]
//
// CHAIN is one of the five above; --radius is the blur's radius in points (1 to 64, default 8, Glint's;
// at scale 1 a point is a pixel), for the chains with a blur only. Run it from the repository root (it
// reads Assets/noise.png for harmonic,dissolve). --check compares its first frame with
// `glint render --effect CHAIN --no-overlay --no-tear --backdrop black --size WIDTHxHEIGHT --time SECONDS
// -o glint.png` (with --param blur.radius=R where R is not 8; within 1/255). Glint's `dissolve`, `wave`
// and `blur` alone draw over the glow too, the same pictures as harmonic,dissolve, harmonic,wave and
// harmonic,blur. From a radius of 16 Glint blurs at reduced resolution and interpolates between the
// pixels it blurred, where this program blurs every pixel; the blurred glow is smooth enough that the
// two stayed within 1/255 there too (radii 16 to 64 measured at 960x600). It prints the same `time`
// and `cpu` lines as `glint bench`; scripts/bench runs it beside glint.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "chain: %s\n", what);
    exit(1);
}

#include "hand.h"

static const float frequency = 12, strength = 6;  // wave's defaults: radians per uv unit, points

// The glow at uv = p / size − 0.5 (p: position in points from the top-left) at Glint's defaults for
// harmonic (six waves, amplitude 0.5, mixCoeff 0: white, frequency 3, glow width 0.6, intensity 0.02):
// wave i lies at distance d = |uv.y − offset + a·cos(3·uv.x + time + i·π/6)| and adds
// 0.02 / max(d, 1e-5)^0.6 to every channel. Needs the uniform `time`.
#define GLOW_FUNCTIONS \
    "float glow(float y, float a, float x, float phase) {\n" \
    "    return 0.02 / pow(max(abs(y + a * cos(x + phase)), 1e-5), 0.6);\n" \
    "}\n" \
    "float harmonic(vec2 uv) {\n" \
    "    float a = cos(uv.x * 3.0) * 0.1;\n" \
    "    float y = uv.y - sin(uv.x * 12.0 + time) * a * 0.1;\n" \
    "    float x = uv.x * 3.0 + time;\n" \
    "    return min(glow(y, a, x, 0.0) + glow(y, a, x, 0.523598776) + glow(y, a, x, 1.04719755)\n" \
    "             + glow(y, a, x, 1.57079633) + glow(y, a, x, 2.09439510) + glow(y, a, x, 2.61799388), 1.0);\n" \
    "}\n"

// The glow, opaque. p = (x − origin.x, origin.y − y) of gl_FragCoord: origin is (1, height + 1) in a
// layer with its ring, (0, height) in the final target. The uniforms: inverseSize (1 / the view's
// size), origin and time.
static const char *glow_shader =
    "#version 330 core\n"
    "uniform vec2 inverseSize, origin;\n"
    "uniform float time;\n"
    "out vec4 color;\n"
    GLOW_FUNCTIONS
    "void main() {\n"
    "    vec2 uv = vec2(gl_FragCoord.x - origin.x, origin.y - gl_FragCoord.y) * inverseSize - 0.5;\n"
    "    color = vec4(vec3(harmonic(uv)), 1.0);\n"
    "}\n";

// The dissolve over the glow, in the final target (p = (x, height − y) of gl_FragCoord): with the
// noise's red channel n at p / size (its top row first, stretched over the view, filtered linearly),
// fade = smoothstep(k, k + 0.1, n) and out = glow · fade + (1, 0.45, 0.1) · 4 · fade · a · (1 − a)
// where a = fade (the glow is opaque); over the opaque black backdrop that is the colour itself. The
// uniforms: noise, inverseSize, top (height), time and threshold (k = fract(time · 0.1), once a frame).
static const char *dissolve_shader =
    "#version 330 core\n"
    "uniform sampler2D noise;\n"
    "uniform vec2 inverseSize;\n"
    "uniform float top, time, threshold;\n"
    "out vec4 color;\n"
    GLOW_FUNCTIONS
    "void main() {\n"
    "    vec2 uv = vec2(gl_FragCoord.x, top - gl_FragCoord.y) * inverseSize;\n"
    "    float t = clamp((texture(noise, uv).r - threshold) * 10.0, 0.0, 1.0);\n"
    "    float fade = t * t * (3.0 - 2.0 * t);\n"
    "    color = vec4(harmonic(uv - 0.5) * fade + vec3(4.0, 1.8, 0.4) * (fade * fade * (1.0 - fade)), 1.0);\n"
    "}\n";

// The wave, from the glow's layer: at position p (points from the top-left; p = (x − origin.x,
// origin.y − y) of gl_FragCoord) it shows the glow at p + (sin((u + t)·f)·s, cos((v + t)·f)·s),
// uv = p / size, which is texel (x + shift.x + move.x, y + shift.y − move.y) of the glow's layer; past
// the picture that is its transparent ring. Into the final target origin is (0, height) and shift
// (1, 1); into a layer with its ring, `margin` pixels wider on every side, (1 + margin,
// height + 1 + margin) and (−margin, −margin). The uniforms: inverseSize, inverseLayerSize (the glow's
// layer), origin, shift, time, frequency and strength.
static const char *wave_shader =
    "#version 330 core\n"
    "uniform sampler2D layer;\n"
    "uniform vec2 inverseSize, inverseLayerSize, origin, shift;\n"
    "uniform float time, frequency, strength;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "    vec2 uv = vec2(gl_FragCoord.x - origin.x, origin.y - gl_FragCoord.y) * inverseSize;\n"
    "    vec2 move = vec2(sin((uv.x + time) * frequency), cos((uv.y + time) * frequency)) * strength;\n"
    "    color = texture(layer, (gl_FragCoord.xy + shift + vec2(move.x, -move.y)) * inverseLayerSize);\n"
    "#ifdef FINAL\n"
    "    color.a = 1.0;\n"
    "#endif\n"
    "}\n";

enum chain { HARMONIC, HARMONIC_DISSOLVE, HARMONIC_WAVE, HARMONIC_BLUR, HARMONIC_WAVE_BLUR };
static const char *chain_names[] = { "harmonic", "harmonic,dissolve", "harmonic,wave", "harmonic,blur", "harmonic,wave,blur" };

static struct hand_layer glowing, waved, across_layer, result;
static GLuint glow, dissolve, wave, across, down;
static GLint glow_time, dissolve_time, dissolve_threshold, wave_time;

// harmonic: the program, its target and its uniforms but time are set once.
static void draw_glow(double time) {
    glUniform1f(glow_time, (float)time);
    hand_draw();
}

// harmonic,dissolve: the same. k = fract(time · 0.1 · speed) as the shader would work it out in float.
static void draw_dissolve(double time) {
    float k = (float)time * 0.1f;
    glUniform1f(dissolve_time, (float)time);
    glUniform1f(dissolve_threshold, k - floorf(k));
    hand_draw();
}

static void draw_glow_layer(double time) {
    hand_bind(&glowing);
    glUseProgram(glow);
    glUniform1f(glow_time, (float)time);
    hand_draw();
}

static void draw_wave(double time) {
    draw_glow_layer(time);
    hand_bind(&result);
    glUseProgram(wave);
    glBindTexture(GL_TEXTURE_2D, glowing.texture);
    glUniform1f(wave_time, (float)time);
    hand_draw();
}

// The blur of `layer` across into across_layer and down into the final target.
static void draw_blur(const struct hand_layer *layer) {
    hand_bind(&across_layer);
    glUseProgram(across);
    glBindTexture(GL_TEXTURE_2D, layer->texture);
    hand_draw();
    hand_bind(&result);
    glUseProgram(down);
    glBindTexture(GL_TEXTURE_2D, across_layer.texture);
    hand_draw();
}

static void draw_glow_blur(double time) {
    draw_glow_layer(time);
    draw_blur(&glowing);
}

static void draw_wave_blur(double time) {
    draw_glow_layer(time);
    hand_bind(&waved);
    glUseProgram(wave);
    glBindTexture(GL_TEXTURE_2D, glowing.texture);
    glUniform1f(wave_time, (float)time);
    hand_draw();
    draw_blur(&waved);
}

// Assets/noise.png as a one-channel texture of its red channel (the only one dissolve reads), rows
// from the top stored top-first, filtered linearly and clamped to its edge, as Glint uploads images.
static GLuint noise_texture(void) {
    static const char *paths[] = { "Assets/noise.png", "../Assets/noise.png" };
    png_image image;
    int opened = 0;
    for (size_t i = 0; i < sizeof paths / sizeof *paths && !opened; i++) {
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        opened = png_image_begin_read_from_file(&image, paths[i]);
    }
    if (!opened) fail("cannot read Assets/noise.png (run from the repository root)");
    image.format = PNG_FORMAT_RGBA;
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) fail("cannot decode Assets/noise.png");
    size_t count = (size_t)image.width * image.height;
    unsigned char *red = malloc(count);
    for (size_t i = 0; i < count; i++) red[i] = rgba[4 * i];
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, (GLsizei)image.width, (GLsizei)image.height, 0, GL_RED, GL_UNSIGNED_BYTE, red);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    free(rgba);
    free(red);
    return t;
}

// The glow's program with its uniforms but time set, for a target whose picture starts `ring` pixels in.
static GLuint glow_program(int width, int height, int ring) {
    GLuint p = hand_program(glow_shader);
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform2f(glGetUniformLocation(p, "origin"), (float)ring, (float)(height + ring));
    glow_time = glGetUniformLocation(p, "time");
    return p;
}

// The wave's program with its uniforms but time set (see wave_shader).
static GLuint wave_program(int width, int height, float origin_x, float origin_y, float shift, int final) {
    GLuint p = final ? hand_program_final(wave_shader) : hand_program(wave_shader);
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "inverseSize"), 1.0f / width, 1.0f / height);
    glUniform2f(glGetUniformLocation(p, "inverseLayerSize"), 1.0f / glowing.width, 1.0f / glowing.height);
    glUniform2f(glGetUniformLocation(p, "origin"), origin_x, origin_y);
    glUniform2f(glGetUniformLocation(p, "shift"), shift, shift);
    glUniform1f(glGetUniformLocation(p, "frequency"), frequency);
    glUniform1f(glGetUniformLocation(p, "strength"), strength);
    wave_time = glGetUniformLocation(p, "time");
    return p;
}

// The blur's two programs, σ = radius / 2: across reading `from` (offset: from across_layer's pixels to
// its), down reading across_layer into the final target (offset: from the picture's pixels to its).
static void blur_programs(double radius, const struct hand_layer *from, float across_x, float across_y,
                          float down_x, float down_y) {
    double sigma = radius / 2;
    char *across_source = hand_blur_shader(sigma, 1, 1, 0), *down_source = hand_blur_shader(sigma, 1, 0, 1);
    across = hand_program(across_source);
    down = hand_program_final(down_source);
    free(across_source);
    free(down_source);
    glUseProgram(across);
    glUniform2f(glGetUniformLocation(across, "offset"), across_x, across_y);
    glUniform2f(glGetUniformLocation(across, "inverseLayerSize"), 1.0f / from->width, 1.0f / from->height);
    glUseProgram(down);
    glUniform2f(glGetUniformLocation(down, "offset"), down_x, down_y);
    glUniform2f(glGetUniformLocation(down, "inverseLayerSize"), 1.0f / across_layer.width, 1.0f / across_layer.height);
}

int main(int argc, char **argv) {
    const char *usage = "usage: chain WIDTHxHEIGHT CHAIN [--radius R] [--frames N] [--time SECONDS] [--check FILE.png] [--against RECORDING]\n"
                        "       CHAIN: harmonic, harmonic,dissolve, harmonic,wave, harmonic,blur or harmonic,wave,blur";
    if (argc < 3) fail(usage);
    int width = 0, height = 0;
    if (sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) fail(usage);
    int chain = -1;
    for (int i = 0; i < (int)(sizeof chain_names / sizeof *chain_names); i++)
        if (!strcmp(argv[2], chain_names[i])) chain = i;
    if (chain < 0) fail(usage);
    int blurs = chain == HARMONIC_BLUR || chain == HARMONIC_WAVE_BLUR;
    // --radius taken out here; the shared options (and anything else, refused) to hand_options.
    double radius = 8;
    int has_radius = 0, rest_count = 3;
    char **rest = calloc((size_t)argc + 1, sizeof(char *));
    rest[0] = argv[0], rest[1] = argv[1], rest[2] = argv[2];
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--radius") && i + 1 < argc) {
            radius = atof(argv[++i]);
            has_radius = 1;
        } else {
            rest[rest_count++] = argv[i];
            if ((!strcmp(argv[i], "--frames") || !strcmp(argv[i], "--time") || !strcmp(argv[i], "--check")) && i + 1 < argc)
                rest[rest_count++] = argv[++i];
        }
    }
    if (has_radius && !blurs) fail("--radius is the blur's: this chain has no blur");
    if (!(radius >= 1 && radius <= 64)) fail("--radius must be from 1 to 64 points");
    struct hand_options options = hand_options(rest_count, rest, 3, usage);
    free(rest);
    make_context();

    // Over Glint's black backdrop, cleared once; the last pass writes alpha 1 (as compositing over
    // opaque black leaves it).
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
    void (*frame)(double) = NULL;
    char what[300];
    switch (chain) {
    case HARMONIC:
        // One pass: its program, target and viewport stay as set here.
        result = hand_final_target(width, height);
        glow = glow_program(width, height, 0);
        hand_bind(&result);
        frame = draw_glow;
        snprintf(what, sizeof what, "hand-written harmonic straight into the final target");
        break;
    case HARMONIC_DISSOLVE: {
        GLuint noise = noise_texture();  // the only texture: bound once, to unit 0
        result = hand_final_target(width, height);
        dissolve = hand_program(dissolve_shader);
        glUseProgram(dissolve);
        glUniform2f(glGetUniformLocation(dissolve, "inverseSize"), 1.0f / width, 1.0f / height);
        glUniform1f(glGetUniformLocation(dissolve, "top"), (float)height);
        dissolve_time = glGetUniformLocation(dissolve, "time");
        dissolve_threshold = glGetUniformLocation(dissolve, "threshold");
        glBindTexture(GL_TEXTURE_2D, noise);
        hand_bind(&result);
        frame = draw_dissolve;
        snprintf(what, sizeof what, "hand-written harmonic and dissolve in one pass into the final target");
        break;
    }
    case HARMONIC_WAVE:
        glowing = hand_layer(width, height, 1, 0, 0, 0, 0);
        result = hand_final_target(width, height);
        glow = glow_program(width, height, 1);
        wave = wave_program(width, height, 0, (float)height, 1, 1);
        frame = draw_wave;
        snprintf(what, sizeof what, "hand-written harmonic into a layer, the wave sampling it into the final target");
        break;
    case HARMONIC_BLUR:
        // Pixel p of the picture is (p.x + 1, p.y + 1) in the glow's and the blur across's layers.
        glowing = hand_layer(width, height, 1, 0, 0, 0, 0);
        across_layer = hand_layer(width, height, 1, 0, 0, 0, 0);
        result = hand_final_target(width, height);
        glow = glow_program(width, height, 1);
        blur_programs(radius, &glowing, 0, 0, 1, 1);
        frame = draw_glow_blur;
        snprintf(what, sizeof what, "hand-written harmonic into a layer, then a two-pass Gaussian, radius %g px "
                 "(sigma %g), paired taps", radius, radius / 2);
        break;
    case HARMONIC_WAVE_BLUR: {
        // The wave moves the glow by up to `strength` points, so it shows some of it up to that far past
        // the picture (Glint draws a distortion over the view grown by its maxSampleOffset), and the blur
        // spreads that back in: its layer is the picture grown by `margin` on every side. The blur across
        // needs only the picture's columns (the blur down reads no others), but all of those rows.
        int margin = (int)ceilf(strength);
        glowing = hand_layer(width, height, 1, 0, 0, 0, 0);
        waved = hand_layer(width + 2 * margin, height + 2 * margin, 1, 0, 0, 0, 0);
        across_layer = hand_layer(width, height + 2 * margin, 1, 0, 0, 0, 0);
        result = hand_final_target(width, height);
        glow = glow_program(width, height, 1);
        wave = wave_program(width, height, (float)(1 + margin), (float)(height + 1 + margin), (float)-margin, 0);
        // Pixel p of the picture is (p.x + 1 + margin, p.y + 1 + margin) in the wave's layer, (p.x + 1,
        // p.y + 1 + margin) in the blur across's (both counted from the bottom-left, as GL does).
        blur_programs(radius, &waved, (float)margin, 0, 1, (float)(1 + margin));
        frame = draw_wave_blur;
        snprintf(what, sizeof what, "hand-written harmonic into a layer, the wave sampling it, then a two-pass "
                 "Gaussian, radius %g px (sigma %g), paired taps", radius, radius / 2);
        break;
    }
    }
    hand_run(&options, frame, &result, what);
    return 0;
}
