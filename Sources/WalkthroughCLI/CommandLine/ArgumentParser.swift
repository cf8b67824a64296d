import WalkthroughKit

/// Reads a subcommand's words against its configuration.
///
/// Accepts `--opt VALUE`, `--opt=VALUE`, short flags (`-q`, also grouped: `-qv`), `--` to end
/// options, and repeated positionals. `-h`/`--help` anywhere before `--` asks for help. Errors
/// are worded like swift-argument-parser's.
struct ArgumentParser {
    /// The command being parsed.
    let configuration: CommandConfiguration

    /// Parses `words` (everything after the subcommand's name).
    ///
    /// - Throws: ``CommandLineError/helpRequested(command:)`` or ``CommandLineError/usage(_:command:)``.
    func parse(_ words: [String]) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word == "--help" || word == "-h" {
                throw .helpRequested(command: configuration.name)
            } else if word.hasPrefix("--") {
                try parseLong(word, words: words, index: &index, into: &parsed)
            } else {
                try parseShort(word, words: words, index: &index, into: &parsed)
            }
        }
        try assign(positionals, into: &parsed)
        return parsed
    }

    // MARK: - Options

    private func parseLong(
        _ word: String, words: [String], index: inout Int, into parsed: inout ParsedArguments
    ) throws(CommandLineError) {
        let body = word.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
        }
        guard let spec = configuration.options.first(where: { $0.name == name }) else {
            let known = configuration.options.map { "--" + $0.name } + ["--help"]
            throw usage(unknownOption: "--" + name, candidates: known)
        }
        if spec.takesValue {
            var value: String
            if let inlineValue {
                value = inlineValue
            } else {
                value = try nextValue(for: spec, words: words, index: &index)
            }
            parsed.values[spec.name, default: []].append(value)
        } else {
            guard inlineValue == nil else {
                throw usage("The flag '--\(spec.name)' does not take a value.")
            }
            parsed.flags.insert(spec.name)
        }
    }

    private func parseShort(
        _ word: String, words: [String], index: inout Int, into parsed: inout ParsedArguments
    ) throws(CommandLineError) {
        let letters = Array(word.dropFirst())
        for (position, letter) in letters.enumerated() {
            guard let spec = configuration.options.first(where: { $0.short == letter }) else {
                // No suggestion: every one-letter option is one edit from every other.
                throw usage(unknownOption: "-\(letter)", candidates: [])
            }
            guard spec.takesValue else {
                parsed.flags.insert(spec.name)
                continue
            }
            // `-uVALUE` or `-u VALUE`: the rest of the word, else the next word.
            let rest = String(letters[(position + 1)...])
            var value = rest
            if rest.isEmpty { value = try nextValue(for: spec, words: words, index: &index) }
            parsed.values[spec.name, default: []].append(value)
            return
        }
    }

    /// The word after an option, which must not itself look like an option.
    private func nextValue(
        for spec: OptionSpec, words: [String], index: inout Int
    ) throws(CommandLineError) -> String {
        guard index < words.count, words[index] == "-" || !words[index].hasPrefix("-") else {
            throw usage("Missing value for '\(spec.display)'")
        }
        index += 1
        return words[index - 1]
    }

    // MARK: - Positionals

    private func assign(
        _ words: [String], into parsed: inout ParsedArguments
    ) throws(CommandLineError) {
        var remaining = words[...]
        for spec in configuration.arguments {
            if spec.isRepeating {
                if remaining.isEmpty && !spec.isOptional {
                    throw usage("Missing expected argument '\(spec.usage)'")
                }
                parsed.arguments[spec.name] = Array(remaining)
                remaining = []
            } else if let word = remaining.first {
                parsed.arguments[spec.name] = [word]
                remaining = remaining.dropFirst()
            } else if !spec.isOptional {
                throw usage("Missing expected argument '\(spec.usage)'")
            }
        }
        if let extra = remaining.first {
            throw usage("Unexpected argument '\(extra)'")
        }
    }

    // MARK: - Errors

    private func usage(_ message: String) -> CommandLineError {
        .usage(message, command: configuration.name)
    }

    private func usage(unknownOption option: String, candidates: [String]) -> CommandLineError {
        var message = "Unknown option '\(option)'."
        if let suggestion = Suggestion.closest(to: option, in: candidates) {
            message += " Did you mean '\(suggestion)'?"
        }
        return usage(message)
    }
}
