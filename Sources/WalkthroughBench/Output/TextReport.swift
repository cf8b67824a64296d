/// The human output: one table per suite.
///
/// ```
/// store-lookup: SQLiteSeenStore.hasSeen vs the raw SQLite C API (prepared statement reused)
///   measurement               metric  ours (median, min-max)   baseline (median, min-max)  ratio
///   hasSeen, 1,000,000 users  ns/op   3,712 (3,650-3,900)      3,540 (3,500-3,700)         1.05×
/// ```
enum TextReport {
    /// The table of one suite's measurements, with its notes.
    static func table(
        _ suite: SuiteName, _ measurements: [Measurement], rounds: Bool = true
    ) -> String {
        var lines = ["\(suite.rawValue): \(suite.summary)"]
        var rows = [
            [
                "measurement", "metric", "ours (median, min-max)", "baseline (median, min-max)",
                "ratio", "rounds",
            ]
        ]
        var notes: [String] = []
        for measurement in measurements {
            if let reason = measurement.unavailable {
                lines.append("  \(measurement.label): unavailable: \(reason)")
                if let note = measurement.note { notes.append(note) }
                continue
            }
            guard let ours = measurement.ours, let baseline = measurement.baseline else { continue }
            let better = measurement.metric.higherIsBetter ? "higher is better" : "lower is better"
            rows.append([
                measurement.label, measurement.metric.rawValue, cell(ours), cell(baseline),
                (measurement.ratio.map(Format.ratio) ?? "-") + " (\(better))", String(ours.count),
            ])
            if let note = measurement.note { notes.append(note) }
        }
        if rows.count > 1 {
            var widths = [Int](repeating: 0, count: rows[0].count)
            for row in rows {
                for (column, text) in row.enumerated() {
                    widths[column] = max(widths[column], text.count)
                }
            }
            for row in rows {
                let cells = row.enumerated().map { column, text in
                    column == row.count - 1 ? text : text.padding(to: widths[column] + 1)
                }
                lines.append("  " + cells.joined())
            }
        }
        lines += notes.map { "  note: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cell(_ summary: Summary) -> String {
        "\(Format.value(summary.median)) (\(Format.value(summary.min))-\(Format.value(summary.max)))"
    }
}
