import Testing
import WalkthroughKit

/// Inputs the fuzzers (`fuzz/run.sh loader`) found to break a property, kept as tests. Each input
/// is also in the seed corpus, `fuzz/corpus/loader/regression-*`.
struct FuzzRegressionTests {
    /// A key holding a bidirectional override reached the diagnostic raw, so the rest of the
    /// line read backwards in a terminal (`regression-bidi-key.json`).
    @Test(arguments: ["\u{202E}", "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\u{9B}"])
    func aKeyOrIDHoldingAnInvisibleControlIsEscapedInDiagnostics(control: String) throws {
        let report = validate(
            "{\"pages\": [{\"heading\": \"h\", \"content\": \"c\", \"id\": \"x\(control)y\"}],"
                + " \"k\(control)\": 1}")
        let hex = String(control.unicodeScalars.first!.value, radix: 16, uppercase: true)
        #expect(report.diagnostics.count == 2)
        for diagnostic in report.diagnostics {
            let line = diagnostic.formatted(file: "hostile.json")
            #expect(!line.contains(control), "\(line.debugDescription)")
            #expect(line.contains("\\u" + String(repeating: "0", count: 4 - hex.count) + hex))
        }
    }
}
