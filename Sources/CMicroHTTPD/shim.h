#ifndef WALKTHROUGH_CMICROHTTPD_SHIM_H
#define WALKTHROUGH_CMICROHTTPD_SHIM_H

// GNU libmicrohttpd 0.9.75 (Debian's libmicrohttpd-dev), used only by the `Server` package
// trait: `walkthrough serve`'s HTTP/1.1, keep-alive, epoll thread pool and TLS. The functions
// below wrap the library's variadic calls, which Swift cannot make.
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <malloc.h>
#include <microhttpd.h>

/// Has glibc's allocator map every allocation of `bytes` or more on its own (`mmap`), and
/// unmap it when it is freed, instead of keeping it in an arena. Process-wide: for the
/// `walkthrough serve` process, whose connection buffers are that size. Returns 1 when set.
static int wk_malloc_map_from(size_t bytes) {
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

/// Leaves the path and the query as sent: the server decodes each path segment and query
/// parameter itself, so that an encoded `/` never splits a segment.
static size_t wk_mhd_keep_escapes(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

/// Starts a daemon on `address` (IPv4 or IPv6) with an epoll thread pool of `threads`.
/// `certificate` and `key` (PEM text) turn on TLS when both are given; `priorities` is
/// GnuTLS's priority string then. Returns NULL when the daemon cannot start.
static struct MHD_Daemon *wk_mhd_start(
    const struct sockaddr *address, unsigned int threads, unsigned int connectionLimit,
    unsigned int timeoutSeconds, size_t memoryLimit, const char *certificate, const char *key,
    const char *priorities, MHD_AccessHandlerCallback handler, void *handlerContext,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connections,
    void *context) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_TURBO
        | MHD_ALLOW_SUSPEND_RESUME;
    if (address->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
    // TLS's options only with TLS: libmicrohttpd refuses them on a plain daemon.
    struct MHD_OptionItem tls[] = {
        {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)certificate},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)key},
        {MHD_OPTION_HTTPS_PRIORITIES, 0, (void *)priorities},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_OptionItem none[] = {{MHD_OPTION_END, 0, NULL}};
    int secure = certificate != NULL && key != NULL;
    if (secure) flags |= MHD_USE_TLS;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handlerContext,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, connections, context,
        MHD_OPTION_UNESCAPE_CALLBACK, wk_mhd_keep_escapes, NULL,
        MHD_OPTION_ARRAY, secure ? tls : none,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0).
static uint16_t wk_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of `connection`; -1 when libmicrohttpd does not say.
static int wk_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the connection notification stored for `connection` (its socket context); NULL
/// when libmicrohttpd does not say.
static void *wk_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Sets how long `connection` may stay silent before it is closed.
static void wk_mhd_set_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

#endif
