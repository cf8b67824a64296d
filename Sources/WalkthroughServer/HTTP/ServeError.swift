/// Why `walkthrough serve` cannot start: facts; the command line adds what to do about its
/// flags.
package enum ServeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--listen` is not `HOST:PORT` with an IP address.
    case invalidAddress(String)
    /// A non-loopback address without TLS or `--insecure-http`.
    case plainHTTPOffLoopback(address: String)
    /// Only one of `--tls-cert` and `--tls-key` was given.
    case incompleteTLS
    /// A TLS file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The address could not be listened on (in use, not this machine's, …).
    case cannotListen(address: String, reason: String)
    /// No definition folder holds a definition.
    case noDefinitions(folders: [String])

    /// One line saying what is wrong.
    package var description: String {
        switch self {
        case .invalidAddress(let text):
            return "\"\(text)\" is not an address to listen on (HOST:PORT, with an IP address)"
        case .plainHTTPOffLoopback(let address):
            return "\(address) is reachable from other machines, and plain HTTP would send "
                + "keys and tokens in the clear"
        case .incompleteTLS:
            return "TLS needs both a certificate and its private key"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .cannotListen(let address, let reason):
            return "cannot listen on \(address): \(reason)"
        case .noDefinitions(let folders):
            return "no walkthrough definitions in \(folders.joined(separator: ", "))"
        }
    }
}
