import CSignalPipe
@preconcurrency import Glibc

/// SIGWINCH: the terminal's size changed.
let windowChangeSignal: Int32 = SIGWINCH

/// A self-pipe that signal handlers write to, so that one `poll(2)` loop sees signals and input.
///
/// Installing it saves the previous handlers; ``restore()`` puts them back and closes the pipe,
/// once. Only one pipe is active in a process at a time.
final class SignalPipe {
    /// The read end, for `poll(2)`.
    let readEnd: Int32
    private let writeEnd: Int32
    private var saved: [(signal: Int32, action: sigaction)] = []
    private var restored = false
    /// Whether this pipe is the one the handler writes to (another may be active).
    private var ownsHandlerState = false

    /// Creates the pipe and installs handlers for `signals`.
    ///
    /// - Throws: ``TerminalError/alreadyPlaying`` when another pipe is active,
    ///   ``TerminalError/signalSetupFailed(errno:)`` when the pipe or a handler fails.
    init(signals: [Int32]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw TerminalError.signalSetupFailed(errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        // The handler and the write end it reads are C's (CSignalPipe): a signal handler may
        // touch only lock-free atomics.
        ownsHandlerState = walkthrough_signal_pipe_claim(writeEnd)
        guard ownsHandlerState else {
            restore()
            throw TerminalError.alreadyPlaying
        }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = walkthrough_signal_pipe_handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            guard sigaction(signal, &action, &previous) == 0 else {
                let code = errno
                restore()
                throw TerminalError.signalSetupFailed(errno: code)
            }
            saved.append((signal, previous))
        }
    }

    deinit {
        restore()
    }

    /// The signals that arrived since the last call, in order, with repeats.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        while case .bytes(let bytes) = (try? SystemCalls.read(readEnd, limit: 256)) ?? .end {
            signals += bytes.map { Int32($0) }
        }
        return signals
    }

    /// Puts back the previous handlers and closes the pipe. Safe to call more than once.
    func restore() {
        guard !restored else { return }
        restored = true
        for entry in saved.reversed() {
            var action = entry.action
            sigaction(entry.signal, &action, nil)
        }
        saved.removeAll()
        if ownsHandlerState { walkthrough_signal_pipe_release(writeEnd) }
        close(readEnd)
        close(writeEnd)
    }
}
