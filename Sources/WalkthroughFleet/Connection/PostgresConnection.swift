import CLibPQ
@preconcurrency import Glibc
import WalkthroughKit

/// One libpq connection: the owner of the `PGconn`.
///
/// Like ``Connection`` for SQLite (and psycopg's `Connection`), a final class that is
/// deliberately *not* `Sendable`: exactly one component (``PostgresSeenStore``, through a
/// `Locked`) holds it and serialises every use. The handle is closed (`PQfinish`) in `deinit`,
/// also after a failed connection attempt, as libpq requires.
///
/// Statements are prepared once per connection (`PQprepare`) under a fixed name and then run
/// with `PQexecPrepared`; every value travels as a parameter, never inside the SQL. A reconnect
/// (``reconnect()``) forgets what was prepared, since the server did too.
///
/// Nothing is set for the session: behind a pooler in transaction mode (pgbouncer) the next
/// transaction on a server connection belongs to another client, so whatever a store needs it
/// sets per transaction (a read-only store's `BEGIN READ ONLY`). The same pooler hands a
/// client's statements to different server connections: a prepared statement the server does
/// not know (SQLSTATE 26000) or already knows (42P05) switches this connection to unnamed
/// statements (`PQexecParams`, one round trip, the same SQL and types) for good.
final class PostgresConnection {
    /// A statement prepared once per connection under its name.
    typealias Prepared = PostgresStatement

    /// The OID of `text`.
    static let text: Oid = 25
    /// The OID of `bigint`.
    static let int8: Oid = 20
    /// The `boolean` type's OID, for parameters sent as `t` or `f`.
    static let bool: Oid = 16

    /// The URI and its parsed parts.
    let info: PostgresConnectionInfo
    /// The environment the `PG*` variables were read from.
    let environment: [String: String]
    /// The connection handle; replaced by nothing, reset in place by ``reconnect()``.
    let handle: OpaquePointer
    /// When set, no wait on the network goes past it: connecting, sending and reading run with
    /// libpq's non-blocking calls and `poll(2)` (``PostgresConnection+Deadline.swift``); when
    /// `nil`, libpq waits as it documents (`connect_timeout`).
    var deadline: ContinuousClock.Instant?
    /// Set when a wait ran past ``deadline``: the protocol state is unknown, so the connection
    /// counts as lost until it is opened again.
    var abandoned = false
    /// The names of the statements the server holds for this connection.
    private var prepared: Set<String> = []
    /// Set once the server (or a pooler in front of it) showed that named statements do not
    /// stay with this connection: from then on every statement runs unnamed.
    private(set) var unnamedStatements = false
    /// Whether every transaction is read-only (`BEGIN READ ONLY`): a store that only reads.
    let readOnly: Bool
    /// Whether ``transaction(commit:_:)`` is running its body.
    private(set) var inTransaction = false

