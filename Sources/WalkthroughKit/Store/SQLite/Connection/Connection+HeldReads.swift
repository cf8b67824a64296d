import CSQLite

extension Connection {
    /// Begins a call on the connection: when it takes part in ``HeldReads``, in a held read
    /// transaction, begun now unless one is open or a writer of the process is at work (its
    /// shared lock is taken by the first read). End the call with ``endCall()``, or, when it
    /// throws, with ``endHeldRead()``.
    func beginCall() {
        guard heldSince == 0, let heldReads, heldReads.mayHold, isAutocommit else { return }
        // A `BEGIN` that fails leaves the call to read on its own, as without holding.
        guard (try? runTransactionStatement(&deferredBegin, "BEGIN")) != nil else { return }
        heldSince = MonotonicClock.nanoseconds()
        heldReads.didBegin()
    }

    /// Ends a call that returned: its held read transaction ends when old enough or a writer
    /// began. A write the call made outside `BEGIN IMMEDIATE` is committed now.
    ///
    /// - Throws: What the commit of such a write threw (the write is rolled back).
    func endCall() throws(SQLiteError) {
        guard heldSince != 0, let heldReads else { return }
        if sqlite3_txn_state(handle, nil) == SQLITE_TXN_WRITE {
            try commitHeldTransaction()
        } else if heldReads.mustEnd(heldSince: heldSince) {
            endHeldRead()
        }
    }

    /// Runs `body`, which writes, as a writer of ``HeldReads``: the connection's held read
    /// transaction ends first (a write begun in it could not wait for the lock), and the
    /// process's other connections hold none until `body` returns.
    func writing<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let heldReads else { return try body() }
        endHeldRead()
        heldReads.writerBegan()
        defer { heldReads.writerEnded() }
        return try body()
    }

    /// Ends the held read transaction if one is open and began at least `age` nanoseconds ago.
    func endHeldRead(olderThan age: UInt64) {
        guard heldSince != 0, MonotonicClock.nanoseconds() &- heldSince >= age else { return }
        endHeldRead()
    }

    /// Ends the held read transaction, if one is open. A read transaction has nothing to write:
    /// should its `COMMIT` fail, it is rolled back.
    func endHeldRead() {
        try? commitHeldTransaction()
    }

    /// Commits the held transaction, if one is open; when the `COMMIT` fails, rolls it back and
    /// throws what it threw.
    private func commitHeldTransaction() throws(SQLiteError) {
        guard heldSince != 0 else { return }
        heldSince = 0
        heldReads?.didEnd()
        // SQLite may have ended it already (an error that rolled it back).
        guard !isAutocommit else { return }
        do {
            try runTransactionStatement(&commit, "COMMIT")
        } catch {
            rollback()
            throw error
        }
    }
}
