// The player's reduced PNG decode (CPNGReduced.h): libpng's row API, so that a large picture
// drawn in a few dozen terminal cells is never held whole, and the box sums compiled here, as
// C with the package's optimisation, rather than as inline code of a header Swift imports.
#include "CPNGReduced.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// The sums run in two steps. Each source row is added into 32-bit sums per source column (red,
// green and blue times alpha, and alpha: at most 255 × 255 a row), which is contiguous work
// that SSE2 does four pixels a step. Those are folded into 64-bit sums per output column when
// an output row is complete, or after `fold_rows` rows, before a 32-bit sum could overflow
// (65,536 × 255 × 255 < 2^32). They cost 16 bytes for each pixel of the source's width.
static const unsigned fold_rows = 65536;

// Adds `row`'s `width` RGBA pixels into `column_sums` (4 a pixel: red, green and blue times
// alpha, and alpha).
static void add_row(const unsigned char *row, unsigned width, uint32_t *column_sums) {
    unsigned x = 0;
#if defined(__SSE2__)
    // 16-bit lanes r g b a r g b a: each channel times its pixel's alpha (255 × 255 fits),
    // the alpha lanes keeping alpha itself, widened to 32 bits and added.
    const __m128i zero = _mm_setzero_si128();
    const __m128i alpha_lanes = _mm_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0);
    for (; x + 4 <= width; x += 4) {
        const __m128i pixels = _mm_loadu_si128((const __m128i *)(row + (size_t)x * 4));
        __m128i *sums = (__m128i *)(column_sums + (size_t)x * 4);
        const __m128i halves[2] = {_mm_unpacklo_epi8(pixels, zero),
                                   _mm_unpackhi_epi8(pixels, zero)};
        for (int half = 0; half < 2; half++) {
            const __m128i lanes = halves[half];
            const __m128i alphas = _mm_shufflehi_epi16(_mm_shufflelo_epi16(lanes, 0xFF), 0xFF);
            __m128i weighted = _mm_mullo_epi16(lanes, alphas);
            weighted = _mm_or_si128(_mm_andnot_si128(alpha_lanes, weighted),
                                    _mm_and_si128(alpha_lanes, lanes));
            __m128i *pair = sums + half * 2;
            _mm_storeu_si128(pair, _mm_add_epi32(_mm_loadu_si128(pair),
                                                 _mm_unpacklo_epi16(weighted, zero)));
            _mm_storeu_si128(pair + 1, _mm_add_epi32(_mm_loadu_si128(pair + 1),
                                                     _mm_unpackhi_epi16(weighted, zero)));
        }
    }
#endif
    for (; x < width; x++) {
        const unsigned char *pixel = row + (size_t)x * 4;
        uint32_t *sum = column_sums + (size_t)x * 4;
        const uint32_t alpha = pixel[3];
        sum[0] += pixel[0] * alpha;
        sum[1] += pixel[1] * alpha;
        sum[2] += pixel[2] * alpha;
        sum[3] += alpha;
    }
}

// Folds `column_sums`, `rows` source rows of them, into `sums` (5 an output column: alpha,
// red, green and blue times alpha, pixels), output column c taking source columns
// columns[c] ..< columns[c + 1]; then clears `column_sums`.
static void fold(uint32_t *column_sums, unsigned width, unsigned rows, unsigned out_width,
                 const unsigned *columns, uint64_t *sums) {
    for (unsigned c = 0; c < out_width; c++) {
        uint64_t *sum = sums + (size_t)c * 5;
        for (unsigned x = columns[c]; x < columns[c + 1]; x++) {
            const uint32_t *column = column_sums + (size_t)x * 4;
            sum[0] += column[3];
            sum[1] += column[0];
            sum[2] += column[1];
            sum[3] += column[2];
        }
        sum[4] += (uint64_t)(columns[c + 1] - columns[c]) * rows;
    }
    memset(column_sums, 0, (size_t)width * 4 * sizeof(uint32_t));
}

int walkthrough_png_decode_reduced(const unsigned char *data, unsigned long size, unsigned width,
                                   unsigned height, unsigned out_width, unsigned out_height,
                                   unsigned char *rgba, char *message, size_t capacity) {
    struct walkthrough_png_source source;
    memset(&source, 0, sizeof source);
    source.data = data;
    source.size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source,
                                             walkthrough_png_fail, walkthrough_png_ignore);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    unsigned char *volatile row = NULL;
    uint32_t *volatile column_sums = NULL;
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
        free(column_sums);
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
        column_sums = (uint32_t *)calloc((size_t)width * 4, sizeof(uint32_t));
        // Per output pixel of the current output row: alpha, red × alpha, green × alpha,
        // blue × alpha, and the pixel count.
        sums = (uint64_t *)calloc((size_t)out_width * 5, sizeof(uint64_t));
        // The first source column of each output column (source column x goes to output
        // column x × out_width / width, rounded down), and `width` after the last.
        columns = (unsigned *)malloc(((size_t)out_width + 1) * sizeof(unsigned));
        if (row == NULL || column_sums == NULL || sums == NULL || columns == NULL)
            png_error(png, "out of memory");
        for (unsigned c = 0; c <= out_width; c++)
            columns[c] = (unsigned)(((uint64_t)c * width + out_width - 1) / out_width);
        unsigned current = 0;
        unsigned rows = 0;
        for (unsigned y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            add_row(row, width, column_sums);
            rows++;
            unsigned next = y + 1 < height ? (unsigned)((uint64_t)(y + 1) * out_height / height)
                                           : out_height;
            if (next != current || rows == fold_rows) {
                fold(column_sums, width, rows, out_width, columns, sums);
                rows = 0;
            }
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
    free(column_sums);
    free(sums);
    free(columns);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}
