/// What a migration that adds or rebuilds a table does about privileges: an everyday role
/// granted SELECT, INSERT, UPDATE and DELETE on the store's events keeps working after the
/// migration, because the same grants are copied onto the new tables.
enum PostgresGrants {
    /// A `DO` block granting on `tables` what each role (other than the owner) holds of the
    /// four privileges on `source` (its ACL, `aclexplode`), in the first schema of the search
    /// path.
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
