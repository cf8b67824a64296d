import WalkthroughKit

/// Trimming a translator's header fields and comments (`Language: ja`, `#. source-hash: …`).
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(String(self)).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
