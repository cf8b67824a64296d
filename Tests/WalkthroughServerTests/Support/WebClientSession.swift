#if SERVER
import Foundation
import Testing
import WalkthroughTestSupport

/// The web client as a web app uses it, for real: the built `walkthrough serve` on a free port,
/// a host page of another origin (a hostile style sheet, a strict Content-Security-Policy:
/// `script-src` the server's origin only, no inline script or style, no eval) served by
/// Python's `http.server`, and headless chromium tabs on it. The page's probes (set before any
/// script of its own) collect every policy violation in `window.__violations`; `__wt()` is the
/// client's shadow root, `__text(id)` the text of an element in it.
final class WebClientSession {
    /// The definitions served besides the repository's (`walkthroughs`).
    let definitions: TemporaryFolder
    /// The host page's folder and server.
    let site: HostSite
    /// The walkthrough server (replaced by ``restartServer()``).
    private(set) var server: ServeProcess
    /// The port the server listens on, kept across restarts.
    let port: Int
    /// The browsers opened so far (each a profile of its own: a device).
    private var browsers: [HeadlessChromium] = []
    /// The first tab.
    private(set) var page: BrowserPage!

    /// `http://127.0.0.1:PORT` of the walkthrough server.
    var base: String { "http://127.0.0.1:\(port)" }

    /// Starts the server on `extra` definitions (file name → JSON) and the repository's, the
    /// host page (allowing `connectable` origins besides the server's), and a first browser.
    init(
        definitions extra: [String: String] = [:], connectable: [String] = [], width: Int = 1280,
        height: Int = 800
    ) throws {
        definitions = try TemporaryFolder()
        for (name, text) in extra { try definitions.write(text, to: name) }
        site = try HostSite(serving: try TemporaryFolder())
        server = try ServeProcess(
            folders: [repositoryRoot() + "/walkthroughs", definitions.path],
            arguments: ["--allow-origin", site.origin])
        port = server.port
        try site.folder.write(
            Self.hostPage(server: base, connectable: connectable), to: "host.html")
        try site.folder.write(Self.hostileStyle, to: "hostile.css")
        page = try openPage(width: width, height: height)
    }

    /// Opens the host page in a new browser (a new profile: another device of the same user).
    func openPage(width: Int = 1280, height: Int = 800) throws -> BrowserPage {
        let browser = try HeadlessChromium(reachesLoopback: true)
        browsers.append(browser)
        let page = try browser.newPage(width: width, height: height)
        try page.addInitScript(Self.probes)
        try page.navigate(to: site.origin + "/host.html")
        guard try page.waitFor("document.readyState === 'complete'") else {
            throw TestSupportError("the host page did not load: \(browser.log.suffix(1500))")
        }
        return page
    }

    /// Stops the server (SIGTERM, as an operator would) and starts it again on the same port
    /// and store.
    func stopServer() {
        server.stop()
    }

    /// Starts the server again, on the same port, store and keys, after ``stopServer()``.
    func restartServer() throws {
        server = try ServeProcess(
            folders: [repositoryRoot() + "/walkthroughs", definitions.path],
            arguments: ["--allow-origin", site.origin], folder: server.folder,
            listen: "127.0.0.1:\(port)")
    }

    // MARK: - The client in the page

    /// Calls `showIfDue(id, options)` in `page` without waiting for it: the answer lands in
    /// `window.__result` (with `window.__elapsed`, in milliseconds, measured in the page), a
    /// rejection in `window.__threw`. `options` is JavaScript (`{server, token}` by default).
    func start(
        _ id: String, token: String, locale: String? = nil, server: String? = nil,
        in page: BrowserPage? = nil
    ) throws {
        let page = page ?? self.page!
        var given: [String: Any] = ["server": server ?? base, "token": token]
        if let locale { given["locale"] = locale }
        let options = Self.literal(given)
        _ = try page.evaluate(
            """
            (() => {
              window.__result = undefined; window.__threw = undefined;
              const started = performance.now();
              import(\(Self.literal(base + "/v1/client.js")))
                .then((client) => client.showIfDue(\(Self.literal(id)), \(options)))
                .then((result) => { window.__elapsed = performance.now() - started;
                                    window.__result = result; },
                      (error) => { window.__threw = String(error); });
              return true;
            })()
            """)
    }

    /// Waits (at most 20 s) for the answer of ``start(_:token:locale:server:in:)``.
    func result(in page: BrowserPage? = nil) throws -> [String: Any]? {
        let page = page ?? self.page!
        guard try page.waitFor("window.__result !== undefined || window.__threw !== undefined")
        else { return nil }
        if let threw = try page.string("window.__threw") {
            Issue.record("showIfDue threw: \(threw)")
            return nil
        }
        return try page.evaluate("window.__result") as? [String: Any]
    }

    /// Waits (at most 20 s) until the dialog is open.
    func waitForDialog(in page: BrowserPage? = nil) throws -> Bool {
        try (page ?? self.page!).waitFor(
            "window.__wt() && window.__wt().getElementById('dialog').open")
    }

    /// The text of the element `id` in the dialog, or `nil`.
    func text(_ id: String, in page: BrowserPage? = nil) throws -> String? {
        try (page ?? self.page!).string("window.__text(\(Self.literal(id)))")
    }

