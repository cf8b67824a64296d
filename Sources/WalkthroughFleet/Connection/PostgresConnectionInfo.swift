import CLibPQ
@preconcurrency import Glibc
import WalkthroughKit

/// A libpq connection URI as the store uses it: handed to libpq untouched, plus the few
/// defaults the store adds, the password kept out of everything shown, and where it points.
///
/// libpq reads the URI itself, exactly as it documents: several hosts
/// (`postgresql://h1:5432,h2:5433/db?target_session_attrs=read-write`), `sslmode`,
/// `options=-csearch_path=NAME`, the `PG*` environment variables and `~/.pgpass`. The store adds
/// `connect_timeout=10` and `application_name=walkthrough` only where neither the URI nor the
/// environment (`PGCONNECT_TIMEOUT`, `PGAPPNAME`) says otherwise, by giving them to
/// `PQconnectdbParams` *before* the expanded URI (later values win), and always asks for
/// `client_encoding=UTF8`, the only encoding the store speaks.
///
/// Like psycopg's `conninfo_to_dict` and its obfuscation, nothing derived from the URI that a
/// user sees ever holds the password: ``redacted`` drops it from the URI, and ``scrub(_:)``
/// removes it from any message libpq or the server produces.
struct PostgresConnectionInfo: Sendable {
    /// The URI exactly as given (it may hold a password: never shown).
    let uri: String
    /// The URI with its password removed (`postgresql://alice@db.example/fleet`).
    let redacted: String
    /// What the URI itself sets, keyword by keyword, as `PQconninfoParse` reads it.
    let parsed: [String: String]
    /// The connect timeout libpq applies to each host, in seconds; `nil` for none.
    let connectTimeout: Int?
    /// The keywords and values for `PQconnectdbParams` (with `expand_dbname` on).
    let keywords: [String]
    /// The values matching ``keywords``.
    let values: [String]
    /// Texts that must never appear in a message: the password as written and as meant.
    private let secrets: [String]

    /// The default `connect_timeout`, in seconds.
    static let defaultConnectTimeout = 10
    /// The default `application_name`.
    static let defaultApplicationName = "walkthrough"

    /// Reads `uri` with libpq's own parser.
    ///
    /// - Parameter environment: Where the `PG*` variables are looked up (libpq itself reads the
    ///   process's environment; pass the same).
    /// - Throws: ``SeenStoreError/ServerError`` of kind ``SeenStoreError/ServerError/Kind/invalidURL`` for a URI
    ///   libpq refuses, naming it without its password.
    init(uri: String, environment: [String: String]) throws(SeenStoreError.ServerError) {
        self.uri = uri
        let redacted = FleetURL.displayed(uri)
        self.redacted = redacted
        var secrets = Self.rawPasswords(in: uri)
        var errorPointer: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &errorPointer) else {
            let message = errorPointer.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(errorPointer)
            throw SeenStoreError.ServerError(
                kind: .invalidURL, location: redacted,
                message: Self.scrub(CharacterSafety.oneLine(message), secrets: secrets))
        }
        defer { PQconninfoFree(options) }
        var parsed: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                parsed[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        self.parsed = parsed
        if let password = parsed["password"] { secrets.append(password) }
        if let password = environment["PGPASSWORD"] { secrets.append(password) }
        self.secrets = secrets.filter { !$0.isEmpty }

        var keywords: [String] = []
        var values: [String] = []
        let timeoutText = parsed["connect_timeout"] ?? environment["PGCONNECT_TIMEOUT"]
        if timeoutText == nil {
            keywords.append("connect_timeout")
            values.append(String(Self.defaultConnectTimeout))
        }
        if parsed["application_name"] == nil, environment["PGAPPNAME"] == nil {
            keywords.append("application_name")
            values.append(Self.defaultApplicationName)
        }
        // Expanded in place: what the URI sets overrides the defaults before it.
        keywords.append("dbname")
        values.append(uri)
        keywords.append("client_encoding")
        values.append("UTF8")
        self.keywords = keywords
        self.values = values
        self.connectTimeout = Self.effectiveTimeout(timeoutText)
    }

