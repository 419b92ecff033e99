#include <png.h>
#include <libdeflate.h>
#include <stdint.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// PNG_FORMAT_RGBA is a macro built from other macros, which Swift does not import.
static const png_uint_32 glint_png_format_rgba = PNG_FORMAT_RGBA;

// Streaming PNG writer. libpng reports errors by longjmp, which must never cross Swift frames,
// so the setjmp, libpng's calls and the file writes all live here in C; Swift only supplies rows
// through a callback that returns before libpng runs again.

/// Row `y` (0 is the top) of RGBA8 pixels, or NULL to stop writing (the caller keeps the reason).
typedef const unsigned char *_Nullable (*glint_png_row_fn)(void *_Nullable context, png_uint_32 y);

/// Where encoded bytes go: a buffer in front of a file descriptor, and why writing failed.
typedef struct {
    int fd;
    int error;         // errno of the write that failed, 0 if none
    char message[200]; // libpng's reason for an encoder failure
    size_t used;
    unsigned char buffer[1 << 16];
} glint_png_sink;

/// Writes the whole buffer, retrying short writes and interruptions; -1 with `error` set on failure.
static inline int glint_png_sink_drain(glint_png_sink *sink) {
    size_t done = 0;
    while (done < sink->used) {
        ssize_t n = write(sink->fd, sink->buffer + done, sink->used - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            sink->error = n < 0 ? errno : EIO;
            return -1;
        }
        done += (size_t)n;
    }
    sink->used = 0;
    return 0;
}

static inline void glint_png_write_data(png_structp png, png_bytep data, size_t length) {
    glint_png_sink *sink = (glint_png_sink *)png_get_io_ptr(png);
    while (length > 0) {
        if (sink->used == sizeof sink->buffer && glint_png_sink_drain(sink) != 0) png_error(png, "write failed");
        size_t room = sizeof sink->buffer - sink->used;
        size_t n = length < room ? length : room;
        memcpy(sink->buffer + sink->used, data, n);
        sink->used += n;
        data += n;
        length -= n;
    }
}

static inline void glint_png_flush_data(png_structp png) { (void)png; }

static inline void glint_png_error(png_structp png, png_const_charp message) {
    glint_png_sink *sink = (glint_png_sink *)png_get_error_ptr(png);
    strncpy(sink->message, message, sizeof sink->message - 1);
    png_longjmp(png, 1);
}

