/// What a user asks the player for: a key of the full-screen player (``KeyBindings``) or a line
/// of the plain one (``PlainCommand/parse(_:)``). One type for both, and the one the session's
/// moves take (`Session.perform(_:)`).
package enum PlayerCommand: Sendable, Hashable {
    /// The next page, or finish on the last one.
    case next
    /// The previous page.
    case back
    /// A page, counted from 1 as the user typed it (0 and numbers past the end are refused by
    /// the navigator, with its own message).
    case jump(page: Int)
    /// Skip the rest.
    case skip
    /// Stop here; progress is kept.
    case quit
    /// Put the walkthrough off ("later"): not due again until the definition's `snooze` has
    /// passed; progress is kept.
    case snooze
    /// Show (or hide) the help.
    case help
    /// Ctrl-C in the full-screen player: stop as SIGINT would.
    case interrupt
    /// Scroll the page's content up one line.
    case scrollUp
    /// Scroll the page's content down one line.
    case scrollDown
}
