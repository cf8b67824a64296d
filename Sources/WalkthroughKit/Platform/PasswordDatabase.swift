package import Glibc

/// The system's user database (`getpwuid_r`): the one place the store asks who a user id is.
package enum PasswordDatabase {
    /// The login name and home folder of `uid`, or `nil` when the database has no entry.
    package static func entry(for uid: uid_t) -> (name: String, home: String)? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil else {
            return nil
        }
        return (
            entry.pw_name.map { String(cString: $0) } ?? "",
            entry.pw_dir.map { String(cString: $0) } ?? ""
        )
    }

    /// A user id as people read it: `uid 65534 (nobody)`, or `uid 1234` without an entry.
    static func describe(_ uid: uid_t) -> String {
        guard let name = entry(for: uid)?.name, !name.isEmpty else { return "uid \(uid)" }
        return "uid \(uid) (\(name))"
    }
}
