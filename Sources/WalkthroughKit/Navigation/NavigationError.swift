/// Why the navigator refused a move. A refused move changes nothing.
///
/// Page numbers in ``description`` count from 1, as a user sees them; the associated values are
/// 0-based indices, as the API uses them.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `previous()` on the first page.
    case atFirstPage
    /// A jump to an index outside `0..<count`.
    case outOfBounds(index: Int, count: Int)
    /// Under linear navigation, a jump past the furthest page reached + 1.
    case jumpAheadNotAllowed(index: Int, furthest: Int)
    /// `skip()` on a walkthrough that is not skippable.
    case notSkippable
    /// Any move after the walkthrough has finished.
    case alreadyFinished(Navigator.FinishOutcome)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .atFirstPage:
            return "already on the first page; there is no page before it"
        case .outOfBounds(let index, let count):
            let pages = count == 1 ? "page 1" : "pages 1-\(count)"
            return "there is no page \(Int.page(index)); this walkthrough has \(pages)"
        case .jumpAheadNotAllowed(let index, let furthest):
            return
                "page \(Int.page(index)) is not reachable yet: this walkthrough is linear, "
                + "so the furthest you can go is page \(furthest + 2)"
        case .notSkippable:
            return "this walkthrough cannot be skipped; go through its pages to finish"
        case .alreadyFinished(let outcome):
            return "the walkthrough has already finished (\(outcome.rawValue))"
        }
    }
}

extension Int {
    /// A 1-based page number for display, guarding against overflow on absurd indices.
    fileprivate static func page(_ index: Int) -> String {
        index == Int.max ? "\(index)+1" : String(index + 1)
    }
}
