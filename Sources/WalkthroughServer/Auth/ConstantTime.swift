/// Comparisons whose time does not depend on where two secrets differ, so that an attacker
/// timing the answers learns nothing of a signature or a key byte by byte.
package enum ConstantTime {
    /// Whether `left` and `right` are the same bytes, looking at every byte of both whatever
    /// they hold. Only their lengths decide early: compare values of a fixed, public length
    /// (a signature, a digest).
    package static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
