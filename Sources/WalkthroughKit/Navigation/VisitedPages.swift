/// The set of page indices a navigator has shown, as one bit per page.
///
/// A walkthrough has at most 10,000 pages, so this is at most 157 words; inserting and testing
/// are a shift and a mask, where a `Set<Int>` would hash and probe on every move.
struct VisitedPages: Sendable, Hashable {
    private var words: [UInt64]

    /// An empty set for `count` pages.
    init(count: Int) {
        let (whole, rest) = count.quotientAndRemainder(dividingBy: 64)
        words = Array(repeating: 0, count: whole + (rest == 0 ? 0 : 1))
    }

    /// Adds `index`, which must be in `0 ..< count`.
    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Whether `index` is in the set; `false` outside `0 ..< count`.
    func contains(_ index: Int) -> Bool {
        guard index >= 0, index >> 6 < words.count else { return false }
        return words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// How many pages are in the set.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The indices in the set, as a `Set`.
    var asSet: Set<Int> {
        var result = Set<Int>(minimumCapacity: count)
        for (wordIndex, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                result.insert(wordIndex << 6 + bit)
                remaining &= remaining - 1
            }
        }
        return result
    }
}
