import WalkthroughKit

/// What a move did.
enum MoveOutcome: Hashable {
    /// The session is on another page.
    case moved
    /// A jump to the page already shown: nothing happened.
    case unchanged
    /// The walkthrough finished; the store has recorded it.
    case finished(Navigator.FinishOutcome)
    /// The navigator refused; nothing changed.
    case refused(NavigationError)
}

extension Session {
    /// Performs the move `command` asks for (next, back, jump, skip), turning a refusal into
    /// ``MoveOutcome/refused(_:)``; a command that is not a move changes nothing
    /// (``MoveOutcome/unchanged``).
    ///
    /// - Throws: The store's error when the move could not be recorded; nothing changed then.
    func perform(_ command: PlayerCommand) throws -> MoveOutcome {
        do {
            switch command {
            case .next:
                switch try next() {
                case .moved: return .moved
                case .finished(let outcome): return .finished(outcome)
                }
            case .back:
                try previous()
                return .moved
            case .jump(let page):
                // Pages are counted from 1; Int.min stays out of range rather than overflow.
                let index = page == Int.min ? Int.min : page - 1
                return try jump(to: index) == nil ? .unchanged : .moved
            case .skip:
                return .finished(try skip())
            case .quit, .snooze, .help, .interrupt, .scrollUp, .scrollDown:
                return .unchanged
            }
        } catch let error as NavigationError {
            return .refused(error)
        }
    }

    /// Records how playing stopped when it stopped part-way: a `quit` or an `interrupted`
    /// event (the progress is already kept). Finishing was recorded by the move itself, and a
    /// snooze by ``Session/snooze()``.
    ///
    /// After a signal the `interrupted` event is only tried (``Session/interrupted(by:)``
    /// waits a second at most for another process's lock): the signal's status ends the
    /// process whatever the store answers, and the page reached is already durable.
    ///
    /// - Throws: The store's error when the `quit` event could not be recorded.
    func recordEnd(_ result: PlayResult) throws -> PlayResult {
        switch result {
        case .quit: try quit()
        case .interrupted(let signal): try? interrupted(by: signal.description)
        case .completed, .skipped, .snoozed: break
        }
        return result
    }

    /// The result for a finished walkthrough.
    static func result(of outcome: Navigator.FinishOutcome) -> PlayResult {
        switch outcome {
        case .completed: return .completed
        case .skipped: return .skipped
        }
    }
}
