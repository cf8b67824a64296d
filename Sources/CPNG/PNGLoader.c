// libpng, loaded when it is first used: each function the project calls, with libpng's own
// name and signature, forwards to libpng16.so.16 (see CPNG.h and Sources/CLazyLibrary).
//
// Callers ask walkthrough_libpng_load_error() first and call nothing when libpng is missing;
// should one call anyway, the simplified API fails with the reason in image.message, creating
// a read structure returns NULL, and the rest, reachable only with a structure libpng made,
// do nothing. png_error and png_longjmp must not return: without libpng they abort, which only
// a caller that skipped both checks could reach.
#include "CPNG.h"

#ifndef WALKTHROUGH_STATIC_IMAGE_LIBRARIES

#include <stdlib.h>
#include <string.h>

#include "CLazyLibrary.h"

WALKTHROUGH_LAZY_LOADER(libpng, "libpng", "libpng16.so.16", walkthrough_libpng_load_error)

#define FORWARD(returns, name, parameters, arguments, failure)                                     \
    WALKTHROUGH_FORWARD(libpng, returns, name, parameters, arguments, failure)
#define FORWARD_VOID(name, parameters, arguments, failure)                                         \
    WALKTHROUGH_FORWARD_VOID(libpng, name, parameters, arguments, failure)

// The simplified API's failure: 0, with the reason where libpng puts its own.
static int unloaded(png_imagep image) {
    if (image != NULL) {
        const char *reason = walkthrough_libpng_load_error();
        strncpy(image->message, reason != NULL ? reason : "libpng is missing",
                sizeof image->message - 1);
        image->message[sizeof image->message - 1] = 0;
        image->warning_or_error = PNG_IMAGE_ERROR;
    }
    return 0;
}

// MARK: - The simplified API

FORWARD(int, png_image_begin_read_from_memory,
        (png_imagep image, png_const_voidp memory, size_t size), (image, memory, size),
        unloaded(image))
FORWARD(int, png_image_finish_read,
        (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride,
         void *colormap),
        (image, background, buffer, row_stride, colormap), unloaded(image))
FORWARD_VOID(png_image_free, (png_imagep image), (image), (void)0)
FORWARD(int, png_image_write_to_memory,
        (png_imagep image, void *memory, png_alloc_size_t *memory_bytes, int convert_to_8_bit,
         const void *buffer, png_int_32 row_stride, const void *colormap),
        (image, memory, memory_bytes, convert_to_8_bit, buffer, row_stride, colormap),
        unloaded(image))

// MARK: - Reading row by row

FORWARD(png_structp, png_create_read_struct,
        (png_const_charp user_png_ver, png_voidp error_ptr, png_error_ptr error_fn,
         png_error_ptr warn_fn),
        (user_png_ver, error_ptr, error_fn, warn_fn), NULL)
FORWARD(png_infop, png_create_info_struct, (png_const_structrp png_ptr), (png_ptr), NULL)
FORWARD_VOID(png_destroy_read_struct,
             (png_structpp png_ptr_ptr, png_infopp info_ptr_ptr, png_infopp end_info_ptr_ptr),
             (png_ptr_ptr, info_ptr_ptr, end_info_ptr_ptr), (void)0)
FORWARD(jmp_buf *, png_set_longjmp_fn,
        (png_structrp png_ptr, png_longjmp_ptr longjmp_fn, size_t jmp_buf_size),
        (png_ptr, longjmp_fn, jmp_buf_size), NULL)
FORWARD_VOID(png_set_read_fn, (png_structrp png_ptr, png_voidp io_ptr, png_rw_ptr read_data_fn),
             (png_ptr, io_ptr, read_data_fn), (void)0)
FORWARD(png_voidp, png_get_io_ptr, (png_const_structrp png_ptr), (png_ptr), NULL)
FORWARD(png_voidp, png_get_error_ptr, (png_const_structrp png_ptr), (png_ptr), NULL)
FORWARD_VOID(png_read_info, (png_structrp png_ptr, png_inforp info_ptr), (png_ptr, info_ptr),
             (void)0)
FORWARD_VOID(png_read_update_info, (png_structrp png_ptr, png_inforp info_ptr),
             (png_ptr, info_ptr), (void)0)
FORWARD_VOID(png_read_row, (png_structrp png_ptr, png_bytep row, png_bytep display_row),
             (png_ptr, row, display_row), (void)0)
FORWARD(png_uint_32, png_get_image_width, (png_const_structrp png_ptr, png_const_inforp info_ptr),
        (png_ptr, info_ptr), 0)
FORWARD(png_uint_32, png_get_image_height,
        (png_const_structrp png_ptr, png_const_inforp info_ptr), (png_ptr, info_ptr), 0)
FORWARD(png_byte, png_get_interlace_type, (png_const_structrp png_ptr, png_const_inforp info_ptr),
        (png_ptr, info_ptr), 0)
FORWARD(size_t, png_get_rowbytes, (png_const_structrp png_ptr, png_const_inforp info_ptr),
        (png_ptr, info_ptr), 0)
FORWARD(int, png_set_option, (png_structrp png_ptr, int option, int onoff),
        (png_ptr, option, onoff), PNG_OPTION_INVALID)
FORWARD_VOID(png_set_expand, (png_structrp png_ptr), (png_ptr), (void)0)
FORWARD_VOID(png_set_strip_16, (png_structrp png_ptr), (png_ptr), (void)0)
FORWARD_VOID(png_set_gray_to_rgb, (png_structrp png_ptr), (png_ptr), (void)0)
FORWARD_VOID(png_set_add_alpha, (png_structrp png_ptr, png_uint_32 filler, int flags),
             (png_ptr, filler, flags), (void)0)

// MARK: - Errors, which do not return

typedef void (*errorFunction)(png_const_structrp, png_const_charp);
typedef void (*jumpFunction)(png_const_structrp, int);

void png_error(png_const_structrp png_ptr, png_const_charp error_message) {
    errorFunction real = (errorFunction)walkthrough_lazy_symbol(
        &libpng, walkthrough_lazy_load_libpng, "png_error");
    if (real != NULL) real(png_ptr, error_message);
    abort();
}

void png_longjmp(png_const_structrp png_ptr, int val) {
    jumpFunction real = (jumpFunction)walkthrough_lazy_symbol(
        &libpng, walkthrough_lazy_load_libpng, "png_longjmp");
    if (real != NULL) real(png_ptr, val);
    abort();
}

#else

const char *walkthrough_libpng_load_error(void) { return NULL; }

#endif
