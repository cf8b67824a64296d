import FoundationEssentials
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
            }
        }
    }

    /// Checks that `name` is 1 to 256 bytes of UTF-8 with no control characters (C0, DEL, C1).
    public static func validate(_ name: String) throws(Problem) {
        let count = name.utf8.count
        guard count > 0 else { throw .empty }
        guard count <= maximumByteCount else { throw .tooLong(byteCount: count) }
        for scalar in name.unicodeScalars
        where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            throw .controlCharacter(
                "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        }
    }

    /// The login name of the current user: `$LOGNAME`, else `$USER`, else the name of the
    /// effective user id in the password database, else `uid-N`.
    public static func current(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> String {
        for key in ["LOGNAME", "USER"] {
            if let name = environment[key], !name.isEmpty { return name }
        }
        let uid = geteuid()
        if let name = PasswordDatabase.entry(for: uid)?.name, !name.isEmpty { return name }
        return "uid-\(uid)"
    }
}
