import Foundation
@preconcurrency import Glibc

/// Debian's `chromium`, headless, driven over the DevTools protocol (``DevToolsPipe``): for
/// tests of the exported web page in a real browser.
///
/// Each value starts its own browser with a fresh profile in a temporary folder, no sandbox
/// when running as root (CI does), no proxy or DNS that could reach the network (every host
/// resolves to nothing and the proxy is a closed local port: a request the page made would be
/// seen by ``BrowserPage/requests`` and go nowhere; a browser that reaches loopback reaches
/// `127.0.0.1` alone), and in a process group of its own. It is
/// closed, and the whole group killed, when the value is released, on every path out of a test.
///
/// ```swift
/// let browser = try HeadlessChromium()
/// let page = try browser.newPage(width: 1280, height: 800)
/// try page.navigate(to: "file:///tmp/out/index.html")
/// #expect(try page.evaluate("document.title") as? String == "FoodPin")
/// ```
package final class HeadlessChromium {
    /// The environment variable naming the browser to run (default: `chromium` on `PATH`).
    package static let environmentVariable = "WALKTHROUGH_CHROMIUM"

    /// The browser's path, or `nil` when there is none.
    package static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment[environmentVariable], !given.isEmpty {
            return access(given, X_OK) == 0 ? given : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where access("\(folder)/\(name)", X_OK) == 0 {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Why browser tests cannot run here, or `nil` when they can.
    package static var unavailableReason: String? {
        guard executable == nil else { return nil }
        if let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
            return "\(environmentVariable)=\(given) is not an executable"
        }
        return "no chromium on PATH (install Debian's package 'chromium', or set "
            + "\(environmentVariable) to the browser)"
    }

    /// The protocol connection.
    package let devTools: DevToolsPipe
    private let process: ChildProcess
    private let profile: TemporaryFolder

    /// Starts the browser and waits (at most 60 s) until it answers.
    ///
    /// - Parameter reachesLoopback: Whether pages may reach servers on `127.0.0.1` (a test's
    ///   own `walkthrough serve` and host page); every other address still goes nowhere.
    /// - Throws: ``TestSupportError`` when there is no browser or it does not answer, with what
    ///   it printed.
    package init(reachesLoopback: Bool = false) throws {
        guard let executable = Self.executable else {
            throw TestSupportError(Self.unavailableReason ?? "no browser")
        }
        profile = try TemporaryFolder()
        let toBrowser = try GNUExtensions.closeOnExecPipe()
        let fromBrowser = try GNUExtensions.closeOnExecPipe()
        // The browser's ends above 4, so that handing them over as 3 and 4 cannot clash.
        let browserReads = fcntl(toBrowser.read, F_DUPFD_CLOEXEC, 10)
        let browserWrites = fcntl(fromBrowser.write, F_DUPFD_CLOEXEC, 10)
        close(toBrowser.read)
        close(fromBrowser.write)
        defer {
            close(browserReads)
            close(browserWrites)
        }
        var arguments = [
            executable, "--headless", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)/profile", "--no-first-run",
            "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-breakpad", "--disable-crash-reporter",
            "--metrics-recording-only", "--mute-audio", "--password-store=basic",
            "--proxy-server=http://127.0.0.1:9",
            reachesLoopback ? "--proxy-bypass-list=127.0.0.1" : "--proxy-bypass-list=<-loopback>",
            reachesLoopback
                ? "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
                : "--host-resolver-rules=MAP * ~NOTFOUND",
            "--hide-scrollbars",
            "--force-device-scale-factor=1", "--lang=en-US",
        ]
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("about:blank")
        let environment = [
            "HOME": profile.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": profile.path + "/config", "XDG_CACHE_HOME": profile.path + "/cache",
        ]
        process = try ChildProcess(
            arguments, environment: environment, directory: profile.path,
            descriptors: [3: browserReads, 4: browserWrites], newProcessGroup: true)
        process.closeInput()
        devTools = DevToolsPipe(commands: toBrowser.write, answers: fromBrowser.read)
        do {
            try devTools.call("Browser.getVersion", timeout: 60)
        } catch {
            throw TestSupportError(
                "chromium did not answer over --remote-debugging-pipe: \(error); it printed: "
                    + String(process.standardError.suffix(2000)))
        }
    }

    deinit {
        _ = try? devTools.call("Browser.close", timeout: 5)
        if process.wait(timeout: 10) == nil {
            // `wait` killed the browser; its helpers go with the group below.
        }
        process.signalGroup(SIGKILL)
    }

    /// What the browser has printed on standard error so far (for a failing test's message).
    package var log: String { process.standardError }

    /// Opens a new tab of `width` × `height` CSS pixels (a phone's when `mobile`), attached
    /// with network and console events on.
    package func newPage(width: Int, height: Int, mobile: Bool = false) throws -> BrowserPage {
        let target = try devTools.call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else {
            throw TestSupportError("Target.createTarget gave no targetId: \(target)")
        }
        let attached = try devTools.call(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw TestSupportError("Target.attachToTarget gave no sessionId: \(attached)")
        }
        let page = BrowserPage(devTools: devTools, session: session)
        for domain in ["Page.enable", "Network.enable", "Runtime.enable", "Log.enable"] {
            try page.call(domain)
        }
        try page.resize(width: width, height: height, mobile: mobile)
        return page
    }
}
