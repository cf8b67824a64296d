extension FunnelStats {
    /// The funnel as JSON, as `walkthrough stats --json` and `walkthrough serve` write it:
    /// rates to 4 decimals, seconds to 3.
    package var jsonObject: JSONText {
        func rounded(_ value: Double, _ digits: Double) -> Double {
            let scale = digits == 4 ? 10_000.0 : 1_000.0
            return (value * scale).rounded() / scale
        }
        return .object([
            ("walkthrough", .string(walkthrough)),
            ("version", .integer(version)),
            ("users", .integer(users)),
            ("completed", .integer(completed)),
            ("skipped", .integer(skipped)),
            ("inProgress", .integer(inProgress)),
            ("completionRate", completionRate.map { .number(rounded($0, 4)) } ?? .null),
            (
                "medianSecondsToComplete",
                medianSecondsToComplete.map { .number(rounded($0, 3)) } ?? .null
            ),
            (
                "pages",
                .array(
                    pages.map { page in
                        .object([
                            ("page", .integer(page.number)),
                            ("id", page.id.map(JSONText.string) ?? .null),
                            ("reached", .integer(page.reached)),
                            ("dropped", .integer(page.dropped)),
                        ])
                    })
            ),
        ])
    }
}
