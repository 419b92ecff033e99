#include <png.h>
// PNG_FORMAT_RGBA is a macro built from other macros, which Swift does not import.
static const png_uint_32 glint_png_format_rgba = PNG_FORMAT_RGBA;
