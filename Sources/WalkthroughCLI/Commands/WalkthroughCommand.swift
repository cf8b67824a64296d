import WalkthroughFleet
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTranslation

/// The root `walkthrough` command: picks the subcommand, and is the one place where every
/// error becomes a stream and an exit code.
enum WalkthroughCommand {
    /// The program's name, as help and errors show it.
    static let name = ToolIdentity.name
    /// What `--version` prints after the name.
    static let version = ToolIdentity.version
    /// The root usage line.
    static let usage = ToolIdentity.usage

    /// Every subcommand, in the order help lists them. Adding a command: one file, one line here.
    static var commands: [any ParsableCommand.Type] {
        [
            PlayCommand.self,
            SeenCommand.self,
            DueCommand.self,
            NextCommand.self,
            MarkCommand.self,
            ResetCommand.self,
            StatusCommand.self,
            ListCommand.self,
            PolicyCommand.self,
            ValidateCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            DbInfoCommand.self,
            DbMigrateCommand.self,
            DbGrantCommand.self,
            EventsCommand.self,
            EventsPruneCommand.self,
            StatsCommand.self,
            VariantCommand.self,
            GoalCommand.self,
            DonateCommand.self,
            SyncCommand.self,
            ServeCommand.self,
            TranslateExportCommand.self,
            TranslateImportCommand.self,
            TranslateStatusCommand.self,
        ]
    }

    // MARK: - Running

    /// Runs a command line in-process and returns its exit code.
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    ///   - environment: The process environment.
    ///   - output: Where standard output and standard error go; flushed before returning.
    ///   - commands: The subcommands to choose from; tests may pass their own.
    static func run(
        arguments: [String], environment: [String: String], output: some CommandOutput,
        commands: [any ParsableCommand.Type] = WalkthroughCommand.commands
    ) -> ExitCode {
        // The command opens every kind of store, the fleet's included.
        Fleet.enable()
        let context = CommandContext(environment: environment, output: output)
        defer { output.flush() }
        do {
            return try dispatch(arguments, context: context, commands: commands)
        } catch {
            return report(error, context: context, commands: commands)
        }
    }

    private static func dispatch(
        _ arguments: [String], context: CommandContext, commands: [any ParsableCommand.Type]
    ) throws -> ExitCode {
        guard let first = arguments.first else {
            throw CommandLineError.helpRequested(command: nil)
        }
        switch first {
        case "--generate-completion-script":
            let shells = CompletionScript.Shell.allCases.map(\.rawValue)
            guard arguments.count == 2, let shell = CompletionScript.Shell(rawValue: arguments[1])
            else {
                let given = arguments.count > 1 ? " '\(arguments[1])'" : ""
                throw CommandLineError.usage(
                    "--generate-completion-script takes one shell, \(shells.joined(separator: ", "))"
                        + (given.isEmpty ? "" : "; not\(given)"), command: nil)
            }
            context.output.write(
                CompletionScript.script(for: shell, commands: commands.map { $0.configuration }),
                to: .standardOutput)
            return .success
        case "--generate-manual":
            guard arguments.count == 1 else {
                throw CommandLineError.usage("Unexpected argument '\(arguments[1])'", command: nil)
            }
            context.output.write(
                ManualPage.page(commands: commands.map { $0.configuration }), to: .standardOutput)
            return .success
        case "-h", "--help", "--version":
            guard arguments.count == 1 else {
                throw CommandLineError.usage("Unexpected argument '\(arguments[1])'", command: nil)
            }
            if first == "--version" { throw CommandLineError.versionRequested }
            throw CommandLineError.helpRequested(command: nil)
        case "help":
            guard arguments.count > 1 else { throw CommandLineError.helpRequested(command: nil) }
            // `walkthrough help help` (or `help --help`) is the root help, which explains `help`.
            if arguments.count == 2, ["help", "--help", "-h"].contains(arguments[1]) {
                throw CommandLineError.helpRequested(command: nil)
            }
            let (command, words) = try find(Array(arguments.dropFirst()), in: commands)
            guard arguments.count == 1 + words else {
                throw CommandLineError.usage(
                    "Unexpected argument '\(arguments[1 + words])'", command: nil)
            }
            throw CommandLineError.helpRequested(command: command.configuration.name)
        default:
            if first.hasPrefix("-") {
                var message = "Unknown option '\(first)'."
                let options = [
                    "--help", "--version", "--generate-completion-script", "--generate-manual",
                ]
                if let suggestion = Suggestion.closest(to: first, in: options) {
                    message += " Did you mean '\(suggestion)'?"
                }
                throw CommandLineError.usage(message, command: nil)
            }
            let (type, words) = try find(arguments, in: commands)
            let parsed = try ArgumentParser(configuration: type.configuration)
                .parse(Array(arguments.dropFirst(words)))
            let command = try type.init(parsed: parsed)
            try EnvironmentCheck.check(context.environment)
            return try command.run(in: context)
        }
    }

