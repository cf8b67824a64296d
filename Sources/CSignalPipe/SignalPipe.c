#include "CSignalPipe.h"

#include <errno.h>
#include <stdatomic.h>
#include <unistd.h>

static _Atomic int write_end = -1;

bool walkthrough_signal_pipe_claim(int descriptor) {
    int expected = -1;
    return atomic_compare_exchange_strong(&write_end, &expected, descriptor);
}

void walkthrough_signal_pipe_release(int descriptor) {
    int expected = descriptor;
    atomic_compare_exchange_strong(&write_end, &expected, -1);
}

void walkthrough_signal_pipe_handler(int signal) {
    int descriptor = atomic_load(&write_end);
    if (descriptor < 0) return;
    int saved = errno;
    unsigned char byte = (unsigned char)signal;
    ssize_t written = write(descriptor, &byte, 1);
    (void)written;
    errno = saved;
}
