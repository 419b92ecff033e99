#include <png.h>
#include <errno.h>
#include <setjmp.h>
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
