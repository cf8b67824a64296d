@preconcurrency import Glibc

/// Raw mode on one terminal: no line editing, no echo, no signals from keys (Ctrl-C arrives as a
/// byte), no output processing.
///
/// The settings in force before are kept only once raw mode is really on (after `tcgetattr` and
/// `tcsetattr` both succeeded), so ``disable()`` never writes settings it did not read. Both
/// ``enable()`` and ``disable()`` are idempotent.
///
/// ```swift
/// let raw = RawMode(fileDescriptor: STDIN_FILENO)
/// try raw.enable()
/// defer { raw.disable() }
/// ```
package final class RawMode {
    /// The terminal's file descriptor.
    package let fileDescriptor: Int32
    private var saved: termios?

    /// Creates a controller for the terminal on `fileDescriptor`; nothing changes yet.
    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether raw mode is on (enabled by this object and not yet disabled).
    package var isEnabled: Bool { saved != nil }

    /// Switches the terminal to raw mode; does nothing when already on.
    ///
    /// - Throws: ``TerminalError/notATerminal(fileDescriptor:)`` or
    ///   ``TerminalError/rawModeFailed(errno:)``; the terminal is unchanged then.
    package func enable() throws {
        guard saved == nil else { return }
        guard isatty(fileDescriptor) == 1 else {
            throw TerminalError.notATerminal(fileDescriptor: fileDescriptor)
        }
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else {
            throw TerminalError.rawModeFailed(errno: errno)
        }
        var raw = original
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else {
            throw TerminalError.rawModeFailed(errno: errno)
        }
        saved = original
    }

    /// Puts back the settings in force before ``enable()``; does nothing when raw mode is off.
    ///
    /// Never throws: it runs on every exit path, and a terminal that went away (SIGHUP) cannot
    /// be restored anyway.
    package func disable() {
        guard var original = saved else { return }
        saved = nil
        _ = tcsetattr(fileDescriptor, TCSANOW, &original)
    }

    deinit {
        disable()
    }
}
