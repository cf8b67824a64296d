import FoundationEssentials
@preconcurrency import Glibc

/// Python's `wcwidth` package, the reference the width tests measure against: found where the
/// machine has it, else installed for the tests.
///
/// It looks for `python3` on `PATH` with `wcwidth` 0.7 or later importable (0.7 measures
/// grapheme clusters: spacing marks, ZWJ sequences, VS16); without one it installs
/// `wcwidth==0.7.0` with pip into `.build/test-python` (PyPI), once, and uses it from there.
/// When neither works it throws, saying why: a width test never passes without its reference.
package struct WidthReference: Sendable {
    /// The `python3` executable.
    package let python: String
    /// The environment to run it with (`PYTHONPATH` for an installed copy).
    package let environment: [String: String]

    /// The version `.build/test-python` gets when the machine has no usable `wcwidth`.
    package static let pinnedVersion = "0.7.0"

    /// Finds or installs the reference.
    ///
    /// - Throws: ``TestSupportError`` naming what is missing (no `python3`, pip failed).
    package static func find() throws -> WidthReference {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        guard
            let python = path.split(separator: ":").map({ String($0) + "/python3" }).first(
                where: { access($0, X_OK) == 0 })
        else {
            throw TestSupportError(
                "no python3 on PATH (\(path)): the width tests need Python's wcwidth package as "
                    + "their reference; install python3 and pip install wcwidth")
        }
        let check =
            "import wcwidth, sys; v = tuple(int(p) for p in wcwidth.__version__.split('.')[:2]); sys.exit(0 if v >= (0, 7) else 1)"
        let base = ["PATH": path, "HOME": getenv("HOME").map { String(cString: $0) } ?? "/tmp"]
        if let found = try? ChildProcess.run([python, "-c", check], environment: base),
            found.status == 0
        {
            return WidthReference(python: python, environment: base)
        }
        let target = repositoryRoot() + "/.build/test-python"
        var local = base
        local["PYTHONPATH"] = target
        if let found = try? ChildProcess.run([python, "-c", check], environment: local),
            found.status == 0
        {
            return WidthReference(python: python, environment: local)
        }
        let install = try ChildProcess.run(
            [
                python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                "--no-input", "--target", target, "wcwidth==\(pinnedVersion)",
            ], environment: base, timeout: 300)
        let again = try ChildProcess.run([python, "-c", check], environment: local)
        guard install.status == 0, again.status == 0 else {
            throw TestSupportError(
                "Python's wcwidth (0.7 or later), the width tests' reference, is not installed "
                    + "and 'pip install --target \(target) wcwidth==\(pinnedVersion)' failed "
                    + "(exit \(install.status)): \(install.standardError.prefix(300)); install it "
                    + "with pip install wcwidth")
        }
        return WidthReference(python: python, environment: local)
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
        let result = try ChildProcess.run(
            [python] + arguments, input: input, environment: environment, timeout: 300)
        guard result.status == 0 else {
            throw TestSupportError(
                "python3 \(arguments.first ?? "") exited with \(result.status): "
                    + result.standardError.prefix(500))
        }
        return result
    }
}
