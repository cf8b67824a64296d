public import FoundationEssentials
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
    /// - Parameter environment: The variables to read; the process's environment by default.
    /// - Throws: ``SeenStoreError/noHomeDirectory`` when nothing gives a location.
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SeenStoreError) -> String {
        if let path = environment["WALKTHROUGH_DB"], !path.isEmpty {
            return path
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return joined(state, "walkthrough/seen.sqlite3")
        }
        let home: String
        if let variable = environment["HOME"], !variable.isEmpty {
            home = variable
        } else if let entry = homeFromPasswordDatabase(), !entry.isEmpty {
            home = entry
        } else {
            throw .noHomeDirectory
        }
        return joined(home, ".local/state/walkthrough/seen.sqlite3")
    }

    /// `folder/rest`, without doubling a trailing slash of `folder`.
    private static func joined(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }

    /// The effective user's home folder from the password database (`getpwuid_r`).
    static func homeFromPasswordDatabase() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let status = getpwuid_r(geteuid(), &entry, &buffer, buffer.count, &result)
        guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
        return String(cString: directory)
    }
}
