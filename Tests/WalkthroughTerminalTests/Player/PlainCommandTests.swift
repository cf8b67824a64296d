import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

struct PlainCommandTests {
    @Test(arguments: [
        ("next", PlayerCommand.next), ("n", .next), ("", .next), ("   ", .next), ("\t", .next),
        ("NEXT", .next), ("back", .back), ("b", .back), ("p", .back), ("skip", .skip),
        ("s", .skip), ("quit", .quit), ("q", .quit), ("help", .help), ("?", .help),
        ("jump 2", .jump(page: 2)), ("j 3", .jump(page: 3)), ("2", .jump(page: 2)),
        ("  jump\t 12  ", .jump(page: 12)), ("0", .jump(page: 0)), ("007", .jump(page: 7)),
        ("next\r", .next),
    ])
    func commandsParse(_ line: String, _ command: PlayerCommand) {
        #expect(PlainCommand.parse(line) == .success(command))
    }

    @Test(arguments: [
        ("fly", PlainCommandError.unknown("fly")),
        ("jump", .missingPageNumber(command: "jump")),
        ("j", .missingPageNumber(command: "j")),
        ("jump two", .invalidPageNumber("two")),
        ("jump -1", .invalidPageNumber("-1")),
        ("jump 2.5", .invalidPageNumber("2.5")),
        ("jump 1 2", .unexpectedArgument(command: "jump", argument: "2")),
        ("next please", .unexpectedArgument(command: "next", argument: "please")),
        ("2 3", .unexpectedArgument(command: "2", argument: "3")),
        ("99999999999999999999999", .noSuchPage("99999999999999999999999")),
        ("-3", .unknown("-3")),
    ])
    func badLinesSayWhatIsWrong(_ line: String, _ error: PlainCommandError) {
        #expect(PlainCommand.parse(line) == .failure(error))
    }

    @Test func errorMessagesAreOneLineAndSuggestHelp() {
        let message = PlainCommandError.unknown("fly").description
        #expect(message == "unknown command \"fly\"; type \"help\" for the commands")
        #expect(
            PlainCommandError.missingPageNumber(command: "jump").description
                == "\"jump\" needs a page number, for example \"jump 2\"")
    }

    @Test func typedControlCharactersAreShownEscapedInMessages() {
        let message = PlainCommandError.unknown("\u{1B}[2J").description
        #expect(!message.unicodeScalars.contains("\u{1B}"))
        #expect(message.contains("^[[2J"))
    }

    @Test func anyLineParsesWithoutCrashing() {
        var generator = SplitMix64(seed: 99)
        let alphabet = Array("jumpnextbacksq0123456789 \t\r?-+.é美\u{0}\u{1B}")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...20, using: &generator)
            let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = PlainCommand.parse(line)
        }
    }
}
