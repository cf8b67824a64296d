/// The plain-mode player's commands, parsed from a line a user typed into a ``PlayerCommand``.
///
/// | typed | command |
/// | --- | --- |
/// | `next`, `n`, an empty line | `next` |
/// | `back`, `b`, `p` | `back` |
/// | `jump N`, `j N`, `N` | `jump(page:)` with N counted from 1 |
/// | `skip`, `s` | `skip` |
/// | `later`, `z` | `snooze` |
/// | `quit`, `q` | `quit` |
/// | `help`, `?` | `help` |
///
/// Words are case-insensitive; spaces and tabs around and between words are ignored.
package enum PlainCommand {
    /// Parses one line; a pure function with no limit on its input.
    package static func parse(_ line: String) -> Result<PlayerCommand, PlainCommandError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .map(String.init)
        guard let first = words.first else { return .success(.next) }
        let word = first.lowercased()
        let arguments = Array(words.dropFirst())
        if isDigits(word) {
            guard arguments.isEmpty else {
                return .failure(.unexpectedArgument(command: first, argument: arguments[0]))
            }
            return pageNumber(first).map { .jump(page: $0) }
        }
        let command: PlayerCommand
        switch word {
        case "next", "n": command = .next
        case "back", "b", "p": command = .back
        case "skip", "s": command = .skip
        case "later", "z": command = .snooze
        case "quit", "q": command = .quit
        case "help", "?": command = .help
        case "jump", "j":
            guard let number = arguments.first else {
                return .failure(.missingPageNumber(command: first))
            }
            guard arguments.count == 1 else {
                return .failure(.unexpectedArgument(command: first, argument: arguments[1]))
            }
            return pageNumber(number).map { .jump(page: $0) }
        default:
            return .failure(.unknown(first))
        }
        guard arguments.isEmpty else {
            return .failure(.unexpectedArgument(command: first, argument: arguments[0]))
        }
        return .success(command)
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private static func pageNumber(_ text: String) -> Result<Int, PlainCommandError> {
        guard isDigits(text) else { return .failure(.invalidPageNumber(text)) }
        guard let number = Int(text) else { return .failure(.noSuchPage(text)) }
        return .success(number)
    }
}

/// Why a plain-mode line is not a command. The text a user typed is kept as typed: sanitise it
/// before writing (`TerminalText`).
package enum PlainCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first word is not a command.
    case unknown(String)
    /// `jump` without a page number.
    case missingPageNumber(command: String)
    /// A page number that is not a whole number written with digits.
    case invalidPageNumber(String)
    /// A page number too large to be any page.
    case noSuchPage(String)
    /// A word after a command that takes none (or after the page number).
    case unexpectedArgument(command: String, argument: String)

    /// One line that says what is wrong and what to type instead.
    package var description: String {
        switch self {
        case .unknown(let word):
            return "unknown command \"\(Self.shown(word))\"; type \"help\" for the commands"
        case .missingPageNumber(let command):
            return "\"\(Self.shown(command))\" needs a page number, for example \"jump 2\""
        case .invalidPageNumber(let text):
            return
                "\"\(Self.shown(text))\" is not a page number; pages count from 1, "
                + "for example \"jump 2\""
        case .noSuchPage(let text):
            return "there is no page \(Self.shown(text))"
        case .unexpectedArgument(let command, let argument):
            return
                "\"\(Self.shown(command))\" takes no \"\(Self.shown(argument))\"; "
                + "type \"help\" for the commands"
        }
    }

    /// User text cut to a readable length.
    private static func shown(_ text: String) -> String {
        TextWrapper.truncate(TextSanitizer.sanitize(text), width: 40)
    }
}
