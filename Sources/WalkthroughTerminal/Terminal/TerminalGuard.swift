@preconcurrency import Glibc

/// Brackets the interactive player: enters the terminal modes it needs and undoes exactly those,
/// in reverse order, once, whatever way playing ends.
///
/// The player calls ``restore()`` in a `defer`, so a normal end, `q`, Esc, Ctrl-C, a signal and a
/// thrown error all go through it; `deinit` is the backstop. Modes that were never entered are
/// not undone: a failure half-way through ``enter(signals:)`` restores only what it did.
final class TerminalGuard {
    /// The escape sequences the player uses, and their inverses.
    enum Mode: CaseIterable {
        case alternateScreen
        case hiddenCursor
        case noAutowrap

        var enter: String {
            switch self {
            case .alternateScreen: return "\u{1B}[?1049h"
            case .hiddenCursor: return "\u{1B}[?25l"
            case .noAutowrap: return "\u{1B}[?7l"
            }
        }

        var leave: String {
            switch self {
            case .alternateScreen: return "\u{1B}[?1049l"
            case .hiddenCursor: return "\u{1B}[?25h"
            case .noAutowrap: return "\u{1B}[?7h"
            }
        }
    }

    private let input: Int32
    private let output: Int32
    private var rawMode: RawMode?
    private(set) var signalPipe: SignalPipe?
    private var entered: [Mode] = []
    private var restored = false

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Installs the signal handlers (first, so that a resize or Ctrl-C during set-up is not lost),
    /// enters raw mode, the alternate screen, hides the cursor and turns autowrap off.
    ///
    /// - Throws: ``TerminalError``; what was entered before the failure is undone.
    func enter(signals: SignalHandling) throws {
        do {
            if !signals.signals.isEmpty { signalPipe = try SignalPipe(signals: signals.signals) }
            let raw = RawMode(fileDescriptor: input)
            try raw.enable()
            rawMode = raw
            for mode in Mode.allCases {
                try SystemCalls.writeAll(output, mode.enter.utf8)
                entered.append(mode)
            }
        } catch {
            restore()
            throw error
        }
    }

    /// Undoes what ``enter(signals:)`` did, in reverse order; later calls do nothing. Never
    /// throws: the terminal may already be gone.
    func restore() {
        guard !restored else { return }
        restored = true
        let leave = TextStyle.reset + entered.reversed().map(\.leave).joined()
        if !entered.isEmpty { try? SystemCalls.writeAll(output, leave.utf8) }
        entered.removeAll()
        rawMode?.disable()
        rawMode = nil
        signalPipe?.restore()
        signalPipe = nil
    }

    deinit {
        restore()
    }
}