    /// Connects, trying each host of the URI in order as libpq does.
    ///
    /// - Throws: ``SeenStoreError/ServerError`` saying why the connection failed, at which
    ///   `host:port/dbname`.
    init(
        info: PostgresConnectionInfo, environment: [String: String],
        deadline: ContinuousClock.Instant? = nil, readOnly: Bool = false
    ) throws(SeenStoreError.ServerError) {
        self.info = info
        self.environment = environment
        self.deadline = deadline
        self.readOnly = readOnly
        let keywords = info.keywords.map { strdup($0) }
        let values = info.values.map { strdup($0) }
        defer {
            for copy in keywords + values { free(copy) }
        }
        let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        if deadline != nil {
            // The replica's budget: one attempt that never waits past the deadline; the replica
            // retries a refusing or restarting server within its budget.
            guard let started = PQconnectStartParams(keywordPointers, valuePointers, 1) else {
                throw SeenStoreError.ServerError(
                    kind: .connectionFailed, location: info.redacted, message: "out of memory")
            }
            handle = started
            Self.dropNotices(started)
            try finishConnecting(resetting: false)
            guard PQstatus(started) == CONNECTION_OK else { throw connectionError() }
            return
        }
        // A server that is starting up (SQLSTATE 57P03) is tried again, with a growing pause,
        // within the connect timeout (10 s without one); one not listening, for a restart's
        // gap only (``refusedWindow``).
        let started = ContinuousClock.now
        let deadline = started + Self.budget(info)
        var pause: UInt32 = 50_000
        var lastError: SeenStoreError.ServerError?
        while true {
            // expand_dbname: the URI given as `dbname` is read as a whole connection string.
            guard
                let (attempt, timedOut) = Self.attempt(
                    keywords: keywordPointers, values: valuePointers, info: info,
                    deadline: deadline)
            else {
                throw SeenStoreError.ServerError(
                    kind: .connectionFailed, location: info.redacted, message: "out of memory")
            }
            if !timedOut, PQstatus(attempt) == CONNECTION_OK {
                handle = attempt
                break
            }
            // Out of time after a refusal: the refusal is what the user needs to hear.
            if timedOut, let lastError {
                PQfinish(attempt)
                throw lastError
            }
            let error =
                timedOut
                ? SeenStoreError.ServerError(
                    kind: .timedOut(
                        seconds: info.connectTimeout
                            ?? PostgresConnectionInfo.defaultConnectTimeout),
                    location: info.location(environment: environment, connection: attempt),
                    message: "")
                : Self.connectionError(attempt, info: info, environment: environment)
            PQfinish(attempt)
            guard Self.mayRetry(error, started: started, pause: pause, deadline: deadline) else {
                throw error
            }
            lastError = error
            usleep(pause)
            pause = min(pause * 2, 1_000_000)
        }
    }

    /// How long a connection that nothing accepts is tried again: long enough for a server's
    /// restart to start listening, short enough that a wrong port is reported within 3 s.
    static let refusedWindow = Duration.milliseconds(2500)

    /// Whether a failed attempt is tried again after `pause` microseconds: a temporary
    /// failure (``isTemporary(_:)``) while time is left, and nothing listening only within
    /// ``refusedWindow`` of `started`.
    private static func mayRetry(
        _ error: SeenStoreError.ServerError, started: ContinuousClock.Instant, pause: UInt32,
        deadline: ContinuousClock.Instant
    ) -> Bool {
        guard isTemporary(error) else { return false }
        let next = ContinuousClock.now + .microseconds(pause)
        if isNothingListening(error), next > started + refusedWindow { return false }
        return next < deadline
    }

    /// Whether nothing listens where the connection went: refused, or no socket file. A
    /// standby that answered while another host refused is a failover under way, not that.
    private static func isNothingListening(_ error: SeenStoreError.ServerError) -> Bool {
        switch error.kind {
        case .connectionRefused: return true
        case .readOnlyServer: return false
        default: break
        }
        let lower = error.message.lowercased()
        let starting = [
            "starting up", "recovery mode", "shutting down", "not yet accepting connections",
        ]
        guard !starting.contains(where: { lower.contains($0) }) else { return false }
        return lower.contains("connection refused") || lower.contains("no such file or directory")
    }

    /// How long connecting may keep trying: the URI's `connect_timeout`, 10 s without one.
    private static func budget(_ info: PostgresConnectionInfo) -> Duration {
        .seconds(info.connectTimeout ?? PostgresConnectionInfo.defaultConnectTimeout)
    }

    /// Whether a failed connection attempt may succeed when tried again soon: nothing listens
    /// yet (a restart), or the server is starting up, recovering or shutting down (SQLSTATE
    /// 57P03 and 57P01, which libpq reports as text only). A URI whose reachable hosts are
    /// standbys is tried again only when another of its hosts is in one of those states (a
    /// primary restarting, or a failover under way); with standbys alone it fails at once.
    private static func isTemporary(_ error: SeenStoreError.ServerError) -> Bool {
        switch error.kind {
        case .connectionRefused: return true
        case .connectionFailed, .readOnlyServer:
            let lower = error.message.lowercased()
            return [
                "the database system is starting up", "the database system is in recovery mode",
                "the database system is shutting down", "not yet accepting connections",
                "server closed the connection unexpectedly", "no such file or directory",
                "connection refused",
            ].contains { lower.contains($0) }
        default: return false
        }
    }

