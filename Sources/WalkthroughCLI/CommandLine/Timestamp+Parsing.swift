import FoundationEssentials
import WalkthroughKit

extension Timestamp {
    /// The date that ``json(_:)`` writes as `text`: `2026-11-29T22:47:03.123Z`, with 0 to 3
    /// fraction digits, in UTC (`Z`); `nil` for anything else, an impossible date included.
    static func parseJSON(_ text: String) -> Timestamp? { RFC3339.parseJSON(text) }

    /// The date a `DATE` argument (`--since`, `--before`) names: `YYYY-MM-DD` (midnight UTC)
    /// or an RFC 3339 date-time; `nil` for anything else.
    static func parseDate(_ text: String) -> Timestamp? { RFC3339.parseDate(text) }

    /// The accepted `DATE` forms, for error messages.
    static let dateForms =
        "use YYYY-MM-DD or RFC 3339, such as 2026-12-01, 2026-12-01T07:26:01Z or "
        + "2026-12-01T09:26:01.123+02:00"

    /// The value of the date option `--name`, if given; `value` is its value's name in the
    /// help (`date`, `time`).
    ///
    /// - Throws: A usage error naming the value and the accepted forms.
    static func option(
        _ name: String, value: String = "date", in parsed: ParsedArguments, command: String
    ) throws(CommandLineError) -> Timestamp? {
        guard let text = parsed.value(name) else { return nil }
        guard let date = parseDate(text) else {
            throw .usage(
                "Invalid \(value) '\(text)' for '--\(name) <\(value)>': \(dateForms)",
                command: command)
        }
        return date
    }
}
