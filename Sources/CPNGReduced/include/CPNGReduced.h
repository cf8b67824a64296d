#ifndef WALKTHROUGH_CPNGREDUCED_H
#define WALKTHROUGH_CPNGREDUCED_H

#include <stddef.h>

/// Decodes the non-interlaced PNG in `data`, whose header said `width` × `height`, straight
/// into `out_width` × `out_height` RGBA pixels (`rgba`, 4 bytes a pixel, not premultiplied):
/// each output pixel is the average of the source pixels its box covers, colours weighted by
/// their alpha. One source row is held at a time. Returns 0; 1 for an interlaced file (whose rows
/// come in seven passes: decode it whole instead); -1 with a message (at most `capacity` bytes,
/// NUL-terminated) when the file is damaged. The caller has checked that libpng is loaded
/// (`walkthrough_libpng_load_error`, as ImageDecoder does before any decode).
///
/// libpng's errors longjmp inside this function only, never across its caller's frames;
/// warnings are ignored, as libpng's simplified API ignores them.
int walkthrough_png_decode_reduced(const unsigned char *data, unsigned long size, unsigned width,
                                   unsigned height, unsigned out_width, unsigned out_height,
                                   unsigned char *rgba, char *message, size_t capacity);

#endif
