import Foundation

/// `walkthrough serve`, as the `serve` suite loads it: on a free port of 127.0.0.1, its log in
/// a file, stopped however the run ends (``BackgroundProcess``).
final class ServeProcess {
    /// The binary cannot serve: it was built without the `Server` trait.
    struct Unavailable: Error {
        /// What the binary said, and how to build one that can.
        var reason: String
    }

    /// The server's process.
    let process: BackgroundProcess
    /// The port it listens on.
    let port: UInt16
    /// Its log (standard output and error).
    let log: String

    /// The exit status of a build without the `Server` trait (`EX_UNAVAILABLE`).
    static let withoutTheTrait: Int32 = 69

    /// Starts `binary serve FOLDER --listen 127.0.0.1:0 --keys KEYS --db DATABASE` and waits
    /// for its "listening on" line (at most 60 s: a debug build starts slowly).
    ///
    /// - Throws: ``Unavailable`` for a build without the trait; ``BenchError`` when it exits
    ///   or does not listen in time.
    init(
        binary: String, folder: String, database: String, keys: String, log: String,
        environment: [String: String]
    ) throws {
        self.log = log
        process = try BackgroundProcess(
            executable: binary,
            arguments: [
                "serve", folder, "--listen", "127.0.0.1:0", "--keys", keys, "--db", database,
            ],
            environment: environment, log: log)
        var found: UInt16?
        _ = process.wait(upTo: .seconds(60)) {
            found = Self.port(in: Self.read(log))
            return found != nil
        }
        guard let found else {
            process.stop()
            let said = Self.read(log).suffix(600)
            if process.exitStatus == Self.withoutTheTrait {
                throw Unavailable(
                    reason:
                        "\(binary) was built without the Server trait (\(said.split(separator: "\n").first ?? "")); "
                        + "build one with it: swift build -c release --traits default,Server, "
                        + "then walkthrough-bench serve --walkthrough .build/release/walkthrough")
            }
            throw BenchError(
                "walkthrough serve did not start (status \(process.exitStatus.map(String.init) ?? "running")): \(said)"
            )
        }
        port = found
    }

    /// Stops the server (SIGTERM: it finishes what is in flight and closes the store).
    func stop() {
        process.stop()
    }

    /// The port in the server's "listening on http://127.0.0.1:PORT" line.
    static func port(in log: String) -> UInt16? {
        guard let range = log.range(of: "listening on http://127.0.0.1:") else { return nil }
        return UInt16(log[range.upperBound...].prefix(while: \.isNumber))
    }

    private static func read(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            ?? ""
    }
}