static inline void glint_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Encodes a `width` x `height` RGBA8 image, rows from `rows`, straight into `fd`, with the
/// settings of libpng's simplified API (png_image_write_*: 8-bit RGBA, sRGB chunk, default
/// compression), so the bytes equal `png_image_write_to_memory`'s for the same pixels.
/// Returns 0 on success; 1 when `rows` returned NULL; -1 when a write failed (`*error` is its
/// errno); -2 when libpng failed (`message` says why). Does not close `fd`.
static inline int glint_png_write_rows(int fd, png_uint_32 width, png_uint_32 height,
                                       glint_png_row_fn _Nonnull rows, void *_Nullable context,
                                       int *_Nonnull error, char *_Nonnull message, size_t message_size) {
    *error = 0;
    if (message_size > 0) message[0] = 0;
    glint_png_sink *sink = (glint_png_sink *)calloc(1, sizeof(glint_png_sink));
    if (!sink) {
        *error = ENOMEM;
        return -1;
    }
    sink->fd = fd;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, glint_png_error, glint_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(png ? &png : NULL, NULL);
        free(sink);
        *error = ENOMEM;
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        // Only libpng's own frames lie between here and the longjmp.
        png_destroy_write_struct(&png, &info);
        int result = sink->error ? -1 : -2;
        *error = sink->error;
        if (message_size > 0) {
            strncpy(message, sink->message, message_size - 1);
            message[message_size - 1] = 0;
        }
        free(sink);
        return result;
    }
    png_set_benign_errors(png, 0);
    png_set_write_fn(png, sink, glint_png_write_data, glint_png_flush_data);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    for (png_uint_32 y = 0; y < height; y++) {
        const unsigned char *row = rows(context, y);
        if (!row) {
            png_destroy_write_struct(&png, &info);
            free(sink);
            return 1;
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    int result = glint_png_sink_drain(sink) == 0 ? 0 : -1;
    *error = sink->error;
    free(sink);
    return result;
}

// Fast PNG writer: the whole image filtered in memory and compressed in one go by libdeflate
// (several times faster than zlib at the same ratio), then framed as PNG chunks here.

static inline void glint_png_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

/// Appends a chunk (`type`, then `length` bytes of `data`) at `out`; returns the bytes written.
static inline size_t glint_png_chunk(unsigned char *out, const char *type, const unsigned char *data, size_t length) {
    glint_png_put32(out, (uint32_t)length);
    memcpy(out + 4, type, 4);
    if (length) memcpy(out + 8, data, length);
    uint32_t crc = libdeflate_crc32(0, out + 4, 4 + length);
    glint_png_put32(out + 8 + length, crc);
    return 12 + length;
}

/// The Paeth predictor of PNG's filter type 4.
static inline int glint_png_paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/// Encodes `width` x `height` RGBA8 pixels (rows from the top, `stride` bytes apart) as a PNG in
/// memory: 8-bit RGBA, an sRGB chunk, one IDAT. `level` is libdeflate's (1…12). With `adaptive`,
/// each row takes the filter whose output has the smallest sum of magnitudes (libpng's rule),
/// else the filter that rule picks judged on every fourth pixel. Returns 0 and the bytes in `*out` (`*out_size`; the caller
/// frees them), or -1 when memory ran out.
static inline int glint_png_encode_fast(const unsigned char *_Nonnull rgba, uint32_t width, uint32_t height, size_t stride,
                                        int level, int adaptive,
                                        unsigned char *_Nullable *_Nonnull out, size_t *_Nonnull out_size) {
    *out = NULL;
    *out_size = 0;
    size_t row = (size_t)width * 4;
    size_t raw_size = (row + 1) * height;
    unsigned char *raw = (unsigned char *)malloc(raw_size);
    unsigned char *trial = adaptive ? (unsigned char *)malloc(row * 4) : NULL;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!raw || (adaptive && !trial) || !compressor) {
        free(raw); free(trial);
        if (compressor) libdeflate_free_compressor(compressor);
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) {
        const unsigned char *r = rgba + y * stride;
        const unsigned char *u = y ? r - stride : NULL;
        unsigned char *o = raw + y * (row + 1);
        if (!adaptive) {
            // libpng's rule (the filter leaving the smallest magnitudes) judged on every fourth
            // pixel, then only the chosen filter run over the row: nearly its files, a fraction
            // of its time.
            unsigned long cost[5] = {0, 0, 0, 0, 0};
            for (size_t i = 0; i < row; i += 16) {
                for (size_t k = i; k < i + 4 && k < row; k++) {
                    int a = k >= 4 ? r[k - 4] : 0, b = u ? u[k] : 0, c = (u && k >= 4) ? u[k - 4] : 0;
                    unsigned char f[5] = {r[k], (unsigned char)(r[k] - a), (unsigned char)(r[k] - b),
                                          (unsigned char)(r[k] - ((a + b) >> 1)), (unsigned char)(r[k] - glint_png_paeth(a, b, c))};
                    for (int m = 0; m < 5; m++) cost[m] += f[m] < 128 ? f[m] : 256 - f[m];
                }
            }
            int best = 0;
            for (int m = 1; m < 5; m++) if (cost[m] < cost[best]) best = m;
            o[0] = (unsigned char)best;
            switch (best) {
            case 0: memcpy(o + 1, r, row); break;
            case 1:
                for (size_t i = 0; i < 4 && i < row; i++) o[1 + i] = r[i];
                for (size_t i = 4; i < row; i++) o[1 + i] = (unsigned char)(r[i] - r[i - 4]);
                break;
            case 2:
                for (size_t i = 0; i < row; i++) o[1 + i] = (unsigned char)(r[i] - (u ? u[i] : 0));
                break;
            case 3:
                for (size_t i = 0; i < row; i++) o[1 + i] = (unsigned char)(r[i] - (((i >= 4 ? r[i - 4] : 0) + (u ? u[i] : 0)) >> 1));
                break;
            default:
                if (!u) {  // on the first row Paeth is Sub
                    for (size_t i = 0; i < 4 && i < row; i++) o[1 + i] = r[i];
                    for (size_t i = 4; i < row; i++) o[1 + i] = (unsigned char)(r[i] - r[i - 4]);
                    break;
                }
                for (size_t i = 0; i < 4 && i < row; i++) o[1 + i] = (unsigned char)(r[i] - u[i]);
                // Branch-free, so the compiler can run it many bytes at a time.
                for (size_t i = 4; i < row; i++) {
                    int a = r[i - 4], b = u[i], c = u[i - 4];
                    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
                    int pick = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
                    o[1 + i] = (unsigned char)(r[i] - pick);
                }
            }
            continue;
        }
        // Sub, Up, Average, Paeth into `trial`; None costs the row itself.
        unsigned long cost[5] = {0, 0, 0, 0, 0};
        for (size_t i = 0; i < row; i++) {
            int a = i >= 4 ? r[i - 4] : 0, b = u ? u[i] : 0, c = (u && i >= 4) ? u[i - 4] : 0;
            unsigned char f1 = (unsigned char)(r[i] - a), f2 = (unsigned char)(r[i] - b);
            unsigned char f3 = (unsigned char)(r[i] - ((a + b) >> 1)), f4 = (unsigned char)(r[i] - glint_png_paeth(a, b, c));
            trial[i] = f1; trial[row + i] = f2; trial[2 * row + i] = f3; trial[3 * row + i] = f4;
            cost[0] += r[i] < 128 ? r[i] : 256 - r[i];
            cost[1] += f1 < 128 ? f1 : 256 - f1;
            cost[2] += f2 < 128 ? f2 : 256 - f2;
            cost[3] += f3 < 128 ? f3 : 256 - f3;
            cost[4] += f4 < 128 ? f4 : 256 - f4;
        }
        int best = 0;
        for (int k = 1; k < 5; k++) if (cost[k] < cost[best]) best = k;
        o[0] = (unsigned char)best;
        memcpy(o + 1, best == 0 ? r : trial + (size_t)(best - 1) * row, row);
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    size_t total = 8 + 25 + 13 + 12 + bound + 12;
    unsigned char *png = (unsigned char *)malloc(total);
    if (!png) {
        free(raw); free(trial);
        libdeflate_free_compressor(compressor);
        return -1;
    }
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(png, signature, 8);
    size_t at = 8;
    unsigned char ihdr[13];
    glint_png_put32(ihdr, width);
    glint_png_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGBA, deflate, no interlace
    at += glint_png_chunk(png + at, "IHDR", ihdr, 13);
    unsigned char srgb = 0;  // perceptual intent, as libpng's writer marks it
    at += glint_png_chunk(png + at, "sRGB", &srgb, 1);
    // IDAT: the compressed data written in place after its length and type, then its CRC.
    size_t compressed = libdeflate_zlib_compress(compressor, raw, raw_size, png + at + 8, bound);
    free(raw); free(trial);
    libdeflate_free_compressor(compressor);
    if (compressed == 0) { free(png); return -1; }
    glint_png_put32(png + at, (uint32_t)compressed);
    memcpy(png + at + 4, "IDAT", 4);
    glint_png_put32(png + at + 8 + compressed, libdeflate_crc32(0, png + at + 4, 4 + compressed));
    at += 12 + compressed;
    at += glint_png_chunk(png + at, "IEND", NULL, 0);
    *out = png;
    *out_size = at;
    return 0;
}

// Bounded PNG reader. As for the writer, every libpng call and the setjmp live here in C, and
// Swift sees only a status: libpng's longjmp never crosses a Swift frame. The caller reads the
// header first (`pixels` NULL), checks the size against its limits, and only then allocates
// the pixels and reads again with them, so a header that lies about its size costs nothing.

/// What `glint_png_read` found.
static const int glint_png_read_ok = 0;
/// The data does not start with PNG's signature.
static const int glint_png_read_not_png = 1;
/// The data ends before the PNG does; `message` says where.
static const int glint_png_read_truncated = 2;
/// libpng refused the data (a bad chunk, a size over the limit, too little image data);
/// `message` has its reason.
static const int glint_png_read_invalid = 3;
/// Memory for libpng's own structures could not be had.
static const int glint_png_read_no_memory = 4;
/// The data holds nothing at all.
static const int glint_png_read_empty = 5;

/// The most bytes libpng may allocate for one ancillary chunk (an ICC profile, say): libpng's
/// documented default, set here so the bound holds whatever a build's default. (libpng 1.6.39
/// reads a text chunk into a buffer of the size the chunk claims even so, up to 2 GiB: text
/// chunks are skipped unread instead, below.)
#define GLINT_PNG_CHUNK_MALLOC_MAX 8000000
/// The most ancillary chunks libpng keeps (text, sPLT, unknown): libpng's default.
#define GLINT_PNG_CHUNK_CACHE_MAX 1000

/// The bytes being read, and why reading stopped.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
    int truncated;     // the data ended before libpng had what it asked for
    char message[200]; // libpng's reason for an error
} glint_png_source;

