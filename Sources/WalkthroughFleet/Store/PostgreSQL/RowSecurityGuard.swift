/// Row security on PostgreSQL tables added after the records' own.
package enum RowSecurityGuard {
    /// One PostgreSQL block that runs `statements` (a new table's policies) only when the
    /// records' table has row security on (a store migrated after `walkthrough db migrate
    /// --row-security`), so every table a later schema version adds is secured exactly when
    /// the records are. Used by each migration that adds a table a bound role reads or writes.
    package static func whenRecordsAreSecured(_ statements: [String]) -> String {
        """
        DO $$
        BEGIN
            IF (SELECT relrowsecurity FROM pg_class
                WHERE oid = to_regclass(format('%I.walkthrough_seen', current_schema())))
            THEN
                \(statements.joined(separator: ";\n        "));
            END IF;
        END
        $$
        """
    }
}
