import Foundation
import Testing
import WalkthroughTestSupport

/// A walkthrough exported by the built `walkthrough` binary and opened from `file://` in a
/// headless chromium, with probes in place before the page's own script runs: every
/// Content-Security-Policy violation and every `walkthroughfinished` event is collected in
/// `window.__violations` and `window.__finished`.
final class ExportedPageSession {
    let sandbox: Sandbox
    let browser: HeadlessChromium
    let page: BrowserPage
    /// The export folder.
    let folder: String
    /// `file:///…/index.html`.
    let url: String

    /// Exports `walkthrough` (with `extra` arguments) from `sandbox` and opens it at
    /// `width` × `height`.
    init(
        _ walkthrough: String, in sandbox: Sandbox, extra: [String] = [], width: Int = 1280,
        height: Int = 800, mobile: Bool = false
    ) throws {
        self.sandbox = sandbox
        folder = sandbox.folder.file("out")
        let result = try sandbox.execute(["export", walkthrough, "--html", folder] + extra)
        guard result.status == 0 else {
            throw TestSupportError("export failed (\(result.status)): \(result.standardError)")
        }
        url = "file://" + folder + "/index.html"
        browser = try HeadlessChromium()
        page = try browser.newPage(width: width, height: height, mobile: mobile)
        try page.addInitScript(
            """
            window.__violations = [];
            window.__finished = [];
            document.addEventListener("securitypolicyviolation", (event) => {
              window.__violations.push(event.effectiveDirective + " " + event.blockedURI);
            }, true);
            document.addEventListener("walkthroughfinished", (event) => {
              window.__finished.push(event.detail.outcome);
            });
            """)
        try page.navigate(to: url)
        guard try page.waitFor("document.documentElement.dataset.ready === 'true'") else {
            throw TestSupportError(
                "the page's script did not start: \(page.consoleMessages) \(browser.log.suffix(1500))"
            )
        }
    }

    /// The text of the element with `id`.
    func text(_ id: String) throws -> String? {
        try page.string("document.getElementById('\(id)').textContent")
    }

    /// Waits until the heading reads `heading`.
    func waitForHeading(_ heading: String) throws -> Bool {
        let quoted = String(
            decoding: try JSONSerialization.data(withJSONObject: [heading]), as: UTF8.self)
        return try page.waitFor("document.getElementById('heading').textContent === \(quoted)[0]")
    }

    /// Whether the element `id` is rendered (not hidden, with a size).
    func isVisible(_ id: String) throws -> Bool {
        try page.evaluate(
            "(() => { const e = document.getElementById('\(id)'); const r = e.getBoundingClientRect();"
                + " return !e.closest('[hidden]') && r.width > 0 && r.height > 0; })()") as? Bool
            == true
    }

    /// The dots' state: for each, whether it is current and whether it is enabled.
    func dots() throws -> [(current: Bool, enabled: Bool)] {
        let states =
            try page.evaluate(
                "[...document.querySelectorAll('#dots button')].map(b => [b.getAttribute('aria-current') === 'step', !b.disabled])"
            )
            as? [[Bool]] ?? []
        return states.map { ($0[0], $0[1]) }
    }

    /// Saves a screenshot of the viewport as `name` in the artifacts folder; returns its path.
    @discardableResult
    func screenshot(_ name: String) throws -> String {
        let path = Self.artifacts + "/" + name
        try page.screenshot().write(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
        return path
    }

    /// `.build/test-artifacts/html` in the repository: the screenshots the browser tests keep.
    static let artifacts: String = {
        let path = repositoryRoot() + "/.build/test-artifacts/html"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}