    /// The timeout libpq applies for a `connect_timeout` value: none for a missing, zero or
    /// negative one, at least 2 seconds otherwise (libpq's own rule).
    private static func effectiveTimeout(_ text: String?) -> Int? {
        guard let text else { return defaultConnectTimeout }
        guard let seconds = Int(text.filter { $0 != " " }), seconds > 0 else { return nil }
        return max(seconds, 2)
    }

    // MARK: - Where it points

    /// How many hosts the URI names (`h1,h2` is two); 1 when it names none (the default).
    var hostCount: Int {
        let list = parsed["host"] ?? parsed["hostaddr"] ?? ""
        return max(list.split(separator: ",", omittingEmptySubsequences: false).count, 1)
    }

    /// `host:port/dbname` as the URI and the environment say, before any connection: every
    /// host in order (`h1:5432,h2:5433/fleet`).
    ///
    /// - Parameter connection: A connection attempt, whose libpq defaults (the socket folder,
    ///   the database named after the user) fill what the URI and the environment leave out.
    func location(environment: [String: String], connection: OpaquePointer?) -> String {
        let hostList =
            parsed["host"] ?? parsed["hostaddr"] ?? environment["PGHOST"]
            ?? environment["PGHOSTADDR"] ?? connection.flatMap { PQhost($0) }.map {
                String(cString: $0)
            } ?? "localhost"
        let portList =
            parsed["port"] ?? environment["PGPORT"]
            ?? connection.flatMap { PQport($0) }.map { String(cString: $0) } ?? "5432"
        let database =
            parsed["dbname"] ?? environment["PGDATABASE"]
            ?? connection.flatMap { PQdb($0) }.map { String(cString: $0) } ?? ""
        let hosts = hostList.split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
        let ports = portList.split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
        let pairs = hosts.enumerated().map { index, host in
            let port = ports.count == hosts.count ? ports[index] : (ports.first ?? "5432")
            return Self.hostAndPort(host, port.isEmpty ? "5432" : port)
        }
        return scrub(pairs.joined(separator: ",") + "/" + database)
    }

    /// `host:port`, with an IPv6 address in brackets.
    static func hostAndPort(_ host: String, _ port: String) -> String {
        let shown = host.isEmpty ? "localhost" : host
        return (shown.contains(":") ? "[\(shown)]" : shown) + ":" + port
    }

    // MARK: - Keeping the password out

    /// `text` with every occurrence of the password replaced by `***`.
    func scrub(_ text: String) -> String {
        Self.scrub(text, secrets: secrets)
    }

    private static func scrub(_ text: String, secrets: [String]) -> String {
        var result = text
        // Longest first, so that a password holding another one is removed whole.
        for secret in secrets.sorted(by: { $0.utf8.count > $1.utf8.count }) where !secret.isEmpty {
            result = result.replacingAll(secret, with: "***")
        }
        return result
    }

    /// The password parts of `uri` as written (still percent-encoded), and decoded.
    private static func rawPasswords(in uri: String) -> [String] {
        guard let schemeEnd = uri.firstRange(of: "://") else { return [] }
        let rest = uri[schemeEnd.upperBound...]
        var found: [String] = []
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@"),
            let colon = authority[..<at].firstIndex(of: ":")
        {
            let raw = String(authority[authority.index(after: colon)..<at])
            found += [raw, PercentEncoding.decoded(raw)]
        }
        if let question = rest.firstIndex(of: "?") {
            for parameter in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2,
                    PercentEncoding.decoded(String(parts[0])).lowercased() == "password"
                else { continue }
                found += [String(parts[1]), PercentEncoding.decoded(String(parts[1]))]
            }
        }
        return found.filter { !$0.isEmpty }
    }
}

extension String {
    /// The string with every occurrence of `target` replaced by `replacement`, compared by
    /// UTF-8 bytes (not by Swift's canonical equivalence: a password is bytes).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let haystack = Array(utf8)
        var result: [UInt8] = []
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count,
                haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                result += replacement.utf8
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
