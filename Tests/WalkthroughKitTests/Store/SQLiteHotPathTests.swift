import CSQLite
import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// The store's hot paths: text bound without copying, and statements kept in slots.
struct SQLiteHotPathTests {
    let folder: TemporaryFolder
    let connection: Connection

    init() throws {
        folder = try TemporaryFolder()
        connection = try Connection(
            path: folder.file("hot.sqlite3"), flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try connection.execute("CREATE TABLE t (a TEXT NOT NULL, b TEXT NOT NULL)")
    }

    @Test(arguments: [
        ("plain", "bench"), ("", ""), ("nul\u{0}inside", "é"), ("😀 用户", "e\u{301}"),
        (String(repeating: "x", count: 10_000), "a"),
    ])
    func borrowedTextIsStoredByItsExactBytes(first: String, second: String) throws {
        try connection.withStatement("INSERT INTO t (a, b) VALUES (?1, ?2)") {
            statement throws(SQLiteError) in
            try statement.withBorrowedText(first, second) { () throws(SQLiteError) in
                try statement.run()
            }
        }
        let stored = try connection.withStatement("SELECT a, b, typeof(a) FROM t") {
            statement throws(SQLiteError) in
            _ = try statement.step()
            return (statement.text(at: 0), statement.text(at: 1), statement.text(at: 2))
        }
        #expect(Array(stored.0.utf8) == Array(first.utf8))
        #expect(Array(stored.1.utf8) == Array(second.utf8))
        #expect(stored.2 == "text")
    }

    @Test func borrowedTextIsUnboundWhenTheCallReturns() throws {
        let statement = try connection.cachedStatement("SELECT ?1, ?2")
        let inside = try statement.withBorrowedText("user", "walkthrough") {
            () throws(SQLiteError) in
            _ = try statement.step()
            return (statement.text(at: 0), statement.text(at: 1))
        }
        #expect(inside == ("user", "walkthrough"))
        // Run again without binding: SQLite no longer holds the borrowed pointers.
        #expect(try statement.step())
        #expect(sqlite3_column_type(statement.handle, 0) == SQLITE_NULL)
        #expect(sqlite3_column_type(statement.handle, 1) == SQLITE_NULL)
        statement.reset()
    }

    @Test func borrowedTextIsUnboundWhenTheBodyThrows() throws {
        let statement = try connection.cachedStatement("INSERT INTO t (a, b) VALUES (?1, ?2)")
        #expect(throws: SQLiteError.self) {
            try statement.withBorrowedText("a", "b") { () throws(SQLiteError) in
                try statement.bind(1, at: 3)  // there is no parameter 3
            }
        }
        // NOT NULL fails: the text bound before the error was cleared.
        let error = try #require(throws: SQLiteError.self) { try statement.run() }
        #expect(error.resultCode == SQLITE_CONSTRAINT)
        statement.reset()
    }

    @Test func aSlottedStatementIsPreparedOnceAndReused() throws {
        let slot = StatementSlot(index: 3, sql: "SELECT count(*) FROM t")
        let first = try connection.slottedStatement(slot)
        let count = try connection.withStatement(slot) { statement throws(SQLiteError) in
            _ = try statement.step()
            return statement.int(at: 0)
        }
        #expect(count == 0)
        #expect(try connection.slottedStatement(slot) === first)
    }

    @Test func aSlottedStatementThatFailedIsPreparedAfresh() throws {
        let slot = StatementSlot(index: 0, sql: "INSERT INTO t (a, b) VALUES (?1, ?2)")
        let prepared = try connection.slottedStatement(slot)
        #expect(throws: SQLiteError.self) {
            try connection.withStatement(slot) { statement throws(SQLiteError) in
                try statement.run()  // NULLs into NOT NULL columns
            }
        }
        #expect(try connection.slottedStatement(slot) !== prepared)
    }

    @Test func transactionsReuseTheirStatementsAndStillRollBack() throws {
        try connection.immediateTransaction { () throws(SQLiteError) in
            _ = try connection.execute("INSERT INTO t (a, b) VALUES ('x', 'y')")
        }
        #expect(throws: SQLiteError.self) {
            try connection.immediateTransaction { () throws(SQLiteError) in
                try connection.execute("INSERT INTO t (a, b) VALUES ('z', 'w')")
                try connection.execute("INSERT INTO t (a, b) VALUES (NULL, 'w')")
            }
        }
        #expect(connection.isAutocommit)
        #expect(try connection.execute("SELECT group_concat(a) FROM t") == "x")
    }
}
