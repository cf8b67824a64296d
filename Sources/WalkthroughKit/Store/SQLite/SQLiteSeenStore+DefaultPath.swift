import Glibc

extension SQLiteSeenStore {
    /// The database file the `walkthrough` command and embedding tools share unless told
    /// otherwise.
    ///
    /// In order: `$WALKTHROUGH_DB`; else `$XDG_STATE_HOME/walkthrough/seen.sqlite3`; else
    /// `~/.local/state/walkthrough/seen.sqlite3`, with the home folder from `$HOME` or, when that
    /// is unset, from the password database. Empty variables count as unset, and a relative
    /// `XDG_STATE_HOME` is ignored, as the XDG Base Directory specification asks; a relative
    /// `WALKTHROUGH_DB` is used as it is (relative to the current folder), like `--db`.
    ///
    /// The two default folders (`$XDG_STATE_HOME/walkthrough`, `~/.local/state/walkthrough`)
    /// are used only when they belong to this user and no one else may write to them, as ssh
    /// treats `~/.ssh`: another user who planted the folder, or a link to their own, would see
    /// and could swap the store. A folder that does not exist yet is fine; it is created 0700.
    /// A path the user names (`WALKTHROUGH_DB`, `--db`) is theirs to choose.
    ///
    /// - Throws: ``SeenStoreError/noHomeDirectory`` when nothing gives a location;
    ///   ``SeenStoreError/unsafeFolder(path:folder:reason:)`` when the default folder exists but
    ///   is not safe.
    public static func defaultPath() throws(SeenStoreError) -> String {
        try defaultPath(environment: Environment.process)
    }

    /// The default database file for the variables in `environment`: the rule of
    /// ``defaultPath()``, which reads the process's environment.
    package static func defaultPath(
        environment: some EnvironmentVariables
    ) throws(SeenStoreError) -> String {
        if let path = environment["WALKTHROUGH_DB"], !path.isEmpty {
            return path
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return try checked(FileSystem.joined(state, "walkthrough/seen.sqlite3"))
        }
        let home: String
        if let variable = environment["HOME"], !variable.isEmpty {
            home = variable
        } else if let entry = homeFromPasswordDatabase(), !entry.isEmpty {
            home = entry
        } else {
            throw .noHomeDirectory
        }
        return try checked(FileSystem.joined(home, ".local/state/walkthrough/seen.sqlite3"))
    }

    /// `path` once its folder has passed ``DatabaseFile/openStateFolder(of:)``, named by the
    /// folder that was checked.
    private static func checked(_ path: String) throws(SeenStoreError) -> String {
        try DatabaseFile.openStateFolder(of: path)
    }

    /// The effective user's home folder from the password database (`getpwuid_r`).
    static func homeFromPasswordDatabase() -> String? {
        PasswordDatabase.entry(for: geteuid())?.home
    }
}
