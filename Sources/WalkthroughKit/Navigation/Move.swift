extension Navigator {
    /// What ``Navigator/next()`` did: moved to the following page, or finished the walkthrough.
    public enum Move: Sendable, Hashable {
        /// The navigator moved to another page.
        case moved(Transition)
        /// The walkthrough finished; the navigator stays on its last page.
        case finished(FinishOutcome)
    }
}
