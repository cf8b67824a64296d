@preconcurrency import Glibc

/// The primary device-attributes query (`ESC [ c`), whose answer (`ESC [ ? 62 ; 4 ; 22 c`)
/// lists 4 when the terminal draws sixel.
///
/// Asked only in raw mode, so the answer is read here and never echoed on the screen; it waits
/// at most the timeout, so a terminal that never answers costs that long and no more. A late
/// answer is a CSI sequence the key decoder drops.
package enum DeviceAttributes {
    /// The query.
    package static let query: [UInt8] = Array("\u{1B}[c".utf8)

    /// Sends the query to `output` and waits up to `timeoutMilliseconds` for the answer on
    /// `input`.
    ///
    /// - Returns: The answer's parameters (`nil` when none came in time or the terminal could
    ///   not be asked), and any other bytes read meanwhile (keys typed), which the caller
    ///   decodes as keys.
    package static func ask(
        input: Int32, output: Int32, timeoutMilliseconds: Int = 100
    ) -> (attributes: [Int]?, otherBytes: [UInt8]) {
        guard (try? SystemCalls.writeAll(output, query)) != nil else { return (nil, []) }
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        var received: [UInt8] = []
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            let milliseconds =
                remaining.components.seconds * 1000
                + remaining.components.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0 else { break }
            let ready = SystemCalls.waitFor(
                input, events: Int16(POLLIN), timeout: Int32(clamping: milliseconds))
            guard ready != 0 else { continue }
            guard case .bytes(let bytes) = (try? SystemCalls.read(input)) ?? .end else { break }
            received += bytes
            let answer = parse(received)
            if let attributes = answer.attributes { return (attributes, answer.otherBytes) }
        }
        return (nil, received)
    }

    /// Finds an answer `ESC [ ? P ; P … c` in `bytes`: its parameters, and the bytes around it.
    package static func parse(_ bytes: [UInt8]) -> (attributes: [Int]?, otherBytes: [UInt8]) {
        var start = 0
        while start + 2 < bytes.count {
            guard bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "["),
                bytes[start + 2] == UInt8(ascii: "?")
            else {
                start += 1
                continue
            }
            var end = start + 3
            while end < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
                    || bytes[end] == UInt8(ascii: ";")
            {
                end += 1
            }
            guard end < bytes.count else { return (nil, bytes) }
            if bytes[end] == UInt8(ascii: "c") {
                let text = String(decoding: bytes[(start + 3)..<end], as: UTF8.self)
                let attributes = text.split(separator: ";").compactMap { Int($0) }
                return (attributes, Array(bytes[..<start] + bytes[(end + 1)...]))
            }
            start = end
        }
        return (nil, bytes)
    }
}
