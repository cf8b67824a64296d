import WalkthroughTerminal

// Fuzz target (b, part 1): what the players read from a user.
//
// - `PlainCommand.parse` on each line of the input (split at newlines, as the plain player
//   reads them): never crashes; a page number is never negative; an error's message is one line
//   with no raw control character (it quotes what the user typed); a command parses the same
//   written back in its canonical spelling.
// - `KeyDecoder.decode` on the input as key-press bytes: never uses more bytes than it has,
//   resolves everything once no more bytes can come, and gives the same keys whether the bytes
//   arrive at once or split into reads at the places the input's first bytes choose (an arrow
//   or a UTF-8 character split across two reads is never lost or doubled).

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let splits = (0..<4).map { _ in input.integer(in: 1...64) }
    let bytes = input.rest()
    checkPlainCommands(bytes)
    checkKeyDecoder(bytes, splits: splits)
    return 0
}

// MARK: - Plain-mode commands

private func checkPlainCommands(_ bytes: [UInt8]) {
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        switch PlainCommand.parse(text(Array(line))) {
        case .success(let command):
            if case .jump(let page) = command { require(page >= 0, "jump to page \(page)") }
            let again = PlainCommand.parse(spelling(of: command))
            require(again == .success(command), "\(command) does not parse back")
        case .failure(let error):
            let message = error.description
            require(!message.isEmpty, "an empty error message")
            require(
                !message.unicodeScalars.contains {
                    $0 == "\n" || $0 == "\r" || TextSanitizer.needsEscape($0)
                }, "an error message with a raw control character: \(visible(message))")
        }
    }
}

private func spelling(of command: PlayerCommand) -> String {
    switch command {
    case .next: return "next"
    case .back: return "back"
    case .jump(let page): return "jump \(page)"
    case .skip: return "skip"
    case .snooze: return "later"
    case .quit: return "quit"
    case .help: return "help"
    case .interrupt, .scrollUp, .scrollDown:
        fatalError("plain mode parses no \(command)")
    }
}

// MARK: - Key decoder

private func checkKeyDecoder(_ bytes: [UInt8], splits: [Int]) {
    let whole = KeyDecoder.decode(bytes, moreAvailable: false)
    require(whole.total == bytes.count, "total \(whole.total) of \(bytes.count)")
    require(whole.consumed == bytes.count, "bytes left unresolved with no more to come")

    // The same bytes in reads of the chosen sizes, keeping what the decoder leaves unused.
    var keys: [Key] = []
    var pending: [UInt8] = []
    var offset = 0
    var read = 0
    while offset < bytes.count {
        let length = min(splits[read % splits.count], bytes.count - offset)
        read += 1
        pending += bytes[offset..<(offset + length)]
        offset += length
        let decoding = KeyDecoder.decode(pending, moreAvailable: true)
        require(
            decoding.consumed >= 0 && decoding.consumed <= pending.count,
            "consumed \(decoding.consumed) of \(pending.count)")
        keys += decoding.keys
        pending.removeFirst(decoding.consumed)
    }
    let last = KeyDecoder.decode(pending, moreAvailable: false)
    require(last.consumed == pending.count, "bytes left unresolved at the end")
    keys += last.keys
    require(
        keys == whole.keys,
        "split reads gave \(keys.count) keys, one read \(whole.keys.count): "
            + "\(keys.prefix(8)) vs \(whole.keys.prefix(8))")
}
