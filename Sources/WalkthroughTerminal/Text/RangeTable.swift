/// Lookups in the generated tables of code point ranges (`DisplayWidth+Tables.swift`).
enum RangeTable {
    /// Whether `value` is in one of the sorted, non-overlapping `ranges`: a binary search.
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
