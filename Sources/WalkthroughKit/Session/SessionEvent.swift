extension Session {
    /// What a ``Session`` tells its observers: the delegate calls and notifications of the iOS
    /// original (`didUpdatePageIndex`, `currentPageChanged`), as one value.
    public enum Event: Sendable, Hashable {
        /// The current page changed. Indices are 0-based.
        case pageChanged(from: Int, to: Int, direction: Navigator.Direction)
        /// The walkthrough finished, completed or skipped. Sent once, after the store recorded it.
        case finished(Navigator.FinishOutcome)
    }
}

extension Session {
    /// Identifies an observer registered with ``Session/observe(_:)``, to remove it later.
    public struct ObserverToken: Sendable, Hashable {
        let rawValue: Int
    }
}
