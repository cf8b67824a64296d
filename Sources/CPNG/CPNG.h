#ifndef WALKTHROUGH_CPNG_H
#define WALKTHROUGH_CPNG_H

// libpng's declarations, from Debian's libpng-dev; the module map links libpng16. Only the
// player's `Pictures` trait (Sources/WalkthroughTerminal) uses it.
//
// libpng's simplified API (png_image_begin_read_from_memory, png_image_finish_read) keeps its
// setjmp/longjmp error handling inside libpng: an error returns 0 with a message in
// image.message, and no longjmp ever crosses a Swift frame. libpng's default user limits stay
// in force (1,000,000 pixels a side, at most 8 MB for one ancillary chunk, 1,000 such chunks),
// so a compressed text or profile chunk cannot inflate without bound; the image data itself is
// bounded by the width and height the caller checks before png_image_finish_read.
// The player's reduced decode, libpng's row API, is C of its own: Sources/CPNGReduced.
#include <png.h>


#endif
