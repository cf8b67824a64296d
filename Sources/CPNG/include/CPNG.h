#ifndef WALKTHROUGH_CPNG_H
#define WALKTHROUGH_CPNG_H

// libpng's declarations, from Debian's libpng-dev. The library itself is not linked: each
// function the project calls is a trampoline (PNGLoader.c, Sources/CLazyLibrary) that loads
// libpng16.so.16 on its first call, so a launch that decodes no PNG (the one-call gate with
// nothing due, `walkthrough seen`) never maps libpng or zlib. The static build links libpng16.a
// instead (WALKTHROUGH_STATIC_IMAGE_LIBRARIES, scripts/build-static.sh).
//
// libpng's simplified API (png_image_begin_read_from_memory, png_image_finish_read) keeps its
// setjmp/longjmp error handling inside libpng: an error returns 0 with a message in
// image.message, and no longjmp ever crosses a Swift frame. libpng's default user limits stay
// in force (1,000,000 pixels a side, at most 8 MB for one ancillary chunk, 1,000 such chunks),
// so a compressed text or profile chunk cannot inflate without bound; the image data itself is
// bounded by the width and height the caller checks before png_image_finish_read.
// The player's reduced decode, libpng's row API, is C of its own: Sources/CPNGReduced.
#include <png.h>

/// Why libpng could not be loaded, or NULL when it is loaded (or linked statically). Loads it
/// if that has not been tried yet: call it before the first libpng function.
const char *walkthrough_libpng_load_error(void);

#endif
