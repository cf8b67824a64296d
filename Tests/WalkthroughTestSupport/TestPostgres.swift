import CLibPQ
import FoundationEssentials
@preconcurrency import Glibc
import Synchronization
import WalkthroughFleet

/// A PostgreSQL server for the tests: the one `WALKTHROUGH_TEST_POSTGRES_URL` names, else a
/// throwaway one that `scripts/postgres-test-server.sh` starts for this test process.
///
/// ``shared()`` starts (at most once per process) the server every test shares; each test then
/// takes its own schema (``freshSchemaURL()``) or database (``freshDatabaseURL()``), so tests
/// stay independent and run in parallel. A test that must stop or restart a server starts its
/// own with ``start()``. A server started here is stopped and removed when the value is
/// released, when the process exits, and, through the script's watchdog, when the process is
/// killed.
///
/// ```swift
/// let server = try TestPostgres.shared()
/// let store = try PostgresSeenStore(url: try server.freshSchemaURL())
/// ```
package final class TestPostgres: Sendable {
    /// The superuser URL of the server (with its password).
    package let url: String
    /// The server's folder, when this process started it; `nil` for a server from the
    /// environment.
    package let folder: String?
    /// The host, port, superuser, password and database of ``url``.
    package let host: String
    /// The port.
    package let port: String
    /// The superuser's name.
    package let user: String
    /// The superuser's password (empty when the URL has none).
    package let password: String
    /// The database ``url`` names.
    package let database: String

    /// The environment variable naming a server to use instead of starting one.
    package static let environmentVariable = "WALKTHROUGH_TEST_POSTGRES_URL"

    private init(url: String, folder: String?) throws {
        let parts = try RawPostgres.parse(url)
        self.url = url
        self.folder = folder
        self.host = parts["host"] ?? parts["hostaddr"] ?? "localhost"
        self.port = parts["port"] ?? "5432"
        self.user = parts["user"] ?? "postgres"
        self.password = parts["password"] ?? ""
        self.database = parts["dbname"] ?? self.user
    }

    deinit {
        if let folder { Self.stop(folder) }
    }

    // MARK: - Getting a server

    private static let sharedServer: Result<TestPostgres, TestSupportError> = {
        if let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
            return Result { () throws(TestSupportError) in
                do { return try TestPostgres(url: given, folder: nil) } catch {
                    throw TestSupportError("\(environmentVariable) is not usable: \(error)")
                }
            }
        }
        return Result { () throws(TestSupportError) in
            do {
                let server = try start()
                // Stopped when the process exits normally; the watchdog covers a kill.
                startedFolders.withLock { $0.append(server.folder!) }
                atexit { stopStartedServers() }
                return server
            } catch let error as TestSupportError {
                throw error
            } catch {
                throw TestSupportError("\(error)")
            }
        }
    }()

    /// The server every test shares: started on the first call, once per test process.
    ///
    /// - Throws: ``TestSupportError`` saying why there is none (PostgreSQL not installed, the
    ///   server would not start, the given URL does not connect).
    ///
    /// The test process then opens `postgresql://` URLs as the `walkthrough` command does
    /// (``Fleet/enable()``).
    package static func shared() throws -> TestPostgres {
        Fleet.enable()
        return try sharedServer.get()
    }

    /// Why PostgreSQL tests cannot run here, or `nil` when they can.
    package static var unavailableReason: String? {
        if case .failure(let error) = sharedServer { return error.description }
        return nil
    }

    /// Starts a server of its own (for a test that stops or restarts it), stopped and removed
    /// when the value is released.
    ///
    /// - Throws: ``TestSupportError`` with the script's message when it cannot start one.
    package static func start() throws -> TestPostgres {
        let script = repositoryRoot() + "/scripts/postgres-test-server.sh"
        let result = try ChildProcess.run(
            [script, "start", "--watch", String(getpid())], timeout: Self.scriptTimeout)
        guard result.status == 0 else {
            throw TestSupportError(
                "\(script) start failed (status \(result.status)): \(result.standardError)")
        }
        let folder = String(result.standardOutput.split(separator: "\n").last ?? "")
        let url = String(decoding: contentsOfFile(folder + "/url"), as: UTF8.self)
        let server = try TestPostgres(
            url: String(url.split(separator: "\n").first ?? ""), folder: folder)
        return server
    }

    private static let startedFolders = Mutex<[String]>([])

    // MARK: - A pooler

    private static let sharedPoolerServer: Result<TestPostgres, TestSupportError> = {
        Result { () throws(TestSupportError) in
            let server: TestPostgres
            do { server = try shared() } catch { throw TestSupportError("\(error)") }
            guard server.folder != nil else {
                throw TestSupportError(
                    "pgbouncer runs in front of a server the tests start; unset "
                        + environmentVariable)
            }
            do {
                let pooler = try server.startPgBouncer()
                startedFolders.withLock { $0.append(pooler.folder!) }
                return pooler
            } catch let error as TestSupportError {
                throw error
            } catch {
                throw TestSupportError("\(error)")
            }
        }
    }()

    /// pgbouncer in transaction pooling mode in front of ``shared()``, started on the first
    /// call, once per test process, stopped when the process exits (the watchdog covers a
    /// kill). Its ``url`` is the superuser's through the pooler; a test takes a database of its
    /// own (``freshDatabaseURL()``): pgbouncer refuses the `options` a search path needs.
    ///
    /// - Throws: ``TestSupportError`` saying why there is none (no PostgreSQL, no pgbouncer).
    package static func sharedPgBouncer() throws -> TestPostgres {
        try sharedPoolerServer.get()
    }

    /// Why the pgbouncer tests cannot run here, or `nil` when they can.
    package static var pgBouncerUnavailableReason: String? {
        if case .failure(let error) = sharedPoolerServer { return error.description }
        return nil
    }

    /// Starts pgbouncer (transaction pooling, `poolSize` server connections per database and
    /// role) in front of this server, stopped and removed when the value is released.
    ///
    /// - Precondition: This server was started by ``start()``.
    package func startPgBouncer(poolSize: Int = 4) throws -> TestPostgres {
        let output = try script([
            "pgbouncer", ownFolder(), "--watch", String(getpid()), "--pool-size", String(poolSize),
        ])
        let folder = String(output.split(separator: "\n").last ?? "")
        let url = String(decoding: contentsOfFile(folder + "/url"), as: UTF8.self)
        return try TestPostgres(
            url: String(url.split(separator: "\n").first ?? ""), folder: folder)
    }

    private static func stopStartedServers() {
        for folder in startedFolders.withLock({ $0 }) { stop(folder) }
    }

    private static func stop(_ folder: String) {
        let script = repositoryRoot() + "/scripts/postgres-test-server.sh"
        _ = try? ChildProcess.run([script, "stop", folder], timeout: 60)
    }

    /// Restarts the server (`pg_ctl restart`): every connection to it is cut; `immediately`
    /// as after a crash (`-m immediate`: no shutdown checkpoint, crash recovery on start).
    ///
    /// - Precondition: The server was started by ``start()``.
    package func restart(immediately: Bool = false) throws {
        guard let folder else { preconditionFailure("only a server started here restarts") }
        let script = repositoryRoot() + "/scripts/postgres-test-server.sh"
        let result = try ChildProcess.run(
            [script, "restart", folder, immediately ? "immediate" : "fast"],
            timeout: Self.scriptTimeout)
        guard result.status == 0 else {
            throw TestSupportError("restarting the test server failed: \(result.standardError)")
        }
    }

    // MARK: - A standby, and failing over to it

    /// Starts a streaming standby of this server (`pg_basebackup -R`, on a port of its own),
    /// stopped and removed when the value is released, like a server from ``start()``. Its
    /// superuser and password are this server's.
    ///
    /// - Precondition: This server was started by ``start()``.
    /// - Throws: ``TestSupportError`` with the script's message when it cannot make one.
    package func startStandby() throws -> TestPostgres {
        let output = try script(["standby", ownFolder(), "--watch", String(getpid())])
        let folder = String(output.split(separator: "\n").last ?? "")
        let url = String(decoding: contentsOfFile(folder + "/url"), as: UTF8.self)
        return try TestPostgres(
            url: String(url.split(separator: "\n").first ?? ""), folder: folder)
    }

    /// Promotes a standby (`pg_ctl promote`, waiting until it accepts writes).
    package func promote() throws {
        _ = try script(["promote", ownFolder()])
    }

    /// Stops the server without removing it (`pg_ctl stop`): `immediately` as a crash does
    /// (`-m immediate`), else as an administrator does (`-m fast`: connections cut, the last
    /// WAL sent to the standbys).
    package func halt(immediately: Bool = false) throws {
        _ = try script(["halt", ownFolder(), immediately ? "immediate" : "fast"])
    }

    /// Whether the standby has replayed everything the primary `primary` has written so far
    /// (checked once; poll it with ``waitUntil(timeout:interval:_:)``).
    package func hasReplayed(everythingOf primary: TestPostgres) -> Bool {
        guard
            let written = (try? primary.withAdmin { try $0.scalar("SELECT pg_current_wal_lsn()") })
                ?? nil,
            let caughtUp = try? withAdmin({
                try $0.scalar("SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn")
            })
        else { return false }
        return caughtUp == "t"
    }

    /// A URL naming each server's host and port in turn, as a fleet names a primary and its
    /// standbys: `postgresql://USER:PW@H1:P1,H2:P2/DB?PARAMETERS`, with this server's user,
    /// password and database.
    package func url(hosts servers: [TestPostgres], parameters: [String]) -> String {
        var text = "postgresql://" + Self.encoded(user)
        if !password.isEmpty { text += ":" + Self.encoded(password) }
        text += "@" + servers.map { $0.host + ":" + $0.port }.joined(separator: ",")
        text += "/" + Self.encoded(database)
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }

    private func ownFolder() -> String {
        guard let folder else { preconditionFailure("only a server started here fails over") }
        return folder
    }

    /// How long the server script may take: its `pg_ctl` waits up to 180 s for a server on a
    /// loaded machine, and pgbouncer up to 60 s a port.
    static let scriptTimeout: Double = 300

    /// Runs `scripts/postgres-test-server.sh ARGUMENTS`; returns its standard output.
    private func script(_ arguments: [String]) throws -> String {
        let script = repositoryRoot() + "/scripts/postgres-test-server.sh"
        let result = try ChildProcess.run([script] + arguments, timeout: Self.scriptTimeout)
        guard result.status == 0 else {
            throw TestSupportError(
                "\(script) \(arguments[0]) failed (status \(result.status)): "
                    + result.standardError)
        }
        return result.standardOutput
    }

    // MARK: - URLs

    /// A URL of this server: another database, role, password, search path, or extra
    /// parameters (`connect_timeout=2`).
    package func url(
        database: String? = nil, user: String? = nil, password: String? = nil,
        searchPath: String? = nil, parameters: [String] = []
    ) -> String {
        let user = user ?? self.user
        let password = password ?? (user == self.user ? self.password : "")
        var text = "postgresql://" + Self.encoded(user)
        if !password.isEmpty { text += ":" + Self.encoded(password) }
        text += "@" + host + ":" + port + "/" + Self.encoded(database ?? self.database)
        var query = parameters
        if let searchPath {
            query.insert("options=-csearch_path%3D" + Self.encoded(searchPath), at: 0)
        }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }

    /// A URL whose search path starts with a new, empty schema of its own.
    package func freshSchemaURL() throws -> String {
        let schema = Self.uniqueName("s")
        try withAdmin { try $0.exec("CREATE SCHEMA \(schema)") }
        return url(searchPath: schema)
    }

    /// A URL of a new, empty database of its own.
    package func freshDatabaseURL() throws -> String {
        let database = Self.uniqueName("d")
        try withAdmin { try $0.exec("CREATE DATABASE \(database)") }
        return url(database: database)
    }

    /// Runs `body` with a new superuser connection to the server's database.
    package func withAdmin<Result>(_ body: (RawPostgres) throws -> Result) throws -> Result {
        try body(try RawPostgres(url))
    }

    private static let counter = Atomic<Int>(0)

    /// `prefix_PID_N`: unique in this server across test processes.
    package static func uniqueName(_ prefix: String) -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return "walkthrough_\(prefix)_\(getpid())_\(number)"
    }

    /// `text` percent-encoded for a URI component: everything but unreserved characters.
    package static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}

