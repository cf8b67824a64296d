// Fuzz target (b, part 2): the `walkthrough` command line.
//
// The input, split into words at NUL bytes and newlines, is the argument list of one run of
// `WalkthroughCommand.run`, with every subcommand replaced by a twin that has the same
// configuration and the same `init(parsed:)` but a `run` that does nothing: parsing, the
// subcommand's own checks of its values, help and usage generation, and the one place that turns
// errors into messages and exit codes are exercised; nothing touches the disk. Properties:
// - the exit status is 0 (parsed, or help/version) or 64 (a usage error), never 70;
// - a usage error writes `Error: ` and the usage on standard error, and nothing on standard
//   output; help and version write to standard output only;
// - no raw control character (an ESC typed in an argument) reaches either stream.

import WalkthroughKit

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(omittingEmptySubsequences: false) { $0 == 0 || $0 == 0x0A }
        .map { String(decoding: $0, as: UTF8.self) }
    let output = CapturedOutput()
    let code = WalkthroughCommand.run(
        arguments: size == 0 ? [] : words, environment: fuzzEnvironment, output: output,
        commands: WalkthroughCommand.commands.map(parseOnly))
    let out = output.standardOutput
    let err = output.standardError
    switch code {
    case .success:
        require(err.isEmpty, "exit 0 with standard error: \(visible(err))")
    case .usage:
        require(err.hasPrefix("Error: "), "a usage error without 'Error: ': \(visible(err))")
        require(err.contains("Usage: "), "a usage error without the usage: \(visible(err))")
        require(out.isEmpty, "a usage error wrote to standard output")
    default:
        require(false, "exit \(code.rawValue) for \(words.map { visible($0) }): \(visible(err))")
    }
    for stream in [out, err] {
        require(
            !stream.unicodeScalars.contains { isControl($0) },
            "a raw control character in the output: \(visible(stream))")
    }
    return 0
}

/// A user and a home, so that commands which default `--user` find one; nothing is read there.
private let fuzzEnvironment = ["USER": "fuzz", "LOGNAME": "fuzz", "HOME": "/nonexistent"]

/// C0 (but newline and tab), DEL, C1, bidirectional controls: ``CharacterSafety``'s rule.
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\t" && CharacterSafety.isUnsafeOnTerminal(scalar.value)
}

/// A twin of `Command` that parses like it and runs nothing.
private struct ParseOnly<Command: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration { Command.configuration }

    init(parsed: ParsedArguments) throws(CommandLineError) {
        _ = try Command(parsed: parsed)
    }

    func run(in context: CommandContext) throws -> ExitCode { .success }
}

private func parseOnly(_ command: any ParsableCommand.Type) -> any ParsableCommand.Type {
    twin(of: command)
}

private func twin<Command: ParsableCommand>(of command: Command.Type) -> any ParsableCommand.Type {
    ParseOnly<Command>.self
}
