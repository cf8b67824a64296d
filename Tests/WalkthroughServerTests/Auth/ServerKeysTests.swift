import FoundationEssentials
@preconcurrency import Glibc
import Testing
import WalkthroughKit
import WalkthroughServer
import WalkthroughTestSupport

/// The keys file: made on first start (0600, fresh secrets, never replaced), and refused when
/// it is not the server user's, when others may read it, or when its contents are wrong,
/// each time naming the file and what to do.
@Suite struct ServerKeysTests {
    static let validFile = """
        {"keys": [{"name": "backend", "role": "service", "secret": "c2VydmljZS1zZWNyZXQ"},
                  {"name": "ops", "role": "admin", "secret": "YWRtaW4tc2VjcmV0"}],
         "userTokens": {"secret": "a-secret-of-at-least-thirty-two-bytes-000",
                        "issuer": "https://app.example"}}
        """

    /// The mode bits of `path`.
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }

    /// Writes `text` to `name` in `folder` with `mode`.
    static func file(
        _ text: String, in folder: TemporaryFolder, mode: mode_t = 0o600
    ) throws -> String {
        let path = try folder.write(text, to: "keys.json")
        chmod(path, mode)
        return path
    }

    // MARK: - Making the default file

    @Test func theDefaultFileIsMadeOnceWithThreeFreshSecretsAndMode0600() throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_STATE_HOME": folder.file("state"), "HOME": "/nonexistent"]
        let first = try ServerKeys.loadOrCreate(path: nil, environment: environment)
        #expect(first.created)
        #expect(first.path == folder.file("state/walkthrough/serve-keys.json"))
        #expect(Self.mode(first.path) == 0o600)
        #expect(Self.mode(folder.file("state/walkthrough")) == 0o700)
        #expect(first.keys.keys.map(\.name) == ["service", "admin"])
        #expect(first.keys.keys.map(\.role) == [.service, .admin])
        #expect(first.keys.userTokens?.issuer == nil)
        let secrets = first.keys.keys.map(\.secret) + [first.keys.userTokens?.secret ?? ""]
        #expect(Set(secrets).count == 3)
        for secret in secrets {
            #expect(secret.utf8.count == 43)
            #expect(Base64.decodeURL(secret.utf8)?.count == 32)
        }
        // Nothing else is left in the folder (no temporary file).
        #expect(FileSystem.names(in: folder.file("state/walkthrough")) == ["serve-keys.json"])

        let second = try ServerKeys.loadOrCreate(path: nil, environment: environment)
        #expect(!second.created)
        #expect(second.keys == first.keys)
        #expect(try ServerKeys.load(from: first.path) == first.keys)
    }

    @Test func withoutXDGStateHomeTheFileGoesUnderHome() throws {
        let folder = try TemporaryFolder()
        let made = try ServerKeys.loadOrCreate(path: nil, environment: ["HOME": folder.path])
        #expect(made.created)
        #expect(made.path == folder.file(".local/state/walkthrough/serve-keys.json"))
        #expect(
            try ServerKeys.defaultPath(environment: [
                "HOME": folder.path, "WALKTHROUGH_DB": "/elsewhere/seen.db",
            ]) == made.path)
    }

    @Test func aFileNamedWithKeysIsNeverMade() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing.json")
        #expect(throws: ServerKeysError.unreadable(path: path, reason: "does not exist")) {
            try ServerKeys.loadOrCreate(path: path, environment: ["HOME": folder.path])
        }
        #expect(!folder.exists("missing.json"))
    }

    @Test func anUnsafeStateFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        let shared = folder.file("state/walkthrough")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        #expect {
            try ServerKeys.loadOrCreate(
                path: nil, environment: ["XDG_STATE_HOME": folder.file("state")])
        } throws: { error in
            guard case .unsafeFolder(_, let named, _) = error as? ServerKeysError else {
                return false
            }
            return named.hasSuffix("state/walkthrough")
        }
        #expect(!folder.exists("state/walkthrough/serve-keys.json"))
    }

    // MARK: - Reading

    @Test func aValidFileGivesItsKeys() throws {
        let folder = try TemporaryFolder()
        let keys = try ServerKeys.load(from: try Self.file(Self.validFile, in: folder))
        #expect(
            keys.keys == [
                .init(name: "backend", role: .service, secret: "c2VydmljZS1zZWNyZXQ"),
                .init(name: "ops", role: .admin, secret: "YWRtaW4tc2VjcmV0"),
            ])
        #expect(
            keys.userTokens
                == .init(
                    secret: "a-secret-of-at-least-thirty-two-bytes-000",
                    issuer: "https://app.example"))
        // What fileText writes reads back the same.
        let again = try ServerKeys.load(from: try Self.file(keys.fileText, in: folder))
        #expect(again == keys)
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o700 | 0o010])
    func aFileOthersMayUseIsRefused(_ mode: Int) throws {
        let folder = try TemporaryFolder()
        let path = try Self.file(Self.validFile, in: folder, mode: mode_t(mode))
        #expect(throws: ServerKeysError.openToOthers(path: path, mode: mode_t(mode))) {
            try ServerKeys.load(from: path)
        }
        do {
            _ = try ServerKeys.load(from: path)
        } catch {
            #expect(error.isPermissionProblem)
            #expect(error.description.contains(path))
            #expect(error.description.contains("mode 0\(String(mode, radix: 8))"))
            #expect(error.description.hasSuffix("chmod 600 \(path)"))
            #expect(!error.description.contains("c2VydmljZS1zZWNyZXQ"))
        }
    }

    @Test(.enabled(if: geteuid() == 0, "chown to another user needs root"))
    func aFileOfAnotherUserIsRefusedWhenRunAsRoot() throws {
        let folder = try TemporaryFolder()
        let path = try Self.file(Self.validFile, in: folder)
        #expect(chown(path, 1, 1) == 0)
        #expect(throws: ServerKeysError.foreignOwner(path: path, owner: 1, user: 0)) {
            try ServerKeys.load(from: path)
        }
        do {
            _ = try ServerKeys.load(from: path)
        } catch {
            #expect(error.isPermissionProblem)
            #expect(error.description.contains("belongs to uid 1"))
            #expect(error.description.contains("chown root \(path)"))
        }
    }

    @Test func badJSONIsRefusedNamingTheFileAndWhere() throws {
        let folder = try TemporaryFolder()
        let path = try Self.file("{\"keys\": [\n  {\"name\": \"a\",}\n]}", in: folder)
        do {
            _ = try ServerKeys.load(from: path)
            Issue.record("accepted")
        } catch {
            guard case .invalid(let named, let place, .syntax) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(named == path)
            #expect(place == "line 2, column 16")
            #expect(
                error.description.hasPrefix(
                    "the keys file \(path) is refused: line 2, column 16: JSON syntax error"))
            #expect(!error.isPermissionProblem)
        }
        let empty = try Self.file("", in: folder)
        #expect {
            try ServerKeys.load(from: empty)
        } throws: { error in
            (error as? ServerKeysError)?.description.contains("the file is empty") == true
        }
    }

    @Test func contentsAreRefusedWhereTheyAreWrong() throws {
        let folder = try TemporaryFolder()
        let token = #""userTokens": {"secret": "a-secret-of-at-least-thirty-two-bytes-000"}"#
        let cases: [(String, String, ServerKeysError.Problem)] = [
            (
                #"{"keys": [{"name": "a", "role": "root", "secret": "s1"}]}"#,
                "keys[0].role", .unknownRole("root")
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": ""}]}"#,
                "keys[0].secret", .emptySecret
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": "s1"}, {"name": "a", "role": "admin", "secret": "s2"}]}"#,
                "keys[1].name", .duplicateName("a", first: "keys[0]")
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": "s1"}, {"name": "b", "role": "admin", "secret": "s1"}]}"#,
                "keys[1].secret", .duplicateSecret(first: "keys[0]")
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": "two words"}]}"#,
                "keys[0].secret", .secretCharacters
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": "looks.like.a-token"}]}"#,
                "keys[0].secret", .secretCharacters
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": "=abc"}]}"#,
                "keys[0].secret", .secretCharacters
            ),
            (
                #"{"keys": [{"name": "user:bob", "role": "service", "secret": "s1"}]}"#,
                "keys[0].name", .invalidName("user:bob")
            ),
            (
                #"{"keys": [{"name": "a", "role": "service"}]}"#,
                "keys[0]", .missingMember("secret")
            ),
            (
                #"{"keys": [{"name": "a", "role": "service", "secret": 5}]}"#,
                "keys[0].secret", .wrongType(expected: "a string")
            ),
            (
                #"{"keys": {}}"#, "keys", .wrongType(expected: "an array")
            ),
            (
                #"{"keys": [], "userToken": {}}"#, "the top level",
                .unknownMember("userToken", known: ["keys", "userTokens"])
            ),
            (#"{"userTokens": {}}"#, "the top level", .missingMember("keys")),
            (#"{"keys": []}"#, "the top level", .noCredentials),
            (
                #"{"keys": [], "userTokens": {"secret": "short"}}"#, "userTokens.secret",
                .shortTokenSecret(byteCount: 5)
            ),
            (
                #"{"keys": [], \#(token.dropLast()), "issuer": ""}}"#, "userTokens.issuer",
                .emptyIssuer
            ),
        ]
        for (text, place, problem) in cases {
            let path = try Self.file(text, in: folder)
            #expect(throws: ServerKeysError.invalid(path: path, place: place, problem: problem)) {
                try ServerKeys.load(from: path)
            }
        }
        // userTokens alone is enough; an issuer is optional.
        let path = try Self.file(#"{"keys": [], \#(token)}"#, in: folder)
        #expect(try ServerKeys.load(from: path).userTokens?.issuer == nil)
    }

    @Test func messagesNameTheFileAndSayWhatToDo() {
        let error = ServerKeysError.invalid(
            path: "/etc/walkthrough/keys.json", place: "keys[1].role", problem: .unknownRole("root")
        )
        #expect(
            error.description
                == #"the keys file /etc/walkthrough/keys.json is refused: keys[1].role: unknown role "root"; use "service" or "admin""#
        )
    }
}
