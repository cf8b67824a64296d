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

    /// Whether `sent` is `secret`, in a time that depends on `secret`'s length alone: every
    /// byte of `secret` is looked at, whatever `sent` holds and however long it is, so that
    /// neither where they differ nor whether their lengths do shows.
    package static func matches(_ sent: [UInt8], secret: [UInt8]) -> Bool {
        var difference: UInt8 = sent.count == secret.count ? 0 : 1
        for index in secret.indices {
            difference |= (index < sent.count ? sent[index] : 0) ^ secret[index]
        }
        return difference == 0
    }
}
