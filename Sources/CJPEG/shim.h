#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// Bounded JPEG reader over libjpeg-turbo's libjpeg API. libjpeg's default error_exit calls
// exit(); here it longjmps back to the setjmp in glint_jpeg_read instead, and the setjmp, every
// libjpeg call and the longjmp all live in this C file: no longjmp ever crosses a Swift frame,
// and Swift sees only a status. As for PNG (CPNG's glint_png_read) the caller reads the header
// first (`pixels` NULL), checks the size against its limits, and only then allocates the pixels
// and reads again with them, so a header that lies about its size costs nothing.

/// What `glint_jpeg_read` found.
static const int glint_jpeg_read_ok = 0;
/// The data does not start with JPEG's start-of-image marker.
static const int glint_jpeg_read_not_jpeg = 1;
/// The data ends before the JPEG does; `message` says where.
static const int glint_jpeg_read_truncated = 2;
/// libjpeg refused the data (a bad marker, an unsupported precision, too many scans);
/// `message` has its reason.
static const int glint_jpeg_read_invalid = 3;
/// Memory for libjpeg's own structures could not be had, or decoding would take more than
/// `max_memory` (a progressive JPEG keeps all its coefficients while it reads).
static const int glint_jpeg_read_no_memory = 4;
/// The data holds nothing at all.
static const int glint_jpeg_read_empty = 5;
/// The colour space is one Glint does not turn into RGB; `message` names it.
static const int glint_jpeg_read_unsupported = 6;

/// libjpeg's state and the way back out of it.
typedef struct {
    struct jpeg_error_mgr error;       // first: libjpeg hands back `cinfo->err`, cast to this
    struct jpeg_progress_mgr progress;
    struct jpeg_decompress_struct cinfo;
    jmp_buf jump;
    int status;                        // the glint_jpeg_read_ status a longjmp returns
    int in_image_data;                 // the header was read: an end now is inside the image data
    int max_scans;
    char message[JMSG_LENGTH_MAX];     // the reason for an error
} glint_jpeg_reader;

/// Stops reading with `status` and `message`: back to the setjmp in glint_jpeg_read.
static inline void glint_jpeg_stop(glint_jpeg_reader *_Nonnull reader, int status, const char *_Nonnull message) {
    reader->status = status;
    snprintf(reader->message, sizeof reader->message, "%s", message);
    longjmp(reader->jump, 1);
}

static inline void glint_jpeg_error_exit(j_common_ptr cinfo) {
    glint_jpeg_reader *reader = (glint_jpeg_reader *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    int code = cinfo->err->msg_code;
    glint_jpeg_stop(reader, code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE ? glint_jpeg_read_no_memory : glint_jpeg_read_invalid, text);
}

/// Warnings: the end of the data ("Premature end of JPEG file", after which libjpeg would go on
/// with grey) stops the read as truncated; damaged entropy data libjpeg recovers from is shown as
/// it recovers, as every viewer does; trace messages are dropped.
static inline void glint_jpeg_emit_message(j_common_ptr cinfo, int level) {
    glint_jpeg_reader *reader = (glint_jpeg_reader *)cinfo->err;
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        glint_jpeg_stop(reader, glint_jpeg_read_truncated,
                        reader->in_image_data ? "it ends inside its image data" : "it ends before its image data");
    }
}

/// Stops a JPEG of more scans than `max_scans`: each scan of a progressive JPEG passes over the
/// whole image, so a small file of many scans would otherwise take minutes.
static inline void glint_jpeg_progress(j_common_ptr cinfo) {
    glint_jpeg_reader *reader = (glint_jpeg_reader *)cinfo->err;
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > reader->max_scans) {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "it has more than %d scans", reader->max_scans);
        glint_jpeg_stop(reader, glint_jpeg_read_invalid, text);
    }
}

/// Turns a row of CMYK (as libjpeg gives it: inverted when the file has Adobe's marker, as
/// Adobe's and ImageMagick's CMYK JPEGs are) into RGBA in place, without a colour profile.
static inline void glint_jpeg_cmyk_to_rgba(unsigned char *_Nonnull row, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, row += 4) {
        unsigned c = row[0], m = row[1], y = row[2], k = row[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        // Now 255 means no ink: the colour left is (255 − ink) · (255 − black) / 255.
        row[0] = (unsigned char)((c * k + 127) / 255);
        row[1] = (unsigned char)((m * k + 127) / 255);
        row[2] = (unsigned char)((y * k + 127) / 255);
        row[3] = 255;
    }
}

