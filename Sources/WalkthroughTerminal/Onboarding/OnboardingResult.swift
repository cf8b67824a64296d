public import WalkthroughKit

/// What ``Onboarding/presentIfNeeded(_:user:store:policy:options:)`` did.
///
/// Every outcome is a value, "already seen" and failures included (``failed(_:)``); only the
/// variant that asks for errors throws them. The library never
/// ends the process: after ``interrupted(_:)`` the host decides whether to exit (with
/// ``TerminationSignal/exitStatus``, 130 for Ctrl-C) or to carry on.
///
/// ```swift
/// switch Onboarding.presentIfNeeded(.resource(tour)) {
/// case .interrupted(let signal): exit(signal.exitStatus)
/// case .completed, .skipped: print("Welcome!")
/// case .alreadySeen, .quit, .notShown, .failed: break
/// }
/// ```
public enum OnboardingResult: Sendable, CustomStringConvertible {
    /// The user had already completed or skipped this version (or a later one); nothing was
    /// shown. The record says when and how.
    case alreadySeen(SeenRecord)
    /// The user went through to the end; the store recorded `completed`.
    case completed
    /// The user skipped the rest; the store recorded `skipped`.
    case skipped
    /// The user quit (`q`, Esc, `quit`, or the end of the input in plain mode) on the page at
    /// this 0-based index. Progress is kept: the next call resumes there.
    case quit(atPage: Int)
    /// A signal (SIGINT or Ctrl-C, SIGTERM, SIGHUP) ended playing. The terminal was restored
    /// and progress kept; the host decides whether to exit.
    case interrupted(TerminationSignal)
    /// The user put the walkthrough off ("later": `z`); the store recorded `snoozed`, and it is
    /// not due before this time (the definition's `snooze` from now), when it resumes where
    /// the user stopped.
    case snoozed(until: Timestamp)
    /// The walkthrough was not shown, for this reason; nothing was recorded.
    case notShown(NotShownReason)
    /// Something failed (the definition, the user name, the store, the terminal), and the safe
    /// call returned it rather than throw: the tool goes on with its work. Whatever was
    /// recorded before the failure stays recorded.
    case failed(OnboardingError)

    /// Whether the walkthrough was shown (whatever the user then did).
    public var wasShown: Bool {
        switch self {
        case .completed, .skipped, .quit, .interrupted, .snoozed: return true
        case .alreadySeen, .notShown, .failed: return false
        }
    }

    /// Whether the user has now seen the walkthrough: before this call, or by finishing it now.
    public var isSeen: Bool {
        switch self {
        case .alreadySeen, .completed, .skipped: return true
        case .quit, .interrupted, .snoozed, .notShown, .failed: return false
        }
    }

    /// A short phrase for logs: `completed`, `quit at page 2`, `not shown: not interactive`.
    /// Pages count from 1 here, as a user reads them.
    public var description: String {
        switch self {
        case .alreadySeen(let record):
            return "already seen (\(record.outcome.rawValue), version \(record.version))"
        case .completed: return "completed"
        case .skipped: return "skipped"
        case .quit(let page): return "quit at page \(page + 1)"
        case .interrupted(let signal): return "interrupted by \(signal)"
        case .snoozed(let until): return "snoozed until \(Timestamp.json(until))"
        case .notShown(let reason): return "not shown: \(reason)"
        case .failed(let error): return "failed: \(error)"
        }
    }
}

extension OnboardingResult {
    /// Why a walkthrough the user has not seen was not shown.
    public enum NotShownReason: Sendable, CustomStringConvertible {
        /// The policy is ``OnboardingPolicy/interactiveOnly`` and the input or output is not a
        /// terminal (a pipe, a file, CI), or `TERM` is unset or `dumb`.
        case notInteractive
        /// The policy is ``OnboardingPolicy/never``.
        case policyNever
        /// The store could not be opened or read and the caller chose
        /// ``Onboarding/StoreFailurePolicy/ignore``: a `SeenStoreError` from the SQLite store, or what a
        /// custom store threw.
        case storeUnavailable(any Error)
        /// The walkthrough is not due: a rule of its `when` or the quiet switch
        /// (`WALKTHROUGH_DISABLE`, `CI`) holds it back; the decision says which and why.
        case notDue(DueDecision)

        /// `not interactive`, `policy never`, `store unavailable (…)` or `not due: reason (…)`.
        public var description: String {
            switch self {
            case .notInteractive: return "not interactive"
            case .policyNever: return "policy never"
            case .storeUnavailable(let error): return "store unavailable (\(error))"
            case .notDue(let decision): return "not due: \(decision.reason) (\(decision.detail))"
            }
        }
    }
}
