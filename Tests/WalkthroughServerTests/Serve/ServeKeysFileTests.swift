#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The keys file of the built `walkthrough serve`: one others may read stops it (exit 78); none
/// given, it makes its own, private, and says where, never what.
@Suite(.serialized) struct ServeKeysFileTests {
    @Test(arguments: [0o644, 0o640, 0o604])
    func aKeysFileOthersMayReadStopsTheServer(mode: Int) throws {
        let folder = try TemporaryFolder()
        let keys = try folder.write(
            #"{"keys": [{"name": "backend", "role": "service", "secret": "\#(ServeProcess.serviceSecret)"}]}"#,
            to: "serve-keys.json")
        #expect(chmod(keys, mode_t(mode)) == 0)
        let result = try ChildProcess.run(
            [
                builtExecutable("walkthrough"), "serve", repositoryRoot() + "/walkthroughs",
                "--listen", "127.0.0.1:0", "--keys", keys, "--db", folder.file("seen.sqlite3"),
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.path,
            ],
            timeout: 30)
        #expect(result.status == 78, "\(result.standardError)")
        #expect(result.standardError.contains(keys))
        #expect(result.standardError.contains("chmod 600"))
        #expect(!result.standardError.contains(ServeProcess.serviceSecret))
        #expect(!result.standardError.contains("listening on"))
    }

    @Test func withoutKeysAPrivateFileIsMadeAndItsPathLogged() throws {
        let server = try ServeProcess(writesKeys: false)
        let path = server.folder.path + "/walkthrough/serve-keys.json"
        var status = stat()
        try #require(stat(path, &status) == 0, "no keys file at \(path)")
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(status.st_uid == getuid())
        let log = server.child.standardError
        #expect(log.contains(path), "\(log)")
        // Its secrets are fresh, work, and are nowhere in the log.
        let object =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let keys = try #require(object?["keys"] as? [[String: Any]])
        var secrets = keys.compactMap { $0["secret"] as? String }
        if let tokens = object?["userTokens"] as? [String: Any],
            let secret = tokens["secret"] as? String
        {
            secrets.append(secret)
        }
        #expect(secrets.count >= 2)
        for secret in secrets {
            #expect(secret.count >= 32)
            #expect(!log.contains(secret))
        }
        let service = try #require(
            keys.first { $0["role"] as? String == "service" }?["secret"] as? String)
        let answer = try HTTPExchange.send(
            "POST", server.base + "/ofrep/v1/evaluate/flags/foodpin",
            headers: ["Authorization": "Bearer \(service)"],
            body: #"{"context": {"targetingKey": "keyless"}}"#)
        #expect(answer.status == 200)
        #expect(server.stop() == 0)
        #expect(!server.child.standardError.contains(service))
        // Started again, it keeps the file it made.
        let again = try ServeProcess(folder: server.folder, writesKeys: false)
        #expect(!again.child.standardError.contains("made the keys file"))
        let still = try HTTPExchange.send(
            "POST", again.base + "/ofrep/v1/evaluate/flags/foodpin",
            headers: ["Authorization": "Bearer \(service)"],
            body: #"{"context": {"targetingKey": "keyless"}}"#)
        #expect(still.status == 200)
        #expect(again.stop() == 0)
    }
}
#endif
