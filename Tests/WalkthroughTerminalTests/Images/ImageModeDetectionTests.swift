import Testing
import WalkthroughTerminal

/// `auto` as docs/images.md orders its steps: environment and device-attributes answer in,
/// mode out.
struct ImageModeDetectionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var requested: ImageMode
        var environment: [String: String]
        var attributes: [Int]?
        var sixel: Bool
        var plain = false
        var expected: ResolvedImageMode

        var testDescription: String {
            "\(requested) \(environment.sorted { $0.key < $1.key }) DA \(attributes ?? [])"
                + (sixel ? " +chafa" : "") + (plain ? " plain" : "")
        }
    }

    static let xterm = ["TERM": "xterm-256color"]
    static let table: [Row] = [
        Row(requested: .auto, environment: ["TERM": "xterm-kitty"], sixel: false, expected: .kitty),
        Row(
            requested: .auto, environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"],
            sixel: true, expected: .kitty),
        Row(
            requested: .auto, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"],
            sixel: true, expected: .iterm),
        Row(
            requested: .auto, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
            sixel: false, expected: .iterm),
        Row(
            requested: .auto, environment: xterm, attributes: [62, 4, 22], sixel: true,
            expected: .sixel),
        // Without the Chafa trait, no sixel whatever the terminal says.
        Row(
            requested: .auto, environment: xterm, attributes: [62, 4, 22], sixel: false,
            expected: .symbols(.palette256)),
        // 4 as the class (the first parameter) is not the sixel attribute.
        Row(
            requested: .auto, environment: xterm, attributes: [4, 6], sixel: true,
            expected: .symbols(.palette256)),
        Row(
            requested: .auto, environment: xterm, attributes: nil, sixel: true,
            expected: .symbols(.palette256)),
        Row(
            requested: .auto, environment: ["TERM": "xterm", "COLORTERM": "truecolor"],
            attributes: [62, 22], sixel: true, expected: .symbols(.trueColour)),
        Row(
            requested: .auto, environment: ["TERM": "xterm", "COLORTERM": "24bit"], sixel: false,
            expected: .symbols(.trueColour)),
        // Inside tmux: symbols, even in kitty or iTerm2 (their variables are left over).
        Row(
            requested: .auto,
            environment: [
                "TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0",
                "KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "tmux",
            ],
            attributes: [62, 4], sixel: true, expected: .symbols(.palette256)),
        Row(
            requested: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], sixel: false,
            expected: .symbols(.monochrome)),
        Row(
            requested: .auto, environment: ["TERM": "xterm", "NO_COLOR": ""], sixel: false,
            expected: .symbols(.palette256)),
        Row(requested: .auto, environment: ["TERM": "dumb"], sixel: true, expected: .none),
        Row(requested: .auto, environment: [:], sixel: true, expected: .none),
        Row(requested: .kitty, environment: ["TERM": "dumb"], sixel: true, expected: .none),
        Row(requested: .auto, environment: xterm, sixel: true, plain: true, expected: .none),
        Row(requested: .symbols, environment: xterm, sixel: true, plain: true, expected: .none),
        Row(
            requested: .kitty, environment: ["TERM": "xterm", "TMUX": "x"], sixel: false,
            expected: .kitty),
        Row(requested: .iterm, environment: xterm, sixel: false, expected: .iterm),
        Row(requested: .sixel, environment: xterm, sixel: true, expected: .sixel),
        Row(requested: .sixel, environment: xterm, sixel: false, expected: .symbols(.palette256)),
        Row(
            requested: .symbols, environment: ["TERM": "xterm-kitty"], sixel: true,
            expected: .symbols(.palette256)),
        Row(requested: .none, environment: ["TERM": "xterm-kitty"], sixel: true, expected: .none),
    ]

    @Test(arguments: table)
    func detection(_ row: Row) {
        let mode = ImageModeDetection.decide(
            row.requested, environment: row.environment, deviceAttributes: row.attributes,
            sixelAvailable: row.sixel, plain: row.plain)
        #expect(mode == row.expected)
    }

    @Test func theTerminalIsAskedOnlyWhenItsAnswerDecides() {
        #expect(
            ImageModeDetection.needsDeviceAttributes(
                .auto, environment: Self.xterm, sixelAvailable: true))
        #expect(
            !ImageModeDetection.needsDeviceAttributes(
                .auto, environment: Self.xterm, sixelAvailable: false))
        #expect(
            !ImageModeDetection.needsDeviceAttributes(
                .auto, environment: ["TERM": "xterm", "TMUX": "x"], sixelAvailable: true))
        #expect(
            !ImageModeDetection.needsDeviceAttributes(
                .symbols, environment: Self.xterm, sixelAvailable: true))
        #expect(
            !ImageModeDetection.needsDeviceAttributes(
                .auto, environment: ["TERM": "xterm-kitty"], sixelAvailable: true))
    }
}