    /// Waits (at most 20 s) until the dialog's heading reads `heading`.
    func waitForHeading(_ heading: String, in page: BrowserPage? = nil) throws -> Bool {
        try (page ?? self.page!).waitFor("window.__text('heading') === \(Self.literal(heading))")
    }

    /// Clicks the dialog's element that the selector `selector` finds in its shadow root.
    func click(_ selector: String, in page: BrowserPage? = nil) throws {
        try (page ?? self.page!).click(
            element: "window.__wt().querySelector(\(Self.literal(selector)))")
    }

    /// The element focused in the dialog, by its id or else its name (`aria-label`: a dot's
    /// "Page 2 of 3"), or `nil` when the focus is outside the dialog.
    func focused(in page: BrowserPage? = nil) throws -> String? {
        try (page ?? self.page!).string(
            """
            (() => { const host = document.activeElement;
              if (!host || host.localName !== 'walkthrough-dialog') return null;
              const e = window.__wt().activeElement;
              return e ? (e.id || e.getAttribute('aria-label') || e.localName) : ''; })()
            """)
    }

    // MARK: - What the server kept

    /// The user's events, oldest first, as `walkthrough events` prints them: each `event` and
    /// `page`.
    func events(of user: String) throws -> [String] {
        let result = try ChildProcess.run(
            [builtExecutable("walkthrough"), "events", "--user", user, "--db", server.database],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "NO_COLOR": "1"])
        return result.standardOutput.split(separator: "\n").compactMap { line in
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                    as? [String: Any],
                let event = object["event"] as? String, let page = object["page"] as? Int
            else { return nil }
            return "\(event) \(page)"
        }
    }

    /// The user's record of `walkthrough`, as the server answers it (a service key), or `nil`.
    func record(of user: String, _ walkthrough: String = "foodpin") throws -> [String: Any]? {
        let answer = try HTTPExchange.send(
            "GET", base + "/v1/users/\(user)/walkthroughs/\(walkthrough)",
            headers: ["Authorization": "Bearer \(ServeProcess.serviceSecret)"])
        guard answer.status == 200 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
    }

    /// User tokens for `users`, signed by PyJWT as a host's backend signs them: valid for an
    /// hour, or expired a minute ago.
    static func tokens(_ users: [String], expired: Bool = false) throws -> [String] {
        let now = Int(Date().timeIntervalSince1970)
        let requests = users.map { user in
            JWTReference.TokenRequest(
                payload: literal([
                    "sub": user, "exp": expired ? now - 60 : now + 3600,
                    "iss": ServeProcess.issuer,
                ]), key: ServeProcess.tokenSecret)
        }
        return try JWTReference.find().tokens(requests)
    }

    /// `value` as a JavaScript (JSON) literal.
    static func literal(_ value: Any) -> String {
        let data = try! JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - The host page

    /// Run before the page's own scripts (not subject to its policy): the probes.
    static let probes = """
        window.__violations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__violations.push(event.effectiveDirective + " " + event.blockedURI);
        }, true);
        window.__wt = () => document.querySelector("walkthrough-dialog")?.shadowRoot ?? null;
        window.__text = (id) => window.__wt()?.getElementById(id)?.textContent ?? null;
        """

    /// The host page: the client may load only from the server, connect only to it (and
    /// `connectable`), show images only from it; no inline script or style, no eval.
    static func hostPage(server: String, connectable: [String]) -> String {
        let policy = [
            "default-src 'none'", "script-src \(server)",
            "connect-src " + ([server] + connectable).joined(separator: " "),
            "img-src \(server)", "style-src 'self'", "base-uri 'none'", "form-action 'none'",
        ].joined(separator: "; ")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>A hostile host</title>
            <link rel="stylesheet" href="hostile.css">
            </head>
            <body>
            <header class="war"><p>Every rule of this page tries to reach the dialog.</p></header>
            <main>
            <h1>Dashboard</h1>
            <p>Numbers and charts.</p>
            <button id="opener" type="button">Settings</button>
            </main>
            <div class="cover"></div>
            <div class="cover second"></div>
            </body>
            </html>

            """
    }

    /// The host's style sheet: everything unset, `!important` rules aimed at dialogs and at
    /// the client's own element, and a `z-index` war over the whole window.
    static let hostileStyle = """
        * { all: unset; }
        head, script, style, title, meta, link { display: none; }
        html, body { display: block; background: #ffffff; color: #111111; font: 18px/1.4 serif; }
        header, main, p, h1 { display: block; margin: 1rem; }
        h1 { font-size: 2rem; font-weight: bold; }
        button { display: inline-block; padding: 0.75rem 1rem; border: 2px solid #111111;
          margin: 1rem; }
        div, p, h1, h2, button, nav, section, article, figure, img, ol, li, dialog {
          color: #111111 !important; font-size: 30px !important; letter-spacing: 0.3em !important; }
        dialog, [role="dialog"], [aria-modal="true"] { display: none !important;
          visibility: hidden !important; }
        walkthrough-dialog { display: none !important; opacity: 0 !important;
          visibility: hidden !important; transform: scale(0) !important; }
        .war { position: fixed !important; top: 0; left: 0; right: 0; z-index: 2147483647 !important;
          background: #ffef9e; }
        .cover { display: block; position: fixed !important; top: 0; left: 0; width: 100vw;
          height: 100vh; z-index: 2147483646 !important; }
        .cover.second { z-index: 2147483647 !important; }

        """
}
#endif
