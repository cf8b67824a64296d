@preconcurrency import Glibc

/// User names as the seen store keys them: who "the current user" is, and what a valid name is.
public enum UserName {
    /// The longest user name, in UTF-8 bytes.
    public static let maximumByteCount = 256

    /// Why a user name is refused.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// The name is longer than ``UserName/maximumByteCount`` bytes of UTF-8.
        case tooLong(byteCount: Int)
        /// The name holds a control character (shown as `U+XXXX`).
        case controlCharacter(String)
        /// The name holds a bidirectional embedding, override or isolate (shown as `U+XXXX`),
        /// which would make it print as another name.
        case bidiControl(String)

        /// A sentence a user can act on.
        public var description: String {
            switch self {
            case .empty:
                return "the user name is empty; give 1 to \(UserName.maximumByteCount) bytes"
            case .tooLong(let count):
                return
                    "the user name is \(count) bytes long; use at most "
                    + "\(UserName.maximumByteCount) bytes of UTF-8"
            case .controlCharacter(let scalar):
                return "the user name contains the control character \(scalar); remove it"
            case .bidiControl(let scalar):
                return
                    "the user name contains the bidirectional control \(scalar), which would "
                    + "make it print as another name; remove it"
            }
        }
    }

    /// Checks that `name` is 1 to 256 bytes of UTF-8 with no control characters (C0, DEL, C1)
    /// and no bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069).
    public static func validate(_ name: String) throws(Problem) {
        let count = name.utf8.count
        guard count > 0 else { throw .empty }
        guard count <= maximumByteCount else { throw .tooLong(byteCount: count) }
        for scalar in name.unicodeScalars where !CharacterSafety.isAllowedInName(scalar.value) {
            let shown = CharacterSafety.codePoint(scalar.value)
            if CharacterSafety.isBidiControl(scalar.value) { throw .bidiControl(shown) }
            throw .controlCharacter(shown)
        }
    }

    /// The login name of the current user: `$LOGNAME`, else `$USER`, else the name of the
    /// effective user id in the password database, else `uid-N`.
    package static func current(
        environment: some EnvironmentVariables = Environment.process
    ) -> String {
        if let name = environment["LOGNAME"], !name.isEmpty { return name }
        if let name = environment["USER"], !name.isEmpty { return name }
        let uid = geteuid()
        if let name = PasswordDatabase.entry(for: uid)?.name, !name.isEmpty { return name }
        return "uid-\(uid)"
    }
}
