/// Python's `wcwidth` package, the reference the width tests measure against: found where the
/// machine has it, else installed for the tests (``PythonReference``).
///
/// It looks for `python3` on `PATH` with `wcwidth` 0.7 or later importable (0.7 measures
/// grapheme clusters: spacing marks, ZWJ sequences, VS16); without one it installs
/// `wcwidth==0.7.0` with pip into `.build/test-python`.
package struct WidthReference: Sendable {
    private let reference: PythonReference

    /// The `python3` executable.
    package var python: String { reference.python }
    /// The environment to run it with (`PYTHONPATH` for an installed copy).
    package var environment: [String: String] { reference.environment }

    /// The version `.build/test-python` gets when the machine has no usable `wcwidth`.
    package static let pinnedVersion = "0.7.0"

    /// Finds or installs the reference.
    ///
    /// - Throws: ``TestSupportError`` naming what is missing (no `python3`, pip failed).
    package static func find() throws -> WidthReference {
        let check =
            "import wcwidth, sys; v = tuple(int(p) for p in wcwidth.__version__.split('.')[:2]); sys.exit(0 if v >= (0, 7) else 1)"
        return WidthReference(
            reference: try PythonReference.find(
                requirement: "wcwidth==\(pinnedVersion)", check: check,
                purpose: "the width tests"))
    }

    /// The width wcwidth gives each of `lines` (`wcwidth.width`, escape sequences ignored).
    ///
    /// - Throws: ``TestSupportError`` when Python fails.
    package func widths(of lines: [String]) throws -> [Int] {
        let script = """
            import sys, wcwidth
            for line in sys.stdin.read().split("\\0")[:-1]:
                print(wcwidth.width(line))
            """
        let input = lines.map { $0 + "\0" }.joined()
        let result = try run(["-c", script], input: input)
        return result.standardOutput.split(separator: "\n").compactMap { Int($0) }
    }

    /// Runs `python3 ARGUMENTS` with the reference importable.
    ///
    /// - Throws: ``TestSupportError`` when it exits with another status than 0.
    package func run(_ arguments: [String], input: String = "") throws -> ProgramResult {
        try reference.run(arguments, input: input)
    }
}
