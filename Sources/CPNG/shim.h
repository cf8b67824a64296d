#ifndef WALKTHROUGH_CPNG_SHIM_H
#define WALKTHROUGH_CPNG_SHIM_H

// libpng's simplified API (png_image_begin_read_from_memory, png_image_finish_read) keeps its
// setjmp/longjmp error handling inside libpng: an error returns 0 with a message in
// image.message, and no longjmp ever crosses a Swift frame. libpng's default user limits stay
// in force (1,000,000 pixels a side, at most 8 MB for one ancillary chunk, 1,000 such chunks),
// so a compressed text or profile chunk cannot inflate without bound; the image data itself is
// bounded by the width and height the caller checks before png_image_finish_read.
#include <png.h>

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The player's reduced decode: libpng's row API, so that a large picture drawn in a few dozen
// terminal cells is never held whole. Errors longjmp inside this helper only (png_jmpbuf), never
// across a Swift frame; warnings are ignored, as the simplified API ignores them.

struct walkthrough_png_source {
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[200];
};

static void walkthrough_png_read_bytes(png_structp png, png_bytep out, size_t length) {
    struct walkthrough_png_source *source = (struct walkthrough_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the file ends early");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void walkthrough_png_fail(png_structp png, png_const_charp text) {
    struct walkthrough_png_source *source =
        (struct walkthrough_png_source *)png_get_error_ptr(png);
    strncpy(source->message, text, sizeof source->message - 1);
    source->message[sizeof source->message - 1] = 0;
    png_longjmp(png, 1);
}

static void walkthrough_png_ignore(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/// Decodes the non-interlaced PNG in `data`, whose header said `width` × `height`, straight
/// into `out_width` × `out_height` RGBA pixels (`rgba`, 4 bytes a pixel, not premultiplied):
/// each output pixel is the average of the source pixels its box covers, colours weighted by
/// their alpha. One source row is held at a time. Returns 0; 1 for an interlaced file (whose rows
/// come in seven passes: decode it whole instead); -1 with a message when the file is damaged.
static inline int walkthrough_png_decode_reduced(const unsigned char *data, unsigned long size,
                                                 unsigned width, unsigned height,
                                                 unsigned out_width, unsigned out_height,
                                                 unsigned char *rgba, char *message,
                                                 size_t capacity) {
    struct walkthrough_png_source source;
    memset(&source, 0, sizeof source);
    source.data = data;
    source.size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source,
                                             walkthrough_png_fail, walkthrough_png_ignore);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile row = NULL;
    uint64_t *volatile sums = NULL;
    unsigned *volatile columns = NULL;
    volatile int status = 0;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        if (message != NULL && capacity > 0) {
            strncpy(message, source.message[0] ? source.message : "libpng gave no reason",
                    capacity - 1);
            message[capacity - 1] = 0;
        }
        free(row);
        free(sums);
        free(columns);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, walkthrough_png_read_bytes);
#if defined(PNG_IGNORE_ADLER32) && defined(PNG_SET_OPTION_SUPPORTED)
    // zlib's Adler-32 of the inflated rows is redundant here: every compressed byte is
    // already checked by its chunk's CRC, which libpng still verifies (a damaged or cut file
    // is still an error). It was 7% of a launch showing a 1000×700 picture.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height)
        png_error(png, "the header changed between reads");
    if (out_width == 0 || out_height == 0 || out_width > width || out_height > height)
        png_error(png, "the reduced size is not within the image");
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        status = 1;
    } else {
        // To 8-bit RGBA, as the simplified API's PNG_FORMAT_RGBA: palette and low bit depths
        // expanded, tRNS to alpha, 16 bits to 8, grey to RGB, opaque alpha added.
        png_set_expand(png);
        png_set_strip_16(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != (size_t)width * 4)
            png_error(png, "libpng did not give 8-bit RGBA rows");
        row = (unsigned char *)malloc((size_t)width * 4);
        // Per output pixel of the current output row: alpha, red × alpha, green × alpha,
        // blue × alpha, and the pixel count.
        sums = (uint64_t *)calloc((size_t)out_width * 5, sizeof(uint64_t));
        // The output column of each source column, worked out once.
        columns = (unsigned *)malloc((size_t)width * sizeof(unsigned));
        if (row == NULL || sums == NULL || columns == NULL) png_error(png, "out of memory");
        for (unsigned x = 0; x < width; x++)
            columns[x] = (unsigned)((uint64_t)x * out_width / width);
        unsigned current = 0;
        for (unsigned y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            for (unsigned x = 0; x < width; x++) {
                const unsigned char *pixel = row + (size_t)x * 4;
                uint64_t *sum = sums + (size_t)columns[x] * 5;
                uint64_t alpha = pixel[3];
                sum[0] += alpha;
                sum[1] += pixel[0] * alpha;
                sum[2] += pixel[1] * alpha;
                sum[3] += pixel[2] * alpha;
                sum[4] += 1;
            }
            unsigned next = y + 1 < height ? (unsigned)((uint64_t)(y + 1) * out_height / height)
                                           : out_height;
            if (next != current) {
                unsigned char *out = rgba + (size_t)current * out_width * 4;
                for (unsigned x = 0; x < out_width; x++) {
                    uint64_t *sum = sums + (size_t)x * 5;
                    uint64_t count = sum[4] ? sum[4] : 1;
                    out[x * 4 + 3] = (unsigned char)((sum[0] + count / 2) / count);
                    for (int channel = 0; channel < 3; channel++) {
                        out[x * 4 + channel] =
                            sum[0] ? (unsigned char)((sum[1 + channel] + sum[0] / 2) / sum[0]) : 0;
                    }
                }
                memset(sums, 0, (size_t)out_width * 5 * sizeof(uint64_t));
                current = next;
            }
        }
    }
    free(row);
    free(sums);
    free(columns);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

#endif