    deinit { PQfinish(handle) }

    // MARK: - State

    /// Whether the connection is usable (`CONNECTION_OK`).
    var isConnected: Bool { !abandoned && PQstatus(handle) == CONNECTION_OK }

    /// `host:port/dbname` of the server this connection reached (after a failover, the one
    /// it is on now); while disconnected, every host the URI names.
    var location: String {
        guard isConnected, let host = PQhost(handle), let port = PQport(handle),
            let database = PQdb(handle)
        else {
            return info.location(environment: environment, connection: handle)
        }
        return info.scrub(
            PostgresConnectionInfo.hostAndPort(String(cString: host), String(cString: port))
                + "/" + String(cString: database))
    }

    /// The server's version, as `SHOW server_version` gives it, from the connection's start.
    var serverVersion: String? {
        PQparameterStatus(handle, "server_version").map { String(cString: $0) }
    }

    /// The role the session runs as.
    var user: String? { PQuser(handle).map { String(cString: $0) } }

    // MARK: - Reconnecting

    /// Opens the connection again with the same parameters (`PQreset`): every host in order,
    /// so a promoted standby is found through `target_session_attrs=read-write`.
    ///
    /// A server that is restarting refuses connections for a moment, so a refused attempt is
    /// repeated, with a growing pause, until the connect timeout (10 s without one) has passed.
    ///
    /// - Throws: ``SeenStoreError/ServerError`` for the last failed attempt.
    func reconnect() throws(SeenStoreError.ServerError) {
        prepared.removeAll()
        inTransaction = false
        if deadline != nil {
            abandoned = false
            try reconnectBeforeDeadline()
            return
        }
        let started = ContinuousClock.now
        let deadline = started + Self.budget(info)
        var pause: UInt32 = 50_000
        while true {
            PQreset(handle)
            if isConnected { break }
            let error = Self.connectionError(handle, info: info, environment: environment)
            let mayRetry: Bool
            switch error.kind {
            // A standby answering while the primary is away: a failover may be under way.
            case .connectionRefused, .connectionFailed, .readOnlyServer:
                mayRetry =
                    !Self.isNothingListening(error)
                    || ContinuousClock.now + .microseconds(pause) <= started + Self.refusedWindow
            default: mayRetry = false
            }
            guard mayRetry, ContinuousClock.now < deadline else { throw error }
            usleep(pause)
            pause = min(pause * 2, 1_000_000)
        }
    }

    /// Why the last connection attempt failed, sorted into the cases a user can act on.
    ///
    /// libpq reports a failed connection as text only (no SQLSTATE), one line per host tried;
    /// the texts it and the server send in the C locale are matched here.
    func connectionError() -> SeenStoreError.ServerError {
        Self.connectionError(handle, info: info, environment: environment)
    }

    /// ``connectionError()`` of a connection attempt.
    private static func connectionError(
        _ handle: OpaquePointer, info: PostgresConnectionInfo, environment: [String: String]
    ) -> SeenStoreError.ServerError {
        let raw = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        // The server's severity word adds nothing to "cannot connect".
        let message = info.scrub(
            CharacterSafety.oneLine(raw).replacingAll("FATAL:  ", with: ""))
        let location = info.location(environment: environment, connection: handle)
        let lower = message.lowercased()
        let kind: SeenStoreError.ServerError.Kind
        if lower.contains("timeout expired") {
            kind = .timedOut(
                seconds: info.connectTimeout ?? PostgresConnectionInfo.defaultConnectTimeout)
        } else if lower.contains("password authentication failed")
            || lower.contains("no password supplied") || lower.contains("authentication failed")
            || lower.contains("no pg_hba.conf entry")
            || (lower.contains("role \"") && lower.contains("does not exist"))
        {
            kind = .authenticationFailed
        } else if lower.contains("database \"") && lower.contains("does not exist") {
            kind = .noSuchDatabase
        } else if lower.contains("session is read-only") || lower.contains("hot standby")
            || lower.contains("could not make a writable connection")
        {
            // Checked before "connection refused": a list of hosts whose reachable one is a
            // standby also reports the refused ones.
            kind = .readOnlyServer
        } else if lower.contains("could not translate host name") {
            kind = .unknownHost
        } else if lower.contains("connection refused") {
            kind = .connectionRefused
        } else {
            kind = .connectionFailed
        }
        return SeenStoreError.ServerError(kind: kind, location: location, message: message)
    }

