#if SERVER
@preconcurrency import Glibc
import WalkthroughKit

/// `walkthrough serve` running: the daemon started, definitions read again on SIGHUP and
/// when a file of their folders changes, and a graceful stop on SIGTERM or SIGINT.
package enum ServeRuntime {
    /// Blocks SIGHUP, SIGTERM and SIGINT in the calling thread, which ``run(_:settings:log:announce:)``
    /// then takes by `sigwait`, and ignores SIGPIPE. Call it before the process starts any
    /// thread (a store's, the daemon's): a thread inherits the mask it is made with, and one
    /// made before would take such a signal while the main thread is not waiting, and its
    /// default action would end the process at once.
    package static func takeSignals() {
        var waited = waitedSignals()
        pthread_sigmask(SIG_BLOCK, &waited, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// SIGHUP, SIGTERM and SIGINT.
    private static func waitedSignals() -> sigset_t {
        var waited = sigset_t()
        sigemptyset(&waited)
        for number in [SIGHUP, SIGTERM, SIGINT] { sigaddset(&waited, number) }
        return waited
    }

    /// Serves `application` until SIGTERM or SIGINT, then stops accepting, lets what is in
    /// flight finish (at most 10 s) and returns.
    ///
    /// - Parameter announce: Told the URL listened on, once listening.
    /// - Throws: ``ServeError/cannotListen(address:reason:)``.
    package static func run(
        _ application: ServeApplication, settings: HTTPDaemon.Settings, log: RequestLog,
        announce: (String) -> Void
    ) throws(ServeError) {
        // Taken again here (it is idempotent) for a caller that made no thread before.
        takeSignals()
        var waited = waitedSignals()
        let daemon = HTTPDaemon(
            settings: settings, respond: { application.respond(to: $0, reply: $1) },
            log: { log.request($0, $1, took: $2) })
        let port = try daemon.start()
        var address = settings.address
        address.port = port
        announce((settings.tls == nil ? "http://" : "https://") + address.description)
        let catalog = application.catalog
        let reload: @Sendable (String) -> Void = { why in
            let problems = catalog.reload()
            log.note(
                "definitions read again (\(why)): \(catalog.snapshot.ids.count) served"
                    + (problems.isEmpty ? "" : ", \(problems.count) refused"))
            for problem in problems { log.note("\(problem.file): \(problem.message)") }
        }
        let watch = FolderWatch(folders: catalog.folders) { reload("a file changed") }
        while true {
            var number: Int32 = 0
            guard sigwait(&waited, &number) == 0 else { continue }
            if number == SIGHUP {
                reload("SIGHUP")
                continue
            }
            log.note("stopping (\(number == SIGTERM ? "SIGTERM" : "SIGINT"))")
            break
        }
        daemon.stop(grace: .seconds(10))
        watch?.stop()
        log.note("stopped")
    }
}
#endif
