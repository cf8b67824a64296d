import FoundationEssentials
@preconcurrency import Glibc

/// A Python package the tests measure against (an independent implementation of what the code
/// under test does): found where the machine has it, else installed with pip into
/// `.build/test-python` (PyPI), once, and used from there. When neither works it throws, saying
/// why: a test never passes without its reference.
package struct PythonReference: Sendable {
    /// The `python3` executable.
    package let python: String
    /// The environment to run it with (`PYTHONPATH` for an installed copy).
    package let environment: [String: String]

    /// Finds or installs a reference.
    ///
    /// - Parameters:
    ///   - requirement: What pip installs when the machine has none (`wcwidth==0.7.0`).
    ///   - check: A Python program that exits 0 when a usable version is importable.
    ///   - purpose: Which tests need it, for the error message.
    ///   - pipOptions: More options for pip (`--no-deps` for a package whose own dependencies
    ///     the tests do not use).
    /// - Throws: ``TestSupportError`` naming what is missing (no `python3`, pip failed).
    package static func find(
        requirement: String, check: String, purpose: String, pipOptions: [String] = []
    ) throws -> PythonReference {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        guard
            let python = path.split(separator: ":").map({ String($0) + "/python3" }).first(
                where: { access($0, X_OK) == 0 })
        else {
            throw TestSupportError(
                "no python3 on PATH (\(path)): \(purpose) need Python's \(requirement) as "
                    + "their reference; install python3 and pip install \(requirement)")
        }
        let base = ["PATH": path, "HOME": getenv("HOME").map { String(cString: $0) } ?? "/tmp"]
        if let found = try? ChildProcess.run([python, "-c", check], environment: base),
            found.status == 0
        {
            return PythonReference(python: python, environment: base)
        }
        let target = repositoryRoot() + "/.build/test-python"
        var local = base
        local["PYTHONPATH"] = target
        if let found = try? ChildProcess.run([python, "-c", check], environment: local),
            found.status == 0
        {
            return PythonReference(python: python, environment: local)
        }
        let install = try ChildProcess.run(
            [
                python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                "--no-input", "--target", target,
            ] + pipOptions + [requirement], environment: base, timeout: 300)
        let again = try ChildProcess.run([python, "-c", check], environment: local)
        guard install.status == 0, again.status == 0 else {
            throw TestSupportError(
                "Python's \(requirement), the reference of \(purpose), is not installed and "
                    + "'pip install --target \(target) \(requirement)' failed "
                    + "(exit \(install.status)): \(install.standardError.prefix(300)); install it "
                    + "with pip install \(requirement)")
        }
        return PythonReference(python: python, environment: local)
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
