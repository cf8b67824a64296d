#ifndef WALKTHROUGH_CLAZYLIBRARY_H
#define WALKTHROUGH_CLAZYLIBRARY_H

// A C library loaded when it is first used, for the libraries a launch does not need: libpq
// (only a postgresql:// store talks to it) and libpng and libjpeg (only a picture drawn or
// checked decodes one). Each such library's loader (Sources/CLibPQ, CPNG, CJPEG) defines every
// function the project calls with the library's own name and signature, as a trampoline made
// by WALKTHROUGH_FORWARD: the first call opens the library (dlopen, once, thread-safe) and every
// call forwards to the real function. A tool that never needs the library never maps it, nor
// the libraries it depends on, and its launch pays nothing for them. When the library cannot be
// loaded, each trampoline returns its `failure` value instead, and the loader's
// `walkthrough_*_load_error` says why.
//
// The static build (scripts/build-static.sh) links the libraries' archives and leaves the
// loaders empty.
#include <pthread.h>

/// One lazily loaded library: its name for messages and its file name for dlopen, and, once
/// tried, the handle or why it could not be loaded.
struct walkthrough_lazy_library {
    const char *name;
    const char *soname;
    pthread_once_t once;
    void *handle;
    char error[512];
};

/// A library not loaded yet, for a `static struct walkthrough_lazy_library` initialiser:
/// `WALKTHROUGH_LAZY_LIBRARY("libpq", "libpq.so.5")`.
#define WALKTHROUGH_LAZY_LIBRARY(name, file) {(name), (file), PTHREAD_ONCE_INIT, 0, {0}}

/// A loader's library, its load function and its public `errorFunction` (why it could not be
/// loaded, or NULL), for the loader's file: `WALKTHROUGH_LAZY_LOADER(libpq, "libpq",
/// "libpq.so.5", walkthrough_libpq_load_error)`. The trampolines then name `library` and
/// `walkthrough_lazy_load_##library`.
#define WALKTHROUGH_LAZY_LOADER(library, name, file, errorFunction)                              \
    static struct walkthrough_lazy_library library = WALKTHROUGH_LAZY_LIBRARY(name, file);        \
    static void walkthrough_lazy_load_##library(void) { walkthrough_lazy_open(&library); }       \
    const char *errorFunction(void) {                                                              \
        return walkthrough_lazy_error(&library, walkthrough_lazy_load_##library);                  \
    }

/// Opens `library` if that has not been tried yet (`load` is the loader's own function that
/// calls `walkthrough_lazy_open` on it, run once). Returns why it could not be loaded, or NULL.
const char *walkthrough_lazy_error(struct walkthrough_lazy_library *library,
                                   void (*load)(void));

/// Opens `library` (dlopen, RTLD_NOW | RTLD_LOCAL) or records why it cannot be.
void walkthrough_lazy_open(struct walkthrough_lazy_library *library);

/// The function `name` of `library`, loading it first (with `load`); NULL with the reason
/// recorded when the library or the function is missing.
void *walkthrough_lazy_symbol(struct walkthrough_lazy_library *library, void (*load)(void),
                              const char *name);

/// A trampoline: the real function, looked up once (a racing first call looks it up twice).
/// `library` names the loader's library (``WALKTHROUGH_LAZY_LOADER``); `failure` is what the
/// function returns when the library cannot be loaded.
#define WALKTHROUGH_FORWARD(library, returns, name, parameters, arguments, failure)               \
    returns name parameters {                                                                      \
        static returns(*real) parameters;                                                          \
        returns(*found) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                     \
        if (found == NULL) {                                                                       \
            found = (returns(*) parameters)walkthrough_lazy_symbol(&(library),                   \
                                                          walkthrough_lazy_load_##library, #name); \
            if (found == NULL) return failure;                                                     \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                      \
        }                                                                                          \
        return found arguments;                                                                    \
    }

/// A trampoline for a function that returns nothing; `failure` is a statement run instead of
/// it when the library cannot be loaded.
#define WALKTHROUGH_FORWARD_VOID(library, name, parameters, arguments, failure)                   \
    void name parameters {                                                                         \
        static void(*real) parameters;                                                             \
        void(*found) parameters = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                        \
        if (found == NULL) {                                                                       \
            found = (void(*) parameters)walkthrough_lazy_symbol(&(library),                     \
                                                        walkthrough_lazy_load_##library, #name); \
            if (found == NULL) {                                                                   \
                failure;                                                                           \
                return;                                                                            \
            }                                                                                      \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                      \
        }                                                                                          \
        found arguments;                                                                           \
    }

#endif