/// A libpq connection through the C API, independent of the store: to set a server up as an
/// administrator would (schemas, roles, grants) and to check what the store wrote.
package final class RawPostgres {
    private let handle: OpaquePointer

    /// Connects to `url`.
    ///
    /// - Throws: ``TestSupportError`` with libpq's message.
    package init(_ url: String) throws {
        guard let handle = PQconnectdb(url) else {
            throw TestSupportError("PQconnectdb: no memory")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(handle))
            PQfinish(handle)
            throw TestSupportError("cannot connect to the test server: \(message)")
        }
        self.handle = handle
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is usable.
    package var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Runs `sql` (one or more statements).
    package func exec(_ sql: String) throws {
        _ = try rows(sql)
    }

    /// Every row of the last statement of `sql`, each value as text (`nil` for `NULL`).
    package func rows(_ sql: String) throws -> [[String?]] {
        guard let result = PQexec(handle, sql) else { throw TestSupportError("\(sql): no result") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw TestSupportError("\(sql): \(String(cString: PQresultErrorMessage(result)))")
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1
                    ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// The first value of the first row of `sql`.
    package func scalar(_ sql: String) throws -> String? {
        try rows(sql).first?.first ?? nil
    }

    /// The keywords and values libpq reads from `url` (`PQconninfoParse`).
    package static func parse(_ url: String) throws -> [String: String] {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &error) else {
            let message = error.map { String(cString: $0) } ?? "out of memory"
            PQfreemem(error)
            throw TestSupportError("not a libpq URL: \(message)")
        }
        defer { PQconninfoFree(options) }
        var parts: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                parts[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        return parts
    }
}
