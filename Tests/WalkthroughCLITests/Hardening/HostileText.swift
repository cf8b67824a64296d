import Foundation

/// Text built to attack a terminal, and the audit of what a program wrote to one.
enum HostileText {
    /// One attack: how it is written in a JSON string, its raw bytes, and a marker word written
    /// right after it, so that its escaped form can be found on the screen and its raw form can
    /// be told apart from the player's own sequences (the renderer clears with `ESC [ 2 J` too).
    struct Attack: Sendable {
        var name: String
        /// The sequence as a JSON string escape.
        var json: String
        /// The sequence itself.
        var text: String
        /// The word that follows it.
        var marker: String
        /// How the sanitiser shows the sequence.
        var escaped: String
    }

    static let attacks: [Attack] = [
        Attack(
            name: "CSI 2J (clear the screen)", json: #"\u001b[2J"#, text: "\u{1B}[2J",
            marker: "Mcsiclear", escaped: "^[[2J"),
        Attack(
            name: "CSI 6n (ask the terminal to type the cursor position)", json: #"\u001b[6n"#,
            text: "\u{1B}[6n", marker: "Mdsr", escaped: "^[[6n"),
        Attack(
            name: "OSC 0 (window title)", json: #"\u001b]0;owned title\u0007"#,
            text: "\u{1B}]0;owned title\u{7}", marker: "Mtitle", escaped: "^[]0;owned title^G"),
        Attack(
            name: "OSC 8 (hyperlink)", json: #"\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\"#,
            text: "\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", marker: "Mlink",
            escaped: "^[]8;;http://x^[\\link^[]8;;^[\\"),
        Attack(
            name: "OSC 52 (clipboard)", json: #"\u001b]52;c;cHduZWQ=\u0007"#,
            text: "\u{1B}]52;c;cHduZWQ=\u{7}", marker: "Mclip", escaped: "^[]52;c;cHduZWQ=^G"),
        Attack(
            name: "DCS (device control string)", json: #"\u001bPq#0;1;2\u001b\\"#,
            text: "\u{1B}Pq#0;1;2\u{1B}\\", marker: "Mdcs", escaped: "^[Pq#0;1;2^[\\"),
        Attack(
            name: "C1 CSI U+009B", json: #"\u009b31m"#, text: "\u{9B}31m", marker: "Mcone",
            escaped: "\\u{9B}31m"),
        Attack(name: "CR", json: #"\r"#, text: "\r", marker: "Mcr", escaped: "^M"),
        Attack(
            name: "backspace", json: #"\b\b"#, text: "\u{8}\u{8}", marker: "Mbs", escaped: "^H^H"),
        Attack(name: "NUL", json: #"\u0000"#, text: "\u{0}", marker: "Mnul", escaped: "^@"),
        Attack(
            name: "RLO U+202E", json: #"\u202e"#, text: "\u{202E}", marker: "Mrlo",
            escaped: "\\u{202E}"),
    ]

    /// Every attack followed by its marker, as JSON string content (without quotes).
    static func json(_ prefix: String) -> String {
        prefix + " " + attacks.map { $0.json + $0.marker }.joined(separator: " ")
    }

    /// Every attack followed by its marker, as text.
    static func text(_ prefix: String) -> String {
        prefix + " " + attacks.map { $0.text + $0.marker }.joined(separator: " ")
    }

    /// A valid three-page definition with every attack in its title, every heading, content,
    /// image path, alt text and finish label. (Page ids cannot hold them: the id pattern
    /// refuses every such character.)
    static let definition: String = {
        func page(_ number: Int) -> String {
            """
            {"id": "p\(number)", "heading": "\(json("H\(number)"))",
             "content": "\(json("Content \(number)"))\\n\(json("Line two"))",
             "image": "images/\(json("img")).png", "imageAlt": "\(json("Alt \(number)"))"}
            """
        }
        return """
            {"id": "evil", "title": "\(json("Title"))", "finishLabel": "\(json("Finish"))",
             "navigation": "free", "pages": [\(page(1)), \(page(2)), \(page(3))]}
            """
    }()

    // MARK: - Auditing output

    /// What is wrong with `bytes` written to a terminal by the player, or by the shell around
    /// it: anything but printable UTF-8, newline, a carriage return before a newline (the
    /// terminal's own output processing adds it), and escape sequences of the forms the player
    /// itself writes (CSI with digits, `;` and `?`, ending in `m`, `H`, `J`, `K`, `h` or `l`);
    /// and any attack's raw form followed by its marker.
    static func problems(inTerminalOutput bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                index += 1
            case 0x0D:
                if index + 1 < bytes.count, bytes[index + 1] != 0x0A {
                    problems.append("a carriage return not before a newline at \(index)")
                }
                index += 1
            case 0x1B:
                let length = playerSequenceLength(bytes, at: index)
                if length == 0 {
                    let shown = bytes[index..<min(index + 8, bytes.count)]
                    problems.append("a foreign escape sequence at \(index): \(Array(shown))")
                    index += 1
                } else {
                    index += length
                }
            case 0x00..<0x20, 0x7F:
                problems.append("control byte 0x\(String(byte, radix: 16)) at \(index)")
                index += 1
            default:
                index += 1
            }
        }
        problems += textProblems(bytes)
        return problems
    }

    /// What is wrong with text output that has no escape sequences of its own (plain mode, the
    /// other commands): any control byte but newline, invalid UTF-8, a C1 control, a
    /// bidirectional control.
    static func problems(inPlainOutput bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        for (index, byte) in bytes.enumerated() where byte != 0x0A {
            if byte < 0x20 || byte == 0x7F {
                problems.append("control byte 0x\(String(byte, radix: 16)) at \(index)")
            }
        }
        return problems + textProblems(bytes)
    }

    /// Invalid UTF-8, C1 controls, bidi controls, and raw attacks followed by their markers.
    private static func textProblems(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        if text.unicodeScalars.contains("\u{FFFD}") {
            problems.append("invalid UTF-8 (a raw 8-bit control?)")
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                problems.append("U+\(String(scalar.value, radix: 16, uppercase: true))")
            default: break
            }
        }
        for attack in attacks where contains(bytes, Array((attack.text + attack.marker).utf8)) {
            problems.append("\(attack.name) reached the output raw")
        }
        return problems
    }

    /// The length of the player's own escape sequence at `index`, or 0 when it is not one.
    private static func playerSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return 0 }
        var end = index + 2
        while end < bytes.count,
            (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ";")
                || bytes[end] == UInt8(ascii: "?")
        {
            end += 1
        }
        guard end < bytes.count, Array("mHJKhl".utf8).contains(bytes[end]) else { return 0 }
        return end + 1 - index
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
