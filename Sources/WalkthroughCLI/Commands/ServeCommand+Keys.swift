#if SERVER
@preconcurrency import Glibc
import WalkthroughKit
import WalkthroughServer

/// `serve`'s keys file and TLS files, read before anything listens.
enum ServeKeysSetup {
    /// Who may ask, and how often a user token may.
    struct Setup {
        /// The principal of an `Authorization` header, or why there is none.
        var authenticate: ServeApplication.Authenticator
        /// A user token's request counted: `nil`, or the seconds to wait.
        var rateLimit: ServeApplication.RateLimiter
    }

    /// The keys of `path` (`--keys`), or of the default file, made on the first start.
    ///
    /// - Throws: A failure with exit 78 naming the file and what is wrong with it.
    static func load(
        _ path: String?, environment: [String: String], log: RequestLog
    ) throws(CommandLineError) -> Setup {
        let loaded: ServerKeys.Loaded
        do {
            loaded = try ServerKeys.loadOrCreate(path: path, environment: environment)
        } catch {
            throw .failure("Error: \(error)", exitCode: .configuration)
        }
        if loaded.created {
            log.note(
                "made the keys file \(loaded.path) with new secrets (a service key, an admin "
                    + "key and the user tokens' secret); read them there")
        }
        let credentials = Credentials(keys: loaded.keys)
        let bucket = TokenBucket()
        return Setup(
            authenticate: { header in
                Result { () throws(CredentialsRejection) -> Principal in
                    try credentials.principal(authorization: header, at: Timestamp.now)
                }
            },
            rateLimit: { user in
                if case .limited(let seconds) = bucket.take(user, at: .now) { return seconds }
                return nil
            })
    }

    /// The PEM text of a TLS file.
    ///
    /// - Throws: A failure with exit 66 naming the file.
    static func readPEM(_ path: String) throws(CommandLineError) -> String {
        let read = FileReader.withContents(of: path, limit: 1 << 20) {
            String(decoding: $0, as: UTF8.self)
        }
        switch read {
        case .success(let text) where text.contains("-----BEGIN "):
            return text
        case .success:
            throw .failure(
                "Error: \(path) is not a PEM file (no -----BEGIN line); give the certificate "
                    + "chain and the private key in PEM", exitCode: .missingInput)
        case .failure(let problem):
            throw .failure(
                "Error: cannot read \(path): \(ValidationReport.Diagnostic.Kind(problem.kind).message)",
                exitCode: .missingInput)
        }
    }
}
#endif
