#ifndef WALKTHROUGH_CSIGNALPIPE_H
#define WALKTHROUGH_CSIGNALPIPE_H

// The signal side of the terminal player's self-pipe (WalkthroughTerminal's SignalPipe): the
// handler, and the one piece of state it reads, the pipe's write end, as a C11 atomic. In C
// because a signal handler may only touch lock-free atomics, and the C11 ones need no library
// at a tool's launch (Swift's Atomic would load libswiftSynchronization).

#include <stdbool.h>

/// Makes `descriptor` the write end the handler writes to, if no pipe is active: `false` when
/// another pipe already is.
bool walkthrough_signal_pipe_claim(int descriptor);

/// Clears the write end, if it is `descriptor`: the handler writes nothing afterwards.
void walkthrough_signal_pipe_release(int descriptor);

/// The signal handler: writes the signal's number as one byte to the active write end, and
/// nothing else. Async-signal-safe: an atomic load, write(2) on a non-blocking pipe (a full
/// pipe drops the byte, which is fine: a byte already waiting wakes the loop), errno kept.
void walkthrough_signal_pipe_handler(int signal);

#endif
