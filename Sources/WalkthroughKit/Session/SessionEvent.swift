/// What a ``Session`` tells its observers: the delegate calls and notifications of the iOS
/// original (`didUpdatePageIndex`, `currentPageChanged`), as one value.
public enum SessionEvent: Sendable, Hashable {
    /// The current page changed. Indices are 0-based.
    case pageChanged(from: Int, to: Int, direction: Direction)
    /// The walkthrough finished, completed or skipped. Sent once, after the store recorded it.
    case finished(FinishOutcome)
}

/// Identifies an observer registered with ``Session/observe(_:)``, to remove it later.
public struct ObserverToken: Sendable, Hashable {
    let rawValue: Int
}
