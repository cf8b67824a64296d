/// The `--json` output: one array, one object per measurement, keys in a fixed order.
///
/// `suite`, `label`, `metric`, `n`, `ours`, `baseline`, `ratio` (ours ÷ baseline in the
/// metric), `oursMin`, `oursMax`, `baselineMin`, `baselineMax`, `rounds`; `note` when there is
/// one; an unavailable measurement has `null` values and `unavailable` with the reason. The
/// first object of each suite is its headline.
enum JSONReport {
    static func render(_ measurements: [Measurement]) -> String {
        let objects = measurements.map { measurement -> String in
            var fields: [(String, String)] = [
                ("suite", string(measurement.suite.rawValue)),
                ("label", string(measurement.label)),
                ("metric", string(measurement.metric.rawValue)),
                ("n", String(measurement.n)),
                ("ours", number(measurement.ours?.median)),
                ("baseline", number(measurement.baseline?.median)),
                ("ratio", number(measurement.ratio)),
            ]
            if let ours = measurement.ours, let baseline = measurement.baseline {
                fields += [
                    ("oursMin", number(ours.min)), ("oursMax", number(ours.max)),
                    ("baselineMin", number(baseline.min)), ("baselineMax", number(baseline.max)),
                    ("rounds", String(ours.count)),
                ]
            }
            if let note = measurement.note { fields.append(("note", string(note))) }
            if let reason = measurement.unavailable {
                fields.append(("unavailable", string(reason)))
            }
            return "  {" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    private static func number(_ value: Double?) -> String {
        value.map(Format.json) ?? "null"
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
