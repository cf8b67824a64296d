import WalkthroughKit

extension ServerKeys {
    /// The keys `walkthrough serve` runs with, where they are, and whether they were just made.
    package struct Loaded: Sendable {
        /// The keys.
        package var keys: ServerKeys
        /// The keys file.
        package var path: String
        /// Whether the file was created now (the command prints its path, never a secret).
        package var created: Bool
    }

    /// The default keys file's name, in the state folder.
    package static let defaultFileName = "serve-keys.json"

    /// The keys of the file `path` (`--keys`), or, without one, of the default file
    /// (``defaultPath(environment:)``), which is created first when it is missing
    /// (``generate()``, written by ``FileSystem/createPrivateFile(_:contents:)``: mode 0600
    /// from the start, never half-written). A file the user names is never created.
    ///
    /// - Throws: ``ServerKeysError``: the file is not the server user's or others may use it,
    ///   its contents are refused, it cannot be read, or the default one cannot be made.
    package static func loadOrCreate(
        path: String?, environment: [String: String]
    ) throws(ServerKeysError) -> Loaded {
        if let path {
            return Loaded(keys: try load(from: path), path: path, created: false)
        }
        let path = try defaultPath(environment: environment)
        if FileSystem.kind(of: path) == .missing {
            let keys = generate()
            do {
                try FileSystem.createFolders(containing: path)
                if try FileSystem.createPrivateFile(path, contents: Array(keys.fileText.utf8)) {
                    return Loaded(keys: keys, path: path, created: true)
                }
            } catch {
                let folder = error.path == path ? "" : " (\(error.path))"
                throw .cannotCreate(path: path, reason: error.reason + folder)
            }
            // Another process made it meanwhile: read theirs.
        }
        return Loaded(keys: try load(from: path), path: path, created: false)
    }

    /// The keys in the file at `path`, which must be a regular file of the effective user's
    /// that neither its group nor others may use (``FileSystem/readPrivateFile(_:limit:)``).
    ///
    /// - Throws: ``ServerKeysError/foreignOwner(path:owner:user:)``,
    ///   ``ServerKeysError/openToOthers(path:mode:)``, ``ServerKeysError/unreadable(path:reason:)``
    ///   or what ``parse(_:path:)`` throws.
    package static func load(from path: String) throws(ServerKeysError) -> ServerKeys {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readPrivateFile(path, limit: maximumFileSize)
        } catch {
            switch error {
            case .foreignOwner(let owner, let user):
                throw .foreignOwner(path: path, owner: owner, user: user)
            case .openToOthers(let mode):
                throw .openToOthers(path: path, mode: mode)
            default:
                throw .unreadable(path: path, reason: error.description)
            }
        }
        return try parse(bytes, path: path)
    }

    /// `$XDG_STATE_HOME/walkthrough/serve-keys.json`, else
    /// `~/.local/state/walkthrough/serve-keys.json`: the store's own state folder, found and
    /// checked as ``SQLiteSeenStore/defaultPath(environment:)`` does (`WALKTHROUGH_DB` aside).
    ///
    /// - Throws: ``ServerKeysError/noLocation`` or ``ServerKeysError/unsafeFolder(path:folder:reason:)``.
    package static func defaultPath(
        environment: [String: String]
    ) throws(ServerKeysError) -> String {
        var state = environment
        state["WALKTHROUGH_DB"] = nil
        do {
            let store = try SQLiteSeenStore.defaultPath(environment: state)
            return FileSystem.joined(FileSystem.folder(of: store), defaultFileName)
        } catch {
            switch error {
            case .noHomeDirectory:
                throw .noLocation
            case .unsafeFolder(_, let folder, let reason):
                throw .unsafeFolder(
                    path: FileSystem.joined(folder, defaultFileName), folder: folder,
                    reason: reason)
            default:
                throw .unreadable(path: defaultFileName, reason: error.description)
            }
        }
    }

    /// Fresh keys for a new file: a `service` key named `service`, an `admin` key named
    /// `admin`, and a user-token secret, each ``randomSecret()``; no issuer.
    package static func generate() -> ServerKeys {
        ServerKeys(
            keys: [
                Key(name: "service", role: .service, secret: randomSecret()),
                Key(name: "admin", role: .admin, secret: randomSecret()),
            ],
            userTokens: UserTokens(secret: randomSecret()))
    }

    /// 32 random bytes in base64url: 43 characters, 256 bits.
    ///
    /// From `SystemRandomNumberGenerator`, which on Linux is `getrandom(2)` (the kernel's
    /// generator; the Glibc module does not bring `getrandom` itself into Swift).
    package static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word: UInt64 = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return Base64.encodeURL(bytes)
    }
}
