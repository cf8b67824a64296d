package import WalkthroughKit

extension PostgresSeenStore {
    /// How a ``PostgresSeenStore`` opens its tables.
    package struct Options: Sendable, Hashable {
        /// Whether to create the store's tables when they do not exist yet. Default: `true`.
        /// Without it, missing tables give ``SeenStoreError/databaseMissing(path:)``.
        package var createIfMissing: Bool
        /// Whether the store only reads. Default: `false`.
        ///
        /// A read-only store creates and migrates nothing, and each of its calls runs in a
        /// read-only transaction (`BEGIN READ ONLY`; nothing is set for the session, which a
        /// pooler would hand to other clients), so the server refuses any write through it; every
        /// write method throws ``SeenStoreError/server(_:)`` of kind
        /// ``SeenStoreError/ServerError/Kind/readOnly``. Missing tables give
        /// ``SeenStoreError/databaseMissing(path:)``: nothing has been recorded there. The
        /// command's `seen`, `status`, `list` and `export` open their store this way.
        package var readOnly: Bool
        /// When set, no network wait of the store goes past this much time from the moment
        /// it is opened or from ``PostgresSeenStore/restartNetworkBudget()``: libpq's
        /// non-blocking calls under a deadline, for the replica. `nil`: libpq waits as it
        /// documents.
        package var networkBudget: Duration?

        /// Options with the given values.
        package init(createIfMissing: Bool = true, readOnly: Bool = false) {
            self.createIfMissing = createIfMissing
            self.readOnly = readOnly
        }
    }

    /// What opening leaves: the connection, ready, and what row security says.
    struct Opened {
        var connection: PostgresConnection
        var schemaVersion: Int
        var rowSecurity: Bool
        var enforcedUser: String?
    }

    /// What opening reads before writing anything.
    private struct State {
        /// The first schema of the search path, if it exists.
        var schema: String?
        /// Whether `walkthrough_schema` exists there.
        var hasVersionTable: Bool
        /// Whether `walkthrough_seen` exists there.
        var hasSeenTable: Bool
        /// The stored schema version; 0 without the version table.
        var version: Int
    }

    /// Connects, checks and if needed creates or migrates the store's tables.
    ///
    /// The order mirrors ``SQLiteSeenStore``'s: everything that could make us refuse the store
    /// is read before the first write, so a refused store is left as it was.
    ///
    /// 1. The URI is read by libpq's parser and the connection made (every host in order).
    /// 2. One read gives the schema the tables live in and which tables exist; then the stored
    ///    version. A newer schema, or a `walkthrough_seen` table without a version, is refused.
    /// 3. Missing tables, or an older version: a store that may create them takes the
    ///    advisory lock in a transaction, reads the state again (another process may have
    ///    done it meanwhile) and runs the pending migrations; one that may not (read-only, or
    ///    without `createIfMissing`) reports ``SeenStoreError/databaseMissing(path:)``.
    /// 4. The hot statements are prepared, which proves that the table has every column.
    /// 5. Whether row security binds this role, for ``enforcedUser``.
    static func openConnection(
        url: String, options: Options, environment: [String: String]
    ) throws(SeenStoreError) -> Opened {
        let info: PostgresConnectionInfo
        let connection: PostgresConnection
        do {
            info = try PostgresConnectionInfo(uri: url, environment: environment)
            connection = try PostgresConnection(
                info: info, environment: environment,
                deadline: options.networkBudget.map { ContinuousClock.now + $0 },
                readOnly: options.readOnly)
        } catch {
            throw .server(error)
        }
        // A server that goes away between connecting and the first statements (a restart)
        // is connected to again and opening starts over, for as long as the connect timeout.
        let deadline =
            ContinuousClock.now
            + .seconds(info.connectTimeout ?? PostgresConnectionInfo.defaultConnectTimeout)
        while true {
            do {
                return try openTables(
                    connection, options: options, location: connection.location)
            } catch {
                guard case .server(let failure) = error, failure.kind == .connectionFailed,
                    ContinuousClock.now < deadline
                else { throw error }
            }
            do {
                try connection.reconnect()
            } catch {
                throw .server(error)
            }
        }
    }

