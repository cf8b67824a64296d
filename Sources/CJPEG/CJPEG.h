#ifndef WALKTHROUGH_CJPEG_H
#define WALKTHROUGH_CJPEG_H

// libjpeg's declarations, from Debian's libjpeg-dev (libjpeg-turbo), and the helpers the project
// decodes and encodes with; the module map links libjpeg. Only the player's `Pictures` trait
// (Sources/WalkthroughTerminal) uses it.
//
// libjpeg reports errors by calling error_exit, which must not return. These helpers install
// one that longjmps back into the helper that called libjpeg, all in C: no longjmp ever
// crosses a Swift frame. Warnings (corrupt or truncated data, which libjpeg would otherwise
// patch over with grey) are treated as errors, and nothing is ever printed to stderr.
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>


struct walkthrough_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void walkthrough_jpeg_error_exit(j_common_ptr info) {
    struct walkthrough_jpeg_error *error = (struct walkthrough_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void walkthrough_jpeg_emit_message(j_common_ptr info, int level) {
    // A negative level is a warning: the data is corrupt. Trace messages (level >= 0) are
    // ignored.
    if (level < 0) walkthrough_jpeg_error_exit(info);
}

static void walkthrough_jpeg_output_message(j_common_ptr info) { (void)info; }

static void walkthrough_jpeg_copy_message(const struct walkthrough_jpeg_error *error,
                                          char *message, size_t capacity) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, error->message, capacity - 1);
    message[capacity - 1] = 0;
}

/// `error`, cleared, with libjpeg's standard manager whose errors and warnings jump to
/// `error->jump` with their message and which prints nothing; the helpers' `info.err`.
static inline struct jpeg_error_mgr *walkthrough_jpeg_errors(struct walkthrough_jpeg_error *error) {
    memset(error, 0, sizeof *error);
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->manager);
    error->manager.error_exit = walkthrough_jpeg_error_exit;
    error->manager.emit_message = walkthrough_jpeg_emit_message;
    error->manager.output_message = walkthrough_jpeg_output_message;
    return manager;
}

/// Decodes the JPEG in `data`, whose header said `width` × `height`, at `scale_eighths` / 8 of
/// its size (8: whole) into `rgba` (`out_width` × `out_height` × 4 bytes, alpha 255), using at
/// most `memoryLimit` bytes of libjpeg's own working memory. Returns 0, or -1 with a message.
static inline int walkthrough_jpeg_decode(const unsigned char *data, unsigned long size,
                                          unsigned width, unsigned height,
                                          unsigned scale_eighths, unsigned out_width,
                                          unsigned out_height, unsigned char *rgba,
                                          long memoryLimit, char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    struct walkthrough_jpeg_error error;
    memset(&info, 0, sizeof info);
    info.err = walkthrough_jpeg_errors(&error);
    if (setjmp(error.jump)) {
        walkthrough_jpeg_copy_message(&error, message, capacity);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = memoryLimit;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width != width || info.image_height != height) {
        strncpy(error.message, "the header changed between reads", sizeof error.message - 1);
        walkthrough_jpeg_copy_message(&error, message, capacity);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    info.out_color_space = JCS_EXT_RGBA;
    // libjpeg's own reduction: the IDCT computes the image at scale_eighths / 8 of its size
    // (out_width × out_height, rounded up), never holding it whole.
    info.scale_num = scale_eighths;
    info.scale_denom = 8;
    jpeg_calc_output_dimensions(&info);
    if (info.output_width != out_width || info.output_height != out_height) {
        strncpy(error.message, "libjpeg chose another reduced size", sizeof error.message - 1);
        walkthrough_jpeg_copy_message(&error, message, capacity);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rgba + (size_t)info.output_scanline * out_width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

/// Encodes `width` × `height` RGBA pixels as a baseline JPEG of `quality` (1-100) into a
/// buffer libjpeg allocates: `*output` (free it with `free`) of `*size` bytes. Returns 0, or -1
/// with a message. For the tests' and the benchmark's generated images.
static inline int walkthrough_jpeg_encode(const unsigned char *rgba, unsigned width,
                                          unsigned height, int quality, unsigned char **output,
                                          unsigned long *size, char *message, size_t capacity) {
    struct jpeg_compress_struct info;
    struct walkthrough_jpeg_error error;
    memset(&info, 0, sizeof info);
    *output = NULL;
    *size = 0;
    info.err = walkthrough_jpeg_errors(&error);
    if (setjmp(error.jump)) {
        walkthrough_jpeg_copy_message(&error, message, capacity);
        jpeg_destroy_compress(&info);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)info.next_scanline * width * 4);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}

#endif
