extension SeenStoreError {
    /// Why a `PostgresSeenStore` (`WalkthroughFleet`) could not connect or carry out a call: what failed, where
    /// (`host:port/dbname`), the server's SQLSTATE and message.
    ///
    /// The store throws it wrapped in ``SeenStoreError/server(_:)``, so that a tool handles both
    /// stores' errors in one place (the `walkthrough` command exits 74 for it). Its ``description``
    /// is one line that says what failed, where, and what to do. No part of it ever holds the
    /// password: the location comes from the parsed URI or the connection, and every message from
    /// libpq or the server has had the password removed.
    public struct ServerError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong, as far as a user needs to tell the cases apart.
        public enum Kind: Sendable, Hashable {
            /// libpq refused the URI itself (a bad port number, an unknown parameter, …).
            case invalidURL
            /// Nothing accepted the connection at that host and port.
            case connectionRefused
            /// The host name could not be resolved.
            case unknownHost
            /// The server refused the login: wrong or missing password, unknown role, or no
            /// `pg_hba.conf` entry for it.
            case authenticationFailed
            /// The server has no database of that name.
            case noSuchDatabase
            /// The server did not answer within `seconds` (libpq's `connect_timeout`, per host).
            case timedOut(seconds: Int)
            /// The connection failed in another way (TLS, a server shutting down, too many
            /// connections, …), or was lost and could not be opened again.
            case connectionFailed
            /// The store's tables were created by a newer version of WalkthroughKit.
            case newerSchema(found: Int, supported: Int)
            /// Tables of the store's names exist but are not what the store needs.
            case unrecognizedSchema
            /// The first schema of the `search_path` does not exist, so there is nowhere to put the
            /// store's tables.
            case noSchema
            /// The role may not do what was asked: create the tables, read or change them, or a
            /// record row security keeps from it.
            case permissionDenied
            /// A write on a store opened read-only, or on a server that only reads (a standby).
            case readOnly
            /// Every server the URI names that answered only reads (a hot standby), and the
            /// connection asked for one that writes (`target_session_attrs=read-write`).
            case readOnlyServer
            /// A value PostgreSQL text cannot hold: a user name or walkthrough id with a NUL
            /// character.
            case unsupportedValue
            /// Any other failure the server reported; its SQLSTATE is in ``sqlState``.
            case failed
        }

        /// What went wrong.
        public var kind: Kind
        /// Where: `host:port/dbname`, every host of a multi-host URI in order; the URI without its
        /// password when it could not be read.
        public var location: String
        /// The server's SQLSTATE (`28P01`, `40001`, …), when the server reported the failure.
        public var sqlState: String?
        /// The server's or libpq's message, on one line, without the password.
        public var message: String

        /// An error of `kind` at `location`.
        public init(kind: Kind, location: String, sqlState: String? = nil, message: String) {
            self.kind = kind
            self.location = location
            self.sqlState = sqlState
            self.message = message
        }

        /// One line: what failed, where, why (the server's words), and what to do.
        public var description: String {
            let server = "the PostgreSQL server at \(location)"
            let because = message.isEmpty ? "" : " (\(message))"
            let code = sqlState.map { "; SQLSTATE \($0)" } ?? ""
            switch kind {
            case .invalidURL:
                return
                    "the walkthrough store URL \(location) is not a valid libpq URI\(because); "
                    + "write it as postgresql://user@host:port/dbname"
            case .connectionRefused:
                return
                    "cannot connect to \(server): connection refused; check that the server is "
                    + "running and listens on that host and port"
            case .unknownHost:
                return
                    "cannot connect to \(server): the host name is not known\(because); check the "
                    + "host in the URL"
            case .authenticationFailed:
                return
                    "\(server) refused the login: authentication failed\(because); check the user "
                    + "name and the password (PGPASSWORD or ~/.pgpass) and the server's pg_hba.conf"
            case .noSuchDatabase:
                return
                    "\(server) has no such database\(because); create it (createdb) or name an "
                    + "existing database in the URL"
            case .timedOut(let seconds):
                return
                    "connecting to \(server) timed out after \(seconds) s; check that the host and "
                    + "port are right and that the server answers, or raise connect_timeout in the URL"
            case .connectionFailed:
                return
                    "cannot connect to \(server)\(because); check that the server is up and "
                    + "accepts this client, then try again"
            case .newerSchema(let found, let supported):
                return
                    "the walkthrough store at \(location) was created by a newer version of "
                    + "walkthrough (schema version \(found); this version knows up to "
                    + "\(supported)); it was left untouched: upgrade walkthrough"
            case .unrecognizedSchema:
                return
                    "the walkthrough store at \(location) has tables that do not fit\(because); it "
                    + "was left untouched: point at another schema (options=-csearch_path=NAME)"
            case .noSchema:
                return
                    "\(server) has no schema to hold the walkthrough tables\(because); create the "
                    + "schema named first in the search_path, or name an existing one with "
                    + "options=-csearch_path=NAME"
            case .permissionDenied where message.contains("row-level security"):
                return
                    "\(server) refused: permission denied\(because)\(code); row security lets "
                    + "this role change only the records of the user named like the role"
            case .permissionDenied:
                return
                    "\(server) refused: permission denied\(because)\(code); the tables must be "
                    + "created by a role that may (their owner), and this role granted SELECT, "
                    + "INSERT, UPDATE and DELETE on each of the store's tables and SELECT on "
                    + "walkthrough_schema"
            case .readOnly:
                return
                    "the walkthrough store at \(location) only reads\(because); nothing was "
                    + "changed: connect to the primary server (target_session_attrs=read-write)"
            case .readOnlyServer:
                return
                    "cannot connect to \(server) for writing: it is a read-only standby\(because); "
                    + "name the primary server in the URL (several hosts are tried in order)"
            case .unsupportedValue:
                return
                    "the walkthrough store at \(location) cannot hold this value\(because); "
                    + "PostgreSQL text has no NUL character"
            case .failed:
                return "\(server) refused the request\(because)\(code)"
            }
        }
    }
}
