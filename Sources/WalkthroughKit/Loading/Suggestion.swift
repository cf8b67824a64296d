/// Finds the known word a mistyped one was probably meant to be: "did you mean …?".
///
/// Shared by the loader (unknown keys) and the command line (unknown options and commands).
package enum Suggestion {
    /// The candidate closest to `word`, or `nil` when none is close enough to be a likely typo.
    ///
    /// Distance is counted in characters with case ignored; a swap of two neighbours counts as
    /// one edit (`strcit` → `strict`). A candidate qualifies at distance 1 for short words and up
    /// to 2 (or a third of the word's length) for longer ones.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            let allowed = max(1, min(2, max(target.count, candidate.count) / 3))
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters each cost 1.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
