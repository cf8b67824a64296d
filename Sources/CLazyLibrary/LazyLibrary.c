// Loading a library on its first use: see CLazyLibrary.h.
#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>

void walkthrough_lazy_open(struct walkthrough_lazy_library *library) {
    library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (library->handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s (%s) cannot be loaded: %s",
                 library->name, library->soname, reason != NULL ? reason : "unknown error");
    }
}

const char *walkthrough_lazy_error(struct walkthrough_lazy_library *library,
                                   void (*load)(void)) {
    pthread_once(&library->once, load);
    return library->error[0] != '\0' ? library->error : NULL;
}

void *walkthrough_lazy_symbol(struct walkthrough_lazy_library *library, void (*load)(void),
                              const char *name) {
    pthread_once(&library->once, load);
    if (library->handle == NULL) return NULL;
    void *found = dlsym(library->handle, name);
    if (found == NULL) {
        snprintf(library->error, sizeof library->error, "%s has no %s", library->soname, name);
    }
    return found;
}
