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
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        let rounded = (milliseconds * 1000).rounded() / 1000
        let who = response.principal ?? "-"
        let time = Timestamp.json(Timestamp.now)
        if json {
            write(
                JSONText.object([
                    ("time", .string(time)), ("method", .string(request.method)),
                    ("path", .string(request.path)), ("status", .integer(response.status)),
                    ("durationMs", .number(rounded)), ("who", .string(who)),
                ]).renderedOnOneLine())
        } else {
            write(
                "\(time) \(CharacterSafety.escapedInLine(request.method)) "
                    + "\(CharacterSafety.escapedInLine(request.path)) \(response.status) "
                    + "\(rounded) ms \(CharacterSafety.escapedInLine(who))")
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
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
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
}
