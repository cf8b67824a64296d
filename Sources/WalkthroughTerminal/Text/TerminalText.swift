/// Text that may be written to a terminal: either sanitised untrusted text, or the player's own
/// escape sequences.
///
/// Every output sink (`TextOutput`) accepts only this type, so definition text cannot reach the
/// terminal without passing through `TextSanitizer`: the public initialiser sanitises, and only
/// the library's renderer and driver can wrap their own escape sequences verbatim.
///
/// ```swift
/// let line = TerminalText("evil \u{1B}]0;pwned\u{07}")   // "evil ^[]0;pwned^G"
/// try output.write(line + .newline)
/// ```
package struct TerminalText: Sendable, Hashable, CustomStringConvertible {
    /// The exact characters that go to the terminal.
    public private(set) var string: String

    /// Sanitises untrusted text for writing; see `TextSanitizer`.
    public init(_ untrusted: String) {
        self.string = TextSanitizer.sanitize(untrusted)
    }

    /// Wraps text the library itself produced (escape sequences, already sanitised lines).
    init(trusted: String) {
        self.string = trusted
    }

    /// No text.
    public static let empty = TerminalText(trusted: "")

    /// A newline.
    public static let newline = TerminalText(trusted: "\n")

    /// The text as written.
    public var description: String { string }

    /// Joins two pieces of safe text.
    public static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
        TerminalText(trusted: lhs.string + rhs.string)
    }

    /// Appends a piece of safe text.
    public static func += (lhs: inout TerminalText, rhs: TerminalText) {
        lhs.string += rhs.string
    }
}
