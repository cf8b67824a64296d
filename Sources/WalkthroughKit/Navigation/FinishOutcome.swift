extension Navigator {
    /// How a walkthrough ended.
    public enum FinishOutcome: String, Sendable, Hashable, CaseIterable {
        /// The user reached the end and took the finish action ("Get Started").
        case completed
        /// The user skipped the rest.
        case skipped
    }
}
