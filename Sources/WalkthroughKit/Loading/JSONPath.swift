/// Builds the JSON paths diagnostics show: `pages[2].heading`, counted from 0.
///
/// A key that is not a plain identifier is written in brackets (`pages[0]["my key"]`), so that
/// every path reads back unambiguously.
package enum JSONPath {
    /// The path of `key` inside the object at `parent` (`""` is the root).
    package static func appending(key: String, to parent: String) -> String {
        if isIdentifier(key) {
            return parent.isEmpty ? key : parent + "." + key
        }
        return parent + "[" + CharacterSafety.quoted(key) + "]"
    }

    /// The path of element `index` inside the array at `parent`.
    package static func appending(index: Int, to parent: String) -> String {
        parent + "[" + String(index) + "]"
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return false }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return key.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
