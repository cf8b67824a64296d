/// What a program run to its end left.
package struct ProgramResult: Sendable {
    /// The exit status (128 + n when signal n killed it).
    package var status: Int32
    /// Everything it wrote to standard output.
    package var standardOutput: String
    /// Everything it wrote to standard error.
    package var standardError: String

    /// A result made by hand, to check output gathered another way the same way.
    package init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

extension ChildProcess {
    /// Runs a program to its end, feeding it `input` and then the end of input.
    ///
    /// Output goes to files rather than pipes, so a program that leaves a daemon behind
    /// (`tmux new-session` starts a server) cannot keep the test waiting for the end of its output.
    ///
    /// - Parameters:
    ///   - arguments: The program (a path, or a name looked up in the `PATH` it gets) and its
    ///     arguments.
    ///   - environment: Its whole environment; `nil` for this process's.
    ///   - directory: Its working folder; `nil` for this process's.
    ///   - timeout: Seconds it may take; then it is killed.
    /// - Throws: ``TestSupportError`` when it cannot start, or has not finished in time.
    package static func run(
        _ arguments: [String], input: String = "", environment: [String: String]? = nil,
        directory: String? = nil, timeout: Double = 60
    ) throws -> ProgramResult {
        let child = try ChildProcess(arguments, environment: environment, directory: directory)
        child.send(input)
        child.closeInput()
        guard let status = child.wait(timeout: timeout) else {
            throw TestSupportError(
                "\(arguments.joined(separator: " ")) did not finish within \(timeout) s and was "
                    + "killed; it wrote: \(child.standardOutput)\(child.standardError)")
        }
        return ProgramResult(
            status: status, standardOutput: child.standardOutput,
            standardError: child.standardError)
    }
}