/// Reads the JPEG in `data`. With `pixels` NULL, reads only the markers up to the first scan and
/// sets `*width` and `*height`; no image of any declared size allocates more than libjpeg's
/// tables. With `pixels`, `*width` and `*height` must hold the size the header read gave;
/// decodes to 8-bit RGBA (alpha 255), rows from the top, `*width * 4` bytes a row: YCbCr, RGB
/// and greyscale through libjpeg, CMYK and YCCK through libjpeg's CMYK and a plain conversion.
/// Sides over `max_side` are refused here too (a backstop: the caller checks first, with its
/// own message); libjpeg may allocate at most `max_memory` bytes for whole-image buffers, and
/// reads at most `max_scans` scans. Returns one of the glint_jpeg_read_ statuses; `message` has
/// the reason for every status but ok, not_jpeg and empty.
static inline int glint_jpeg_read(const unsigned char *_Nullable data, size_t size, JDIMENSION max_side,
                                  long max_memory, int max_scans,
                                  unsigned char *_Nullable pixels, JDIMENSION *_Nonnull width, JDIMENSION *_Nonnull height,
                                  char *_Nonnull message, size_t message_size) {
    if (message_size > 0) message[0] = 0;
    if (!data || size == 0) return glint_jpeg_read_empty;
    // The start-of-image marker, then the next marker's 0xFF.
    static const unsigned char start[3] = {0xFF, 0xD8, 0xFF};
    if (size < sizeof start) {
        if (memcmp(data, start, size) != 0) return glint_jpeg_read_not_jpeg;
        snprintf(message, message_size, "it ends in its first marker");
        return glint_jpeg_read_truncated;
    }
    if (memcmp(data, start, sizeof start) != 0) return glint_jpeg_read_not_jpeg;

    glint_jpeg_reader *reader = (glint_jpeg_reader *)calloc(1, sizeof(glint_jpeg_reader));
    if (!reader) return glint_jpeg_read_no_memory;
    reader->max_scans = max_scans;
    j_decompress_ptr cinfo = &reader->cinfo;
    cinfo->err = jpeg_std_error(&reader->error);
    reader->error.error_exit = glint_jpeg_error_exit;
    reader->error.emit_message = glint_jpeg_emit_message;
    if (setjmp(reader->jump)) {
        // Only libjpeg's own frames (and the callbacks above) lie between here and the longjmp;
        // everything read after it lives in `reader`, not in this frame's locals.
        int result = reader->status;
        if (!pixels && result == glint_jpeg_read_invalid && reader->error.msg_code == JERR_IMAGE_TOO_BIG) {
            // The frame header was read, and libjpeg refuses its size (over 65500 pixels a side)
            // before it reaches the first scan: the size for the caller to refuse in its words.
            *width = cinfo->image_width;
            *height = cinfo->image_height;
            jpeg_destroy_decompress(cinfo);
            free(reader);
            return glint_jpeg_read_ok;
        }
        if (result == glint_jpeg_read_no_memory && cinfo->mem) {
            snprintf(reader->message, sizeof reader->message, "decoding it would take more than %ld MiB", max_memory >> 20);
        }
        if (message_size > 0) {
            strncpy(message, reader->message, message_size - 1);
            message[message_size - 1] = 0;
        }
        jpeg_destroy_decompress(cinfo);  // safe on a half-made one: it frees what exists
        free(reader);
        return result;
    }
    jpeg_create_decompress(cinfo);
    // Whole-image buffers (a progressive JPEG's coefficients) within the budget: libjpeg-turbo has
    // no backing store, so a larger one is refused (JERR_NO_BACKING_STORE), not allocated.
    cinfo->mem->max_memory_to_use = max_memory;
    reader->progress.progress_monitor = glint_jpeg_progress;
    cinfo->progress = &reader->progress;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    reader->in_image_data = 1;

    if (!pixels) {
        *width = cinfo->image_width;
        *height = cinfo->image_height;
        jpeg_destroy_decompress(cinfo);
        free(reader);
        return glint_jpeg_read_ok;
    }
    if (cinfo->image_width != *width || cinfo->image_height != *height) {
        glint_jpeg_stop(reader, glint_jpeg_read_invalid, "the header changed between reads");
    }
    if (cinfo->image_width > max_side || cinfo->image_height > max_side) {
        glint_jpeg_stop(reader, glint_jpeg_read_invalid, "it is larger than the most pixels a side Glint reads");
    }
    int cmyk = 0;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: case JCS_YCbCr: case JCS_RGB:
        cinfo->out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK: case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        cmyk = 1;
        break;
    default: {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "its %d colour components are in a colour space Glint does not read (it reads YCbCr, RGB, greyscale and CMYK)",
                 cinfo->num_components);
        glint_jpeg_stop(reader, glint_jpeg_read_unsupported, text);
    }
    }
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4) glint_jpeg_stop(reader, glint_jpeg_read_unsupported, "libjpeg gave no 4-channel pixels");
    size_t row_bytes = (size_t)cinfo->output_width * 4;
    while (cinfo->output_scanline < cinfo->output_height) {
        unsigned char *row = pixels + (size_t)cinfo->output_scanline * row_bytes;
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) glint_jpeg_stop(reader, glint_jpeg_read_truncated, "it ends inside its image data");
        if (cmyk) glint_jpeg_cmyk_to_rgba(row, cinfo->output_width, cinfo->saw_Adobe_marker);
    }
    jpeg_finish_decompress(cinfo);
    jpeg_destroy_decompress(cinfo);
    free(reader);
    return glint_jpeg_read_ok;
}
