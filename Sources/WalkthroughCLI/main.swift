@preconcurrency import Glibc

// The whole command runs in `WalkthroughCommand.run`, which tests call in-process; this file
// only connects it to the real process.
let output = StandardStreams()
let code = WalkthroughCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
    output: output)
output.flush()
exit(code.rawValue)