    // MARK: - Running statements

    /// Runs fixed SQL with no values (one or more statements: schema changes, `BEGIN`).
    @discardableResult
    func execute(_ sql: String) throws(PostgresFailure) -> PostgresResult {
        try check(
            run(send: { PQsendQuery(handle, sql) }, blocking: { PQexec(handle, sql) }), sql: sql,
            operation: .execute)
    }

    /// Runs `sql` once with `parameters` (text, `nil` for `NULL`), unprepared: for statements
    /// too rare to keep prepared.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?]) throws(PostgresFailure) -> PostgresResult {
        try withParameters(parameters, sql: sql) { count, values in
            run(
                send: { PQsendQueryParams(handle, sql, count, nil, values, nil, nil, 0) },
                blocking: { PQexecParams(handle, sql, count, nil, values, nil, nil, 0) })
        }
    }

    /// Runs a prepared statement with `parameters`, preparing it first on this connection if
    /// it is not yet; unnamed (`PQexecParams`) once the connection uses unnamed statements.
    ///
    /// A named statement the server does not hold (SQLSTATE 26000: a pooler ran it on another
    /// server connection) switches the connection to unnamed statements and runs it again
    /// unnamed; inside a transaction, which that error aborted, the failure is thrown for the
    /// caller to repeat the transaction.
    @discardableResult
    func execute(
        _ statement: Prepared, _ parameters: [String?]
    ) throws(PostgresFailure) -> PostgresResult {
        if !unnamedStatements {
            try prepare(statement)
        }
        if !unnamedStatements {
            do {
                return try withParameters(parameters, sql: statement.sql) { count, values in
                    run(
                        send: {
                            PQsendQueryPrepared(handle, statement.name, count, values, nil, nil, 0)
                        },
                        blocking: {
                            PQexecPrepared(handle, statement.name, count, values, nil, nil, 0)
                        })
                }
            } catch {
                guard Self.isPoolerStatementFailure(error) else { throw error }
                useUnnamedStatements()
                if inTransaction { throw error }
            }
        }
        return try statement.parameterTypes.withUnsafeBufferPointer {
            types throws(PostgresFailure) in
            try withParameters(parameters, sql: statement.sql) { count, values in
                run(
                    send: {
                        PQsendQueryParams(
                            handle, statement.sql, count, types.baseAddress, values, nil, nil, 0)
                    },
                    blocking: {
                        PQexecParams(
                            handle, statement.sql, count, types.baseAddress, values, nil, nil, 0)
                    })
            }
        }
    }

    /// Whether `failure` says that named statements do not stay with this connection: one
    /// the server does not hold (26000) or holds already (42P05).
    static func isPoolerStatementFailure(_ failure: PostgresFailure) -> Bool {
        failure.sqlState == "26000" || failure.sqlState == "42P05"
    }

    /// From now on, every statement of this connection runs unnamed.
    func useUnnamedStatements() {
        unnamedStatements = true
        prepared.removeAll()
    }

    /// Prepares `statement` on this connection unless it already is, or the connection runs
    /// unnamed statements.
    ///
    /// A name the server holds already (SQLSTATE 42P05: a pooler gave this client a server
    /// connection another client prepared it on) switches the connection to unnamed
    /// statements; inside a transaction, which that error aborted, the failure is thrown.
    func prepare(_ statement: Prepared) throws(PostgresFailure) {
        guard !unnamedStatements, !prepared.contains(statement.name) else { return }
        let result = statement.parameterTypes.withUnsafeBufferPointer { types in
            run(
                send: {
                    PQsendPrepare(
                        handle, statement.name, statement.sql, Int32(types.count),
                        types.baseAddress)
                },
                blocking: {
                    PQprepare(
                        handle, statement.name, statement.sql, Int32(types.count),
                        types.baseAddress)
                })
        }
        do {
            try check(result, sql: statement.sql, operation: .prepare)
        } catch {
            guard Self.isPoolerStatementFailure(error) else { throw error }
            useUnnamedStatements()
            if inTransaction { throw error }
            return
        }
        prepared.insert(statement.name)
    }

    /// Calls `body` with the parameters as C strings that live for the call.
    ///
    /// - Throws: SQLSTATE `22021` (PostgreSQL's own code for a NUL byte in text) for a value
    ///   holding a NUL character, which a C string would silently cut short.
    private func withParameters(
        _ parameters: [String?], sql: String,
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>) -> OpaquePointer?
    ) throws(PostgresFailure) -> PostgresResult {
        for parameter in parameters where parameter?.utf8.contains(0) == true {
            throw PostgresFailure(
                sqlState: "22021", message: "a value holds a NUL character", sql: sql,
                operation: .execute, connectionLost: false)
        }
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer {
            for copy in copies { free(copy) }
        }
        let pointers = copies.map { $0.map { UnsafePointer($0) } }
        let result = pointers.withUnsafeBufferPointer { buffer in
            body(Int32(buffer.count), buffer.baseAddress!)
        }
        return try check(result, sql: sql, operation: .execute)
    }

    /// The result, or the failure it reports.
    @discardableResult
    private func check(
        _ result: OpaquePointer?, sql: String, operation: PostgresFailure.Operation
    ) throws(PostgresFailure) -> PostgresResult {
        let wrapped = result.map(PostgresResult.init)
        if let wrapped, wrapped.succeeded { return wrapped }
        let fallback =
            abandoned
            ? "the server did not answer within the network budget"
            : PQerrorMessage(handle).map { String(cString: $0) } ?? "no result"
        let message =
            wrapped?.errorField(Int(WALKTHROUGH_PG_DIAG_MESSAGE_PRIMARY))
            ?? (wrapped.flatMap { PQresultErrorMessage($0.handle) }.map { String(cString: $0) })
            .flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        throw PostgresFailure(
            sqlState: wrapped?.errorField(Int(WALKTHROUGH_PG_DIAG_SQLSTATE)),
            message: info.scrub(CharacterSafety.oneLine(message)),
            detail: wrapped?.errorField(Int(WALKTHROUGH_PG_DIAG_MESSAGE_DETAIL)).map {
                info.scrub(CharacterSafety.oneLine($0))
            },
            sql: sql, operation: operation, connectionLost: !isConnected)
    }

    // MARK: - Transactions

    /// Starts the read-only transaction a read-only connection runs each store call in
    /// (nothing is set for the session, which a pooler shares between clients).
    ///
    /// - Returns: Whether it started one, for ``endCall(_:failed:)``.
    func beginCall() throws(PostgresFailure) -> Bool {
        guard readOnly, !inTransaction else { return false }
        try execute("BEGIN READ ONLY")
        inTransaction = true
        return true
    }

    /// Ends what ``beginCall()`` started: `COMMIT`, or `ROLLBACK` when the call `failed`.
    func endCall(_ began: Bool, failed: Bool) throws(PostgresFailure) {
        guard began else { return }
        inTransaction = false
        if failed {
            if isConnected { _ = try? execute("ROLLBACK") }
        } else {
            try execute("COMMIT")
        }
    }

    /// Runs `body` in one transaction: `BEGIN` (`BEGIN READ ONLY` on a read-only
    /// connection), then `COMMIT`, or `ROLLBACK` when `body` throws. With `commit: false` the
    /// transaction is always rolled back (a dry run). Inside a transaction already, `body` runs
    /// in it.
    func transaction<Result>(
        commit: Bool = true, _ body: () throws(PostgresFailure) -> Result
    ) throws(PostgresFailure) -> Result {
        if inTransaction { return try body() }
        try execute(readOnly ? "BEGIN READ ONLY" : "BEGIN")
        inTransaction = true
        defer { inTransaction = false }
        let result: Result
        do {
            result = try body()
        } catch {
            if isConnected { _ = try? execute("ROLLBACK") }
            throw error
        }
        try execute(commit ? "COMMIT" : "ROLLBACK")
        return result
    }
}
