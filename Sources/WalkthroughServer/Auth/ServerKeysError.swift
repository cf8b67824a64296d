import WalkthroughKit

/// Why `walkthrough serve` cannot use its keys file, naming the file and what to do.
///
/// ``foreignOwner(path:owner:user:)`` and ``openToOthers(path:mode:)`` are a configuration
/// the server refuses to run with (the command exits 78, `EX_CONFIG`), as are the contents
/// refused by ``invalid(path:place:problem:)``.
package enum ServerKeysError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read: missing, a folder, an I/O error, too large; `reason` follows
    /// the file's name (`does not exist`).
    case unreadable(path: String, reason: String)
    /// The file belongs to `owner`, not to `user`, the effective user the server runs as.
    case foreignOwner(path: String, owner: UInt32, user: UInt32)
    /// The file's group or others have some permission on it (`mode & 0o077` is not 0).
    case openToOthers(path: String, mode: UInt32)
    /// The file's contents are refused: at `place` (a JSON path such as `keys[1].role`, or
    /// `line 3, column 7` for a syntax error), `problem`.
    case invalid(path: String, place: String, problem: Problem)
    /// Nothing gives the default file's location: no `XDG_STATE_HOME`, no `HOME`, and no home
    /// folder in the password database.
    case noLocation
    /// The default file's folder exists but is not safe to use (another user's, or writable by
    /// others).
    case unsafeFolder(path: String, folder: String, reason: String)
    /// The default file could not be created.
    case cannotCreate(path: String, reason: String)

    /// What is wrong with the contents of a keys file.
    package enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Not JSON: the reader's sentence.
        case syntax(String)
        /// A value of the wrong JSON type: `expected` says which (`an object`).
        case wrongType(expected: String)
        /// A required member is missing.
        case missingMember(String)
        /// A member the file format does not have there (a misspelling would otherwise go
        /// unseen); `known` are those it has.
        case unknownMember(String, known: [String])
        /// A role other than `service` and `admin`.
        case unknownRole(String)
        /// A secret that is the empty string.
        case emptySecret
        /// A key's secret with a character a client cannot send in `Authorization: Bearer`, or
        /// a `.` (which would make it look like a user token).
        case secretCharacters
        /// A `userTokens.secret` shorter than the 32 bytes RFC 7518 requires of an HS256 key.
        case shortTokenSecret(byteCount: Int)
        /// A key name that is empty, too long, or has characters other than letters, digits,
        /// `.`, `_` and `-`.
        case invalidName(String)
        /// A second key with a name already used at `first`.
        case duplicateName(String, first: String)
        /// A second key with the same secret as the key at `first`: a request could not tell
        /// which it is.
        case duplicateSecret(first: String)
        /// An issuer that is the empty string.
        case emptyIssuer
        /// No key and no `userTokens`: the server would accept no request.
        case noCredentials

        /// What is wrong, and what to write instead.
        package var description: String {
            switch self {
            case .syntax(let message):
                return message
            case .wrongType(let expected):
                return "expected \(expected)"
            case .missingMember(let name):
                return "\"\(name)\" is missing"
            case .unknownMember(let name, let known):
                let names = known.map { "\"\($0)\"" }
                return
                    "unknown member \(CharacterSafety.quoted(name)); expected "
                    + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            case .unknownRole(let role):
                return
                    "unknown role \(CharacterSafety.quoted(role)); use \"service\" or \"admin\""
            case .emptySecret:
                return "the secret is empty; use at least 32 random bytes in base64url"
            case .secretCharacters:
                return
                    "the secret has a character a client cannot send after 'Bearer', or a '.' "
                    + "(only user tokens have those); use letters, digits and - _ ~ + / (and = "
                    + "at the end)"
            case .shortTokenSecret(let count):
                return
                    "the secret is \(count) bytes long; an HS256 key must be at least 32 bytes "
                    + "(RFC 7518)"
            case .invalidName(let name):
                return
                    "the name \(CharacterSafety.quoted(name)) is refused; use 1 to 64 letters, "
                    + "digits, '.', '_' or '-'"
            case .duplicateName(let name, let first):
                return "the name \(CharacterSafety.quoted(name)) is already used at \(first)"
            case .duplicateSecret(let first):
                return "the secret is the same as \(first)'s; give every key its own"
            case .emptyIssuer:
                return "the issuer is empty; give the URL the tokens' iss names, or leave it out"
            case .noCredentials:
                return "there is no key and no userTokens, so no request could be accepted"
            }
        }
    }

    /// Whether the file was refused for its owner or its permissions, not its contents.
    package var isPermissionProblem: Bool {
        switch self {
        case .foreignOwner, .openToOthers: return true
        default: return false
        }
    }

    /// A sentence a user can act on, naming the file; never a secret.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "the keys file \(path) \(reason)"
        case .foreignOwner(let path, let owner, let user):
            let fact = FileSystem.PrivateFileProblem.foreignOwner(owner: owner, user: user)
            let name = PasswordDatabase.entry(for: user)?.name ?? String(user)
            return
                "the keys file \(path) \(fact.description); it holds secrets, so it must be "
                + "the server's own: chown \(name) \(path), or start the server as its owner"
        case .openToOthers(let path, let mode):
            let fact = FileSystem.PrivateFileProblem.openToOthers(mode: mode)
            return
                "the keys file \(path) \(fact.description); it holds secrets, so no one else "
                + "may read it: chmod 600 \(path)"
        case .invalid(let path, let place, let problem):
            return "the keys file \(path) is refused: \(place): \(problem.description)"
        case .noLocation:
            return
                "cannot work out where the keys file goes: HOME is not set and the user has no "
                + "home directory; give --keys FILE, or set XDG_STATE_HOME"
        case .unsafeFolder(let path, let folder, let reason):
            return
                "the folder \(folder) for the keys file \(path) is not safe to use: \(reason); "
                + "it must belong to this user and be writable by no one else: fix it (chown, "
                + "chmod go-w) or remove it, or give --keys FILE"
        case .cannotCreate(let path, let reason):
            return
                "cannot create the keys file \(path): \(reason); create it yourself (mode "
                + "0600), or give --keys FILE"
        }
    }
}
