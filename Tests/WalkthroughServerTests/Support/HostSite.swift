#if SERVER
import Foundation
@preconcurrency import Glibc
import WalkthroughTestSupport

/// A host web app of another origin than the server: Python's `http.server` serving a folder
/// on a free loopback port, or the repository's sample app (`walkthroughs/web/app.py`); stopped
/// when the test lets it go.
final class HostSite {
    /// The files it serves (the plain `http.server`), or the sample app's state.
    let folder: TemporaryFolder
    /// The server's process.
    let child: ChildProcess
    /// The port it listens on.
    let port: Int

    /// `http://127.0.0.1:PORT`: the host's origin, for `--allow-origin`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// Serves `folder`'s files with Python's `http.server`.
    convenience init(serving folder: TemporaryFolder) throws {
        try self.init(
            folder: folder,
            [
                "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
                folder.path,
            ], announcing: "port ")
    }

    /// Runs the sample app (`walkthroughs/web/app.py`) against `server`, signing tokens with
    /// the secret of the keys file `keys`.
    convenience init(sampleAppFor server: String, keys: String) throws {
        try self.init(
            folder: try TemporaryFolder(),
            [
                "python3", "-u", repositoryRoot() + "/walkthroughs/web/app.py", "--port", "0",
                "--server", server, "--keys", keys,
            ], announcing: "127.0.0.1:")
    }

    private init(folder: TemporaryFolder, _ arguments: [String], announcing marker: String) throws {
        self.folder = folder
        let child = try ChildProcess(
            arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
            directory: folder.path)
        self.child = child
        var found: Int?
        _ = waitUntil(timeout: 30) {
            let output = child.standardOutput
            if let range = output.range(of: marker) {
                found = Int(output[range.upperBound...].prefix(while: \.isNumber))
            }
            return found != nil || child.hasExited
        }
        guard let found else {
            child.signal(SIGKILL)
            _ = child.wait(timeout: 10)
            throw TestSupportError(
                "\(arguments.joined(separator: " ")) did not start: \(child.standardError)")
        }
        port = found
    }

    deinit {
        child.signal(SIGTERM)
        if child.wait(timeout: 10) == nil { child.signal(SIGKILL) }
    }
}
#endif
