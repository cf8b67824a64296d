#ifndef WALKTHROUGH_CMICROHTTPD_SHIM_H
#define WALKTHROUGH_CMICROHTTPD_SHIM_H

// GNU libmicrohttpd 0.9.75 (Debian's libmicrohttpd-dev), used only by the `Server` package
// trait: `walkthrough serve`'s HTTP/1.1, keep-alive, epoll thread pool and TLS.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>

#endif
