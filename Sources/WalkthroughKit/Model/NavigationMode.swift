extension Walkthrough {
    /// How freely a user may jump between the pages of a walkthrough.
    public enum NavigationMode: String, Sendable, Hashable, CaseIterable {
        /// Any page can be reached at any time, like tabs.
        case free
        /// A jump may go back anywhere, but forward at most one page past the furthest page reached.
        case linear
    }
}
