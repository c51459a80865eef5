// libpng's simplified API (png.h: png_image and its functions), for its types and constants.
// Nothing is linked: Sources/Shots/Internals/LibPNG.swift opens libpng16.so.16 on first use and
// looks each function up by name, with the type png.h declares.
#include <png.h>

// png.h's format flags are macros built from others, which Swift does not import.
static const png_uint_32 hingesim_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 hingesim_png_image_version = PNG_IMAGE_VERSION;
