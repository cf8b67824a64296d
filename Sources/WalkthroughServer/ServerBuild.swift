/// Whether this build has the HTTP server (`swift build --traits default,Server`).
package enum ServerBuild {
    /// `true` when built with the `Server` trait (libmicrohttpd linked).
    #if SERVER
    package static let hasServer = true
    #else
    package static let hasServer = false
    #endif
}