static inline void glint_png_read_data(png_structp png, png_bytep out, size_t length) {
    glint_png_source *source = (glint_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        source->truncated = 1;
        png_error(png, "truncated");
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static inline void glint_png_read_error(png_structp png, png_const_charp message) {
    glint_png_source *source = (glint_png_source *)png_get_error_ptr(png);
    if (!source->truncated) strncpy(source->message, message, sizeof source->message - 1);
    png_longjmp(png, 1);
}

/// Says where data that ended early stopped: in the chunk libpng was reading, or after it.
static inline void glint_png_describe_truncation(png_structp png, char *_Nonnull message, size_t message_size) {
    png_uint_32 state = png_get_io_state(png);
    png_uint_32 type = png_get_io_chunk_type(png);
    char name[5] = {(char)(type >> 24), (char)(type >> 16), (char)(type >> 8), (char)type, 0};
    if ((state & PNG_IO_MASK_LOC) == PNG_IO_SIGNATURE) {
        snprintf(message, message_size, "it ends in its signature");
    } else if (type == 0) {
        snprintf(message, message_size, "it ends after its signature");
    } else if ((state & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR) {
        snprintf(message, message_size, "it ends after its %s chunk", name);
    } else {
        snprintf(message, message_size, "it ends inside its %s chunk", name);
    }
}

/// Reads the PNG in `data`. With `pixels` NULL, reads only the header and the chunks before the
/// image data and sets `*width` and `*height`; no image of any declared size allocates more than
/// a chunk's worth. With `pixels`, `*width` and `*height` must hold the size the header read
/// gave; decodes to 8-bit RGBA with straight alpha, rows from the top, `*width * 4` bytes a
/// row, exactly as libpng's simplified API does for PNG_FORMAT_RGBA (palette, grey and tRNS
/// expanded, 16-bit data taken as linear unless the file says otherwise and encoded as sRGB).
/// Sides over `max_side` are refused by libpng itself while reading pixels (a backstop: the
/// caller checks first, with its own message). Returns one of the glint_png_read_ statuses;
/// `message` has the reason for truncated and invalid data.
static inline int glint_png_read(const unsigned char *_Nullable data, size_t size, png_uint_32 max_side,
                                 unsigned char *_Nullable pixels, png_uint_32 *_Nonnull width, png_uint_32 *_Nonnull height,
                                 char *_Nonnull message, size_t message_size) {
    const size_t signature_size = 8;
    if (message_size > 0) message[0] = 0;
    if (!data || size == 0) return glint_png_read_empty;
    if (size < signature_size) {
        // A prefix of the signature is a PNG that ends early; anything else is not a PNG.
        if (png_sig_cmp(data, 0, size) != 0) return glint_png_read_not_png;
        snprintf(message, message_size, "it ends in its signature");
        return glint_png_read_truncated;
    }
    if (png_sig_cmp(data, 0, signature_size) != 0) return glint_png_read_not_png;

    glint_png_source *source = (glint_png_source *)calloc(1, sizeof(glint_png_source));
    if (!source) return glint_png_read_no_memory;
    source->data = data;
    source->size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, glint_png_read_error, glint_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        free(source);
        return glint_png_read_no_memory;
    }
    if (setjmp(png_jmpbuf(png))) {
        // Only libpng's own frames lie between here and the longjmp.
        int result = source->truncated ? glint_png_read_truncated : glint_png_read_invalid;
        if (source->truncated) {
            glint_png_describe_truncation(png, message, message_size);
        } else if (message_size > 0) {
            strncpy(message, source->message, message_size - 1);
            message[message_size - 1] = 0;
        }
        png_destroy_read_struct(&png, &info, NULL);
        free(source);
        return result;
    }
    png_set_read_fn(png, source, glint_png_read_data);
    // The header read reports any size, for the caller to refuse with its own message.
    png_uint_32 side = pixels ? max_side : PNG_UINT_31_MAX;
    png_set_user_limits(png, side, side);
    png_set_chunk_malloc_max(png, GLINT_PNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(png, GLINT_PNG_CHUNK_CACHE_MAX);
    // As the simplified API: benign errors warn; chunks that cannot change the pixels (text,
    // times, unknown chunks) are skipped unread, a few bytes at a time whatever their claimed
    // length, and those that can are read and checked.
    png_set_benign_errors(png, 1);
    static const png_byte used_chunks[] = {
        98, 75, 71, 68, '\0',   // bKGD
        99, 72, 82, 77, '\0',   // cHRM
        103, 65, 77, 65, '\0',  // gAMA
        105, 67, 67, 80, '\0',  // iCCP
        115, 66, 73, 84, '\0',  // sBIT
        115, 82, 71, 66, '\0',  // sRGB
    };
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, used_chunks, (int)(sizeof used_chunks / 5));
    png_read_info(png, info);

    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (!pixels) {
        *width = w;
        *height = h;
        png_destroy_read_struct(&png, &info, NULL);
        free(source);
        return glint_png_read_ok;
    }
    if (w != *width || h != *height) png_error(png, "the header changed between reads");

    // The simplified API's transforms for 8-bit sRGB RGBA (png_image_read_direct).
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int transparent_entries = 0;
    if (!png_get_tRNS(png, info, NULL, &transparent_entries, NULL)) transparent_entries = 0;
    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || transparent_entries > 0;
    png_set_expand(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    // The first call sets the file's gamma where the file gives none: 16-bit data is linear.
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, bit_depth == 16 ? PNG_GAMMA_LINEAR : PNG_DEFAULT_sRGB);
    if (bit_depth == 16) png_set_scale_16(png);
    if (!has_alpha) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    // The second sets the output's: sRGB.
    png_set_alpha_mode_fixed(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t row_bytes = (size_t)w * 4;
    if (png_get_rowbytes(png, info) != row_bytes || png_get_bit_depth(png, info) != 8 ||
        png_get_color_type(png, info) != PNG_COLOR_TYPE_RGB_ALPHA) {
        png_error(png, "cannot convert to 8-bit RGBA");
    }
    // Each pass of an interlaced image fills in its own pixels of every row it touches.
    for (int pass = 0; pass < passes; pass++) {
        unsigned char *row = pixels;
        for (png_uint_32 y = 0; y < h; y++, row += row_bytes) png_read_row(png, row, NULL);
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(source);
    return glint_png_read_ok;
}
