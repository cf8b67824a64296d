// libjpeg, loaded when it is first used: each function CJPEG.h's helpers call, with libjpeg's
// own name and signature, forwards to libjpeg.so.62 (see CJPEG.h and Sources/CLazyLibrary).
//
// Without libjpeg, jpeg_std_error gives an error manager whose message is the loader's reason,
// creating a structure reports that error through error_exit (which CJPEG.h's helpers replace
// with a longjmp, so each helper fails with the reason), and the rest, reachable only with a
// structure libjpeg made, do nothing. ImageDecoder asks walkthrough_libjpeg_load_error() before
// any decode, for a message of its own.
#include "CJPEG.h"

#ifndef WALKTHROUGH_STATIC_IMAGE_LIBRARIES

#include <stdlib.h>

#include "CLazyLibrary.h"

WALKTHROUGH_LAZY_LOADER(libjpeg, "libjpeg", "libjpeg.so.62", walkthrough_libjpeg_load_error)

#define FORWARD(returns, name, parameters, arguments, failure)                                     \
    WALKTHROUGH_FORWARD(libjpeg, returns, name, parameters, arguments, failure)
#define FORWARD_VOID(name, parameters, arguments, failure)                                         \
    WALKTHROUGH_FORWARD_VOID(libjpeg, name, parameters, arguments, failure)

// MARK: - Without libjpeg

static void unloadedMessage(j_common_ptr info, char *buffer) {
    (void)info;
    const char *reason = walkthrough_libjpeg_load_error();
    strncpy(buffer, reason != NULL ? reason : "libjpeg is missing", JMSG_LENGTH_MAX - 1);
    buffer[JMSG_LENGTH_MAX - 1] = 0;
}

static void unloadedExit(j_common_ptr info) {
    (void)info;
    abort();
}

static struct jpeg_error_mgr *unloadedErrors(struct jpeg_error_mgr *err) {
    memset(err, 0, sizeof *err);
    err->error_exit = unloadedExit;
    err->format_message = unloadedMessage;
    return err;
}

static void unloadedCreate(j_common_ptr info) { (*info->err->error_exit)(info); }

// MARK: - Errors and set-up

FORWARD(struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr * err), (err),
        unloadedErrors(err))
FORWARD_VOID(jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize),
             (cinfo, version, structsize), unloadedCreate((j_common_ptr)cinfo))
FORWARD_VOID(jpeg_CreateCompress, (j_compress_ptr cinfo, int version, size_t structsize),
             (cinfo, version, structsize), unloadedCreate((j_common_ptr)cinfo))
FORWARD_VOID(jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo), (void)0)
FORWARD_VOID(jpeg_destroy_compress, (j_compress_ptr cinfo), (cinfo), (void)0)

// MARK: - Decoding

FORWARD_VOID(jpeg_mem_src,
             (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize),
             (cinfo, inbuffer, insize), (void)0)
FORWARD(int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image),
        (cinfo, require_image), JPEG_SUSPENDED)
FORWARD_VOID(jpeg_calc_output_dimensions, (j_decompress_ptr cinfo), (cinfo), (void)0)
FORWARD(boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo), FALSE)
FORWARD(JDIMENSION, jpeg_read_scanlines,
        (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines),
        (cinfo, scanlines, max_lines), 0)
FORWARD(boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo), FALSE)

// MARK: - Encoding

FORWARD_VOID(jpeg_mem_dest,
             (j_compress_ptr cinfo, unsigned char **outbuffer, unsigned long *outsize),
             (cinfo, outbuffer, outsize), (void)0)
FORWARD_VOID(jpeg_set_defaults, (j_compress_ptr cinfo), (cinfo), (void)0)
FORWARD_VOID(jpeg_set_quality, (j_compress_ptr cinfo, int quality, boolean force_baseline),
             (cinfo, quality, force_baseline), (void)0)
FORWARD_VOID(jpeg_start_compress, (j_compress_ptr cinfo, boolean write_all_tables),
             (cinfo, write_all_tables), (void)0)
FORWARD(JDIMENSION, jpeg_write_scanlines,
        (j_compress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION num_lines),
        (cinfo, scanlines, num_lines), 0)
FORWARD_VOID(jpeg_finish_compress, (j_compress_ptr cinfo), (cinfo), (void)0)

#else

const char *walkthrough_libjpeg_load_error(void) { return NULL; }

#endif
