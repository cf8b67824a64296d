import CSQLite
import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// The internal SQLite layer: connection, statements, cache, errors.
struct SQLiteLayerTests {
    let folder: TemporaryFolder
    let connection: Connection

    init() throws {
        folder = try TemporaryFolder()
        connection = try Connection(
            path: folder.file("layer.sqlite3"), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY, n INTEGER NOT NULL)")
    }

    @Test func aFailedOpenThrowsWithTheCodeAndThePath() throws {
        let path = folder.file("missing/folder/x.sqlite3")
        let error = try #require(throws: SQLiteError.self) {
            try Connection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        }
        #expect(error.resultCode == SQLITE_CANTOPEN)
        #expect(error.operation == .open)
        #expect(error.path == path)
        #expect(error.description.contains(path))
    }

    @Test func aStatementThatDoesNotCompileCarriesItsSQLAndMessage() throws {
        let error = try #require(throws: SQLiteError.self) {
            try connection.cachedStatement("SELEC k FROM t")
        }
        #expect(error.resultCode == SQLITE_ERROR)
        #expect(error.operation == .prepare)
        #expect(error.sql == "SELEC k FROM t")
        #expect(error.message.contains("syntax error"))
    }

    @Test func theCacheReusesOnePreparedStatementPerSQL() throws {
        let first = try connection.cachedStatement("SELECT n FROM t WHERE k = ?1")
        let second = try connection.cachedStatement("SELECT n FROM t WHERE k = ?1")
        let other = try connection.cachedStatement("SELECT k FROM t")
        #expect(first === second)
        #expect(first !== other)
    }

    @Test func aStatementThatFailedIsDroppedFromTheCache() throws {
        let insert = "INSERT INTO t (k, n) VALUES (?1, ?2)"
        let prepared = try connection.cachedStatement(insert)
        try connection.withStatement(insert) { statement throws(SQLiteError) in
            try statement.bind("a", at: 1)
            try statement.bind(1, at: 2)
            try statement.run()
        }
        #expect(try connection.cachedStatement(insert) === prepared)

        let error = try #require(throws: SQLiteError.self) {
            try connection.withStatement(insert) { statement throws(SQLiteError) in
                try statement.bind("a", at: 1)  // duplicate key
                try statement.bind(2, at: 2)
                try statement.run()
            }
        }
        #expect(error.resultCode == SQLITE_CONSTRAINT)
        #expect(error.extendedCode != error.resultCode)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error.sql == insert)
        #expect(try connection.cachedStatement(insert) !== prepared)
    }

    @Test(arguments: ["", "plain", "nul\u{0}inside", "😀 用户", String(repeating: "x", count: 10_000)])
    func textIsBoundByItsBytesAndCopied(text: String) throws {
        try connection.withStatement("INSERT INTO t (k, n) VALUES (?1, 0)") {
            statement throws(SQLiteError) in
            // A string built here and gone before the statement runs: SQLite must have copied it.
            do {
                let temporary = String(text.unicodeScalars.map(Character.init))
                try statement.bind(temporary, at: 1)
            }
            try statement.run()
        }
        let stored = try connection.withStatement(
            "SELECT k, typeof(k), length(CAST(k AS BLOB)) FROM t"
        ) {
            statement throws(SQLiteError) in
            _ = try statement.step()
            return (statement.text(at: 0), statement.text(at: 1), statement.int(at: 2))
        }
        #expect(Array(stored.0.utf8) == Array(text.utf8))
        #expect(stored.1 == "text")
        #expect(stored.2 == text.utf8.count)
    }

    @Test func aTransactionThatThrowsIsRolledBack() throws {
        #expect(throws: SQLiteError.self) {
            try connection.immediateTransaction { () throws(SQLiteError) in
                try connection.execute("INSERT INTO t (k, n) VALUES ('a', 1)")
                try connection.execute("INSERT INTO t (k, n) VALUES ('a', 2)")
            }
        }
        #expect(connection.isAutocommit)
        #expect(try connection.execute("SELECT count(*) FROM t") == "0")
    }

    @Test func aCommittedTransactionKeepsItsWrites() throws {
        let changes = try connection.immediateTransaction { () throws(SQLiteError) in
            try connection.execute("INSERT INTO t (k, n) VALUES ('a', 1), ('b', 2)")
            return connection.changes
        }
        #expect(changes == 2)
        #expect(try connection.execute("SELECT sum(n) FROM t") == "3")
    }
}
