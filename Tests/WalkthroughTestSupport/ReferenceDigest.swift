import Foundation

/// SHA-256 of `text`'s UTF-8 bytes in base64, computed by coreutils' `sha256sum`: a digest
/// the project's own code had no part in.
///
/// - Throws: ``TestSupportError`` when `sha256sum` cannot be run.
package func sha256sum(_ text: String) throws -> String {
    let result = try ChildProcess.run(
        ["sha256sum"], input: text, environment: ["PATH": "/usr/bin:/bin"])
    let hex = Array(result.standardOutput.prefix(64))
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: hex.count, by: 2) {
        guard let byte = UInt8(String(hex[index...index + 1]), radix: 16) else {
            throw TestSupportError("sha256sum printed \(result.standardOutput.prefix(80))")
        }
        bytes.append(byte)
    }
    return Data(bytes).base64EncodedString()
}