    /// The command the first words name, and how many words its name takes: one (`status`),
    /// or two for a command of a group (`db info`).
    private static func find(
        _ words: [String], in commands: [any ParsableCommand.Type]
    ) throws(CommandLineError) -> (any ParsableCommand.Type, Int) {
        let name = words[0]
        let members = commands.filter { $0.configuration.name.hasPrefix(name + " ") }
        // A group that is also a command of its own (`events`, `events prune`): the member
        // when the next word names one, else the command itself with its arguments.
        if let base = commands.first(where: { $0.configuration.name == name }),
            words.count < 2
                || !members.contains(where: { $0.configuration.name == name + " " + words[1] })
        {
            return (base, 1)
        }
        if !members.isEmpty {
            let choices = members.map { String($0.configuration.name.dropFirst(name.count + 1)) }
            let quoted = choices.map { "'\($0)'" }
            let list =
                quoted.count > 2
                ? quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
                : quoted.joined(separator: " or ")
            guard words.count > 1, !words[1].hasPrefix("-") else {
                if words.count > 1, ["--help", "-h"].contains(words[1]) {
                    throw .helpRequested(command: nil)
                }
                throw .usage("'\(name)' needs a subcommand: \(list)", command: nil)
            }
            if let command = members.first(where: {
                $0.configuration.name == name + " " + words[1]
            }) {
                return (command, 2)
            }
            var message = "Unknown subcommand '\(name) \(words[1])'."
            if let suggestion = Suggestion.closest(to: words[1], in: choices) {
                message += " Did you mean '\(name) \(suggestion)'?"
            } else {
                message += " Use \(list)."
            }
            throw .usage(message, command: nil)
        }
        return (try find(name, in: commands), 1)
    }

    private static func find(
        _ name: String, in commands: [any ParsableCommand.Type]
    ) throws(CommandLineError) -> any ParsableCommand.Type {
        if let command = commands.first(where: { $0.configuration.name == name }) {
            return command
        }
        var message = "Unknown command '\(name)'."
        let names =
            commands.map { String($0.configuration.name.prefix { $0 != " " }) } + ["help"]
        if let suggestion = Suggestion.closest(to: name, in: names) {
            message += " Did you mean '\(suggestion)'?"
        }
        throw .usage(message, command: nil)
    }

    // MARK: - Errors, in one place

    /// Writes `error` where it belongs and returns its exit code: help and version on standard
    /// output (0), usage errors with the usage line on standard error (64), other failures on
    /// standard error with their own code; anything unexpected is an internal error (70).
    static func report(
        _ error: any Error, context: CommandContext, commands: [any ParsableCommand.Type]
    ) -> ExitCode {
        let configuration = { (name: String?) -> CommandConfiguration? in
            guard let name else { return nil }
            return commands.first { $0.configuration.name == name }?.configuration
        }
        switch error {
        case CommandLineError.helpRequested(let name):
            if let command = configuration(name) {
                context.output.write(HelpFormatter.help(of: command), to: .standardOutput)
            } else {
                context.output.write(
                    HelpFormatter.rootHelp(commands: commands.map { $0.configuration }),
                    to: .standardOutput)
            }
            return .success
        case CommandLineError.versionRequested:
            context.print("\(name) \(version)")
            return .success
        case CommandLineError.usage(let message, let name):
            let command = configuration(name)
            let usage = command.map(HelpFormatter.oneLineUsage(of:)) ?? self.usage
            let helpCommand =
                command.map { "\(self.name) \($0.name) --help" } ?? "\(self.name) --help"
            // One line, as every error is: what is wrong, then how the command is used and
            // where to read more.
            let stop = message.hasSuffix(".") || message.hasSuffix("?") ? "" : "."
            context.printError("Error: \(message)\(stop) Usage: \(usage); see '\(helpCommand)'.")
            return .usage
        case CommandLineError.failure(let message, let exitCode):
            context.printError(message)
            return exitCode
        case FirstRunGateError.definition(let cause):
            // The commands that ask the gate report its causes as they report their own.
            return report(cause, context: context, commands: commands)
        case FirstRunGateError.store(let cause):
            return report(cause, context: context, commands: commands)
        case FirstRunGateError.invalidUser:
            context.printError("Error: " + String(describing: error))
            return .usage
        case let error as DefinitionError:
            switch error {
            case .notFound, .notFoundOnSearchPath, .isDirectory, .unreadable:
                context.printError("Error: " + error.description)
                return .missingInput
            case .tooLarge:
                context.printError("Error: " + error.description)
                return .invalidDefinition
            case .invalid(let report) where report.isJSONSchema:
                context.printError("Error: " + error.description)
                return .invalidDefinition
            case .invalid(let report):
                // One line per problem, as `validate` prints them, each error with the prefix
                // every other error has.
                for line in ValidateCommand.lines(for: report) {
                    context.printError(line.hasPrefix("warning: ") ? line : "Error: " + line)
                }
                return .invalidDefinition
            }
        case SeenStoreError.invalidBusyTimeout:
            context.printError("Error: " + String(describing: error))
            return .usage
        case let error as SeenStoreError:
            // The store's messages name the file and state the facts; the command adds what its
            // own flags can do.
            let advice = ErrorAdvice.advice(for: error)
            context.printError("Error: " + ErrorAdvice.joined(error.description, advice))
            return .ioError
        case TranslationError.stale:
            context.printError(
                "Error: " + String(describing: error) + "; export again for the current source "
                    + "texts (walkthrough translate export), or import them as they are with "
                    + "--accept-stale (they stay marked stale)")
            return .invalidDefinition
        case let error as TranslationError:
            context.printError("Error: " + error.description)
            return .invalidDefinition
        case let error as HTMLExportError:
            context.printError("Error: the HTML export: " + error.description)
            return .ioError
        case let error as TerminalError:
            let advice = ErrorAdvice.advice(for: error)
            context.printError(
                "Error: the terminal: " + ErrorAdvice.joined(error.description, advice))
            return .ioError
        default:
            context.printError("Error: internal error: \(error)")
            return .internalError
        }
    }
}
