@preconcurrency import Glibc
import WalkthroughKit

// The whole command runs in `WalkthroughCommand.run`, which tests call in-process; this file
// only connects it to the real process: the raw arguments, the environment, the streams, the
// exit status.
let output = StandardStreams()
var code: ExitCode
switch ProcessArguments.current() {
case .success(let arguments):
    code = WalkthroughCommand.run(
        arguments: arguments, environment: ProcessEnvironment.current(), output: output)
case .failure(let problem):
    output.write("Error: \(problem)\n", to: .standardError)
    code = .usage
}
output.flush()
if let error = output.standardOutputError, code == .success || code == .notSeen {
    // The answer did not all reach standard output (`status --json > file` on a full disk):
    // a script must not take a cut-off result for a whole one. The command itself ran to the
    // end, so whatever it was asked to record is in the store: the message must not suggest
    // otherwise.
    output.write(
        "Error: could not write the output: \(String(cString: strerror(error))); the command "
            + "itself succeeded (anything it was asked to record is stored), but its output is "
            + "incomplete: check where standard output goes (a full disk?)\n",
        to: .standardError)
    output.flush()
    code = .storeError
}
exit(code.rawValue)
