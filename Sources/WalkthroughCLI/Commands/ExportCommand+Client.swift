import WalkthroughKit
import WalkthroughWeb

extension ExportCommand {
    /// `walkthrough export --client DIR`: writes `DIR/client.js`, the web client
    /// (``WebClientModule``: the bytes `walkthrough serve` answers `GET /v1/client.js` with),
    /// whole or not at all, and says what it wrote. A build without the `Server` trait writes
    /// it too: the module is plain text, and the server it talks to may be built elsewhere.
    ///
    /// - Throws: ``HTMLExportError`` when the folder cannot be written (74).
    func exportClient(to folder: String, context: CommandContext) throws -> ExitCode {
        let output = try ExportFolder(creating: folder)
        let bytes = WebClientModule.bytes
        try output.write(bytes, to: "client.js")
        context.print(
            "Wrote \(output.file("client.js")): the web client, \(bytes.count) bytes; serve it "
                + "with your web app, or import it from walkthrough serve's /v1/client.js.")
        return .success
    }
}
