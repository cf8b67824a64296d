#if SERVER
import Foundation
@preconcurrency import Glibc
import WalkthroughTestSupport

/// The built `walkthrough serve`, as a user runs it: its own state folder and keys file,
/// SQLite unless a store is given, on a free loopback port (or the address given); stopped
/// (SIGTERM, then SIGKILL) when the test lets it go.
final class ServeProcess {
    /// The service key's secret.
    static let serviceSecret = "service-secret-0123456789abcdefghijklmnopqrstu"
    /// The admin key's secret.
    static let adminSecret = "admin-secret-0123456789abcdefghijklmnopqrstuvwx"
    /// The user tokens' HS256 secret.
    static let tokenSecret = "token-secret-0123456789abcdefghijklmnopqrstuvwx"
    /// The user tokens' issuer.
    static let issuer = "https://app.example"

    /// The server's process.
    let child: ChildProcess
    /// The port it listens on.
    let port: Int
    /// `http` or `https`, as the server announced.
    let scheme: String
    /// Its state folder (the database, the keys file).
    let folder: TemporaryFolder
    /// Its database (a file, or the URL given).
    let database: String

    /// Starts `walkthrough serve` on the definitions of `folders` (the repository's
    /// `walkthroughs` by default).
    ///
    /// - Parameters:
    ///   - database: The store (`--db`); a file in the state folder by default.
    ///   - arguments: More arguments.
    ///   - environment: More variables.
    ///   - folder: The state folder to reuse (a restart); a new one by default.
    ///   - listen: `--listen` (a port of its own, or the same port again for a restart).
    ///   - writesKeys: Whether it gets `--keys` and a keys file with the secrets above; without
    ///     it, the server makes its own under `XDG_STATE_HOME` (the state folder).
    init(
        folders: [String] = [repositoryRoot() + "/walkthroughs"], database: String? = nil,
        arguments: [String] = [], environment: [String: String] = [:],
        folder: TemporaryFolder? = nil, listen: String = "127.0.0.1:0", writesKeys: Bool = true
    ) throws {
        let folder = try folder ?? TemporaryFolder()
        self.folder = folder
        let keys = folder.path + "/serve-keys.json"
        if writesKeys, access(keys, F_OK) != 0 {
            let text = """
                {"keys": [{"name": "backend", "role": "service", "secret": "\(Self.serviceSecret)"},
                          {"name": "ops", "role": "admin", "secret": "\(Self.adminSecret)"}],
                 "userTokens": {"secret": "\(Self.tokenSecret)", "issuer": "\(Self.issuer)"}}
                """
            let descriptor = open(keys, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw TestSupportError("cannot write \(keys)") }
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        self.database = database ?? folder.path + "/seen.sqlite3"
        var variables = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path,
            "XDG_CACHE_HOME": folder.path + "/cache",
        ]
        variables.merge(environment) { $1 }
        let child = try ChildProcess(
            [builtExecutable("walkthrough"), "serve"] + folders
                + ["--listen", listen, "--db", self.database]
                + (writesKeys ? ["--keys", keys] : []) + arguments,
            environment: variables, directory: folder.path)
        self.child = child
        var found: (scheme: String, port: Int)?
        _ = waitUntil(timeout: 60) {
            found = Self.listening(in: child.standardError)
            return found != nil || child.hasExited
        }
        guard let found else {
            child.signal(SIGKILL)
            _ = child.wait(timeout: 10)
            throw TestSupportError(
                "walkthrough serve did not start: \(child.standardError.suffix(800))")
        }
        port = found.port
        scheme = found.scheme
    }

    deinit {
        stop()
    }

    /// The port in the server's "listening on http://127.0.0.1:PORT" line.
    static func port(in log: String) -> Int? {
        listening(in: log)?.port
    }

    /// The scheme and port of the server's "listening on SCHEME://HOST:PORT: …" line.
    static func listening(in log: String) -> (scheme: String, port: Int)? {
        guard let range = log.range(of: "listening on ") else { return nil }
        let url = log[range.upperBound...].prefix(while: { $0 != " " && $0 != "\n" })
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let address = url[schemeEnd.upperBound...].dropLast(url.hasSuffix(":") ? 1 : 0)
        guard let colon = address.lastIndex(of: ":"),
            let port = Int(address[address.index(after: colon)...])
        else { return nil }
        return (String(url[..<schemeEnd.lowerBound]), port)
    }

    /// `http://127.0.0.1:PORT` (`https` with TLS): the loopback address, whatever it listens on.
    var base: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Stops the server with SIGTERM (SIGKILL after 20 s) and gives its exit status.
    @discardableResult
    func stop() -> Int32? {
        guard !child.hasExited else { return child.wait(timeout: 1) }
        child.signal(SIGTERM)
        if let status = child.wait(timeout: 20) { return status }
        child.signal(SIGKILL)
        return child.wait(timeout: 10)
    }

    /// Kills the server with SIGKILL.
    func kill() {
        child.signal(SIGKILL)
        _ = child.wait(timeout: 10)
    }
}
#endif
