import WalkthroughKit

/// The privileges the store's roles need, from the schema: an everyday role (every command, the
/// gate, the replica's pushes) and an administering one (`stats`, `reset --all-users`,
/// `events prune` under row security); and what a migration that adds or rebuilds a table
/// does about them.
enum PostgresGrants {
    /// Every table of the current schema (``PostgresSchema/currentVersion``) and what an
    /// everyday role needs of it. Identity columns need no grant on their sequences. A test
    /// checks this list against the tables a migrated store has.
    static let tables: [(name: String, privileges: String)] = [
        ("walkthrough_schema", "SELECT"),
        ("walkthrough_seen", readWrite),
        ("walkthrough_events", readWrite),
        ("walkthrough_goals", readWrite),
        ("walkthrough_pushes", readWrite),
        ("walkthrough_tombstones", readWrite),
        ("walkthrough_summaries", readWrite),
        ("walkthrough_summary_pages", readWrite),
        ("walkthrough_donations", readWrite),
    ]

    private static let readWrite = "SELECT, INSERT, UPDATE, DELETE"

    /// The statements that give `role` what it needs: one `GRANT` per set of privileges; for
    /// an administering role also `BYPASSRLS`, so that under row security it sees and resets
    /// every user's records (that one statement needs a superuser).
    static func statements(role: String, admin: Bool) -> [String] {
        let grantee = identifier(role)
        var byPrivileges: [(String, [String])] = []
        for (table, privileges) in tables {
            if let index = byPrivileges.firstIndex(where: { $0.0 == privileges }) {
                byPrivileges[index].1.append(table)
            } else {
                byPrivileges.append((privileges, [table]))
            }
        }
        var statements = byPrivileges.map { privileges, tables in
            "GRANT \(privileges) ON \(tables.joined(separator: ", ")) TO \(grantee)"
        }
        if admin { statements.append("ALTER ROLE \(grantee) BYPASSRLS") }
        return statements
    }

    /// `name` as a PostgreSQL identifier: as it is when it needs no quotes (lower-case
    /// letters, digits and `_`, not starting with a digit), else in double quotes with each
    /// double quote doubled.
    static func identifier(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: "_")
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            }
            && !(name.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                ?? false)
        guard !plain else { return name }
        return "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A `DO` block granting on `tables` what each role (other than the owner) holds of the
    /// four privileges on `source` (its ACL, `aclexplode`), in the first schema of the search
    /// path: an everyday role granted those on the store's events keeps working after a
    /// migration that adds or rebuilds a table.
    static func copy(from source: String, to tables: [String]) -> String {
        """
        DO $$
        DECLARE
            g record;
        BEGIN
            FOR g IN
                SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END
                        AS grantee,
                    a.privilege_type
                FROM pg_catalog.pg_class c
                CROSS JOIN LATERAL aclexplode(c.relacl) a
                LEFT JOIN pg_catalog.pg_roles r ON r.oid = a.grantee
                WHERE c.oid = to_regclass(format('%I.%I', current_schema(), '\(source)'))
                    AND a.grantee <> c.relowner
                    AND a.privilege_type IN ('SELECT', 'INSERT', 'UPDATE', 'DELETE')
            LOOP
                EXECUTE format('GRANT %s ON \(tables.joined(separator: ", ")) TO %s',
                    g.privilege_type, g.grantee);
            END LOOP;
        END
        $$
        """
    }
}