    /// Steps 2 to 5 of ``openConnection(url:options:environment:)``.
    private static func openTables(
        _ connection: PostgresConnection, options: Options, location: String
    ) throws(SeenStoreError) -> Opened {
        func fail(_ error: PostgresFailure) -> SeenStoreError {
            .server(storeError(error, location: location))
        }
        do {
            var state = try readState(connection)
            if let refusal = refusal(state, location: location) { throw refusal }
            // Tables are created by a store that may create them; an older schema is migrated
            // by any store that writes, and read as it is by one that only reads (a version-1
            // store has no events yet).
            let missing = !state.hasSeenTable
            let mayWrite =
                missing ? options.createIfMissing && !options.readOnly : !options.readOnly
            if missing || state.version < PostgresSchema.currentVersion, !mayWrite, missing {
                if !state.hasVersionTable { throw SeenStoreError.databaseMissing(path: location) }
                throw SeenStoreError.server(
                    SeenStoreError.ServerError(
                        kind: .unrecognizedSchema, location: location,
                        message: "it has schema version \(state.version), which only a "
                            + "store that writes can bring up to "
                            + "\(PostgresSchema.currentVersion)"))
            }
            if missing || state.version < PostgresSchema.currentVersion, mayWrite {
                guard state.schema != nil else {
                    throw SeenStoreError.server(
                        SeenStoreError.ServerError(
                            kind: .noSchema, location: location,
                            message: "the first schema of the search_path does not exist"))
                }
                state = try migrate(connection, location: location)
            }
            // Tables read as they are from before snooze have no snoozed_until to write.
            let statements =
                state.version >= 7
                ? [SQL.record, SQL.hasSeen, SQL.markSeen, SQL.saveProgress]
                : [SQL.recordBeforeSnooze, SQL.hasSeen]
            for statement in statements {
                try connection.prepare(statement)
            }
            let security = try connection.execute(PostgresSchema.rowSecuritySQL)
            let enabled = security.rowCount > 0 && security.text(0, 0) == "t"
            let binds = security.rowCount > 0 && security.text(0, 1) == "t"
            return Opened(
                connection: connection, schemaVersion: state.version, rowSecurity: enabled,
                enforcedUser: binds ? security.text(0, 2) : nil)
        } catch let error as SeenStoreError {
            throw error
        } catch let error as PostgresFailure {
            throw fail(error)
        } catch {
            throw fail(
                PostgresFailure(
                    message: "\(error)", operation: .execute, connectionLost: false))
        }
    }

    private static func readState(_ connection: PostgresConnection) throws(PostgresFailure) -> State
    {
        let result = try connection.execute(PostgresSchema.stateSQL)
        var state = State(
            schema: result.text(0, 0), hasVersionTable: result.text(0, 1) == "t",
            hasSeenTable: result.text(0, 2) == "t", version: 0)
        if state.hasVersionTable {
            let version = try connection.execute(PostgresSchema.versionSQL)
            state.version = version.rowCount == 0 ? 0 : Int(version.int64(0, 0) ?? 0)
        }
        return state
    }

    /// The refusal for tables that are not (or not yet) a store at a version we know.
    private static func refusal(_ state: State, location: String) -> SeenStoreError? {
        if state.version > PostgresSchema.currentVersion {
            return .server(
                SeenStoreError.ServerError(
                    kind: .newerSchema(
                        found: state.version, supported: PostgresSchema.currentVersion),
                    location: location, message: ""))
        }
        if state.hasSeenTable && state.version == 0 {
            return .server(
                SeenStoreError.ServerError(
                    kind: .unrecognizedSchema, location: location,
                    message: "a walkthrough_seen table is there without a walkthrough_schema "
                        + "version"))
        }
        return nil
    }

    /// Runs the pending migrations in one transaction under the advisory lock, reading the
    /// state again once the lock is held.
    ///
    /// - Returns: The state after migrating.
    private static func migrate(
        _ connection: PostgresConnection, location: String
    ) throws -> State {
        var retries = 0
        while true {
            do {
                return try migrateOnce(connection, location: location)
            } catch let error as PostgresFailure where error.isTransient && retries < 5 {
                retries += 1
            }
        }
    }

    private static func migrateOnce(
        _ connection: PostgresConnection, location: String
    ) throws -> State {
        let outcome = try connection.transaction {
            () throws(PostgresFailure) -> Result<State, SeenStoreError> in
            try connection.execute(PostgresSchema.lockSQL)
            let state = try readState(connection)
            if let refusal = refusal(state, location: location) { return .failure(refusal) }
            let pending = PostgresSchema.pending(from: state.version)
            guard !pending.isEmpty else { return .success(state) }
            if !state.hasVersionTable { try connection.execute(PostgresSchema.createVersionTable) }
            for migration in pending {
                for statement in migration.statements { try connection.execute(statement) }
            }
            try connection.execute(
                """
                INSERT INTO walkthrough_schema (version) VALUES ($1)
                ON CONFLICT (only_row) DO UPDATE SET version = excluded.version
                """, [String(PostgresSchema.currentVersion)])
            return .success(try readState(connection))
        }
        return try outcome.get()
    }
}

extension PostgresSeenStore {
    /// A PostgreSQL server: a `postgresql://` or `postgres://` URL, opened through the local
    /// replica unless `WALKTHROUGH_REPLICA=off` (``Fleet/enable()`` registers it).
    package enum Driver: SeenStoreDriver {
        package static let backend = SeenStoreBackend.postgresql
        package static func claims(_ location: String) -> Bool { isURL(location) }
        package static func displayed(_ location: String) -> String {
            FleetURL.displayed(location)
        }
        package static func open(
            _ location: String, options: StoreOpenOptions, environment: [String: String]
        ) throws(SeenStoreError) -> any AdministeredSeenStore {
            let replica = try ReplicaSettings(url: location, environment: environment)
            // Nothing of the fleet is on this machine without a replica.
            if options.localOnly, replica.path == nil { throw .databaseMissing(path: location) }
            if replica.path != nil {
                return try ReplicaSeenStore(
                    url: location, settings: replica, options: options, environment: environment)
            }
            return try PostgresSeenStore(
                url: location,
                options: Options(
                    createIfMissing: options.createIfMissing, readOnly: options.readOnly),
                environment: environment)
        }
    }
}
