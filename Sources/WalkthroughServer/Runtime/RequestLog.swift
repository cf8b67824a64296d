@preconcurrency import Glibc
import WalkthroughKit

/// The server's log on standard error: a line per request (time, method, path without its
/// query, status, duration, and who asked: a key's name or `user:NAME`, never a secret or a
/// token), and the server's own events. Lines are JSON objects with `--json-log`.
package struct RequestLog: Sendable {
    /// Whether lines are JSON objects.
    package var json: Bool

    /// A log, in JSON lines or in text.
    package init(json: Bool) {
        self.json = json
    }

    /// Logs one answered request.
    package func request(
        _ request: ServerRequest, _ response: ServerResponse, took duration: Duration
    ) {
        let microseconds = Self.microseconds(duration)
        let who = response.principal ?? "-"
        let time = Timestamp.json(Timestamp.now)
        if json {
            write(
                JSONText.object([
                    ("time", .string(time)), ("method", .string(request.method)),
                    ("path", .string(request.path)), ("status", .integer(response.status)),
                    ("durationMs", .number(Double(microseconds) / 1000)),
                    ("who", .string(who)),
                ]).renderedOnOneLine())
        } else {
            // Put together as bytes: a line per request, and no interpolation's copies.
            var line: [UInt8] = []
            line.reserveCapacity(96 + request.path.utf8.count)
            line.append(contentsOf: time.utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: CharacterSafety.escapedInLine(request.method).utf8)
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: CharacterSafety.escapedInLine(request.path).utf8)
            line.append(UInt8(ascii: " "))
            JSONWriter.appendDecimal(response.status, to: &line)
            line.append(UInt8(ascii: " "))
            Self.appendMilliseconds(microseconds, to: &line)
            line.append(contentsOf: " ms ".utf8)
            line.append(contentsOf: CharacterSafety.escapedInLine(who).utf8)
            line.append(UInt8(ascii: "\n"))
            write(line)
        }
    }

    /// `duration` in whole microseconds, rounded.
    package static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + (attoseconds + 500_000_000_000) / 1_000_000_000_000
    }

    /// `microseconds` as milliseconds with at most three decimals, as a `Double` prints them
    /// (`0.25`, `12.0`).
    package static func appendMilliseconds(_ microseconds: Int64, to line: inout [UInt8]) {
        JSONWriter.appendDecimal(Int(microseconds / 1000), to: &line)
        line.append(UInt8(ascii: "."))
        var fraction = microseconds % 1000
        var width = 3
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        // `width` digits, zeros first.
        var unit: Int64 = width == 3 ? 100 : width == 2 ? 10 : 1
        while unit > 0 {
            line.append(UInt8(ascii: "0") + UInt8(fraction / unit % 10))
            unit /= 10
        }
    }

    /// Logs what the server did or found (started, reloaded, a definition refused).
    package func note(_ message: String) {
        let time = Timestamp.json(Timestamp.now)
        if json {
            write(
                JSONText.object([("time", .string(time)), ("message", .string(message))])
                    .renderedOnOneLine())
        } else {
            write("\(time) \(CharacterSafety.escapedInLine(message))")
        }
    }

    /// One line, written at once (lines from different threads never interleave).
    private func write(_ line: String) {
        var line = line
        line.append("\n")
        line.withUTF8 { write($0) }
    }

    /// Writes a line already in bytes, its line break included.
    private func write(_ line: [UInt8]) {
        line.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, start + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
