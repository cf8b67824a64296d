#if SERVER
import Foundation
@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The sample web app (`walkthroughs/web`) as docs/web.md runs it: `walkthrough serve` with
/// `--allow-origin` the app's origin, and `app.py` signing the user's token with serve's keys
/// file. It shows FoodPin once per user; the screenshot of the dialog over the app is the one
/// docs/web.md shows (docs/images/web-client-foodpin.png).
@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.unavailableReason == nil, "no chromium for the browser tests"))
struct WebSampleAppTests {
    @Test func theSampleAppShowsFoodPinOncePerUser() throws {
        let state = try TemporaryFolder()
        // A port free a moment ago, which the server takes at once: the app must know the
        // server's address, and the server the app's origin, before either starts.
        let port = try LoopbackListener.freePort()
        let app = try HostSite(
            sampleAppFor: "http://127.0.0.1:\(port)", keys: state.file("serve-keys.json"))
        let server = try ServeProcess(
            arguments: ["--allow-origin", app.origin], folder: state, listen: "127.0.0.1:\(port)")
        let browser = try HeadlessChromium(reachesLoopback: true)
        let page = try browser.newPage(width: 1280, height: 800)
        try page.addInitScript(WebClientSession.probes)
        try page.navigate(to: app.origin + "/?user=frank")
        #expect(try page.waitFor("window.__wt() && window.__wt().getElementById('dialog').open"))
        #expect(try page.waitFor("window.__text('heading') === 'Personalize'"))
        #expect(try page.waitFor("window.__wt().getElementById('image').complete"))
        #expect(try page.string("document.getElementById('user').textContent") == "frank")
        let path = try Self.screenshot(page, "web-client-foodpin-1280x800.png")
        #expect(FileManager.default.fileExists(atPath: path))

        for _ in 0..<3 { try page.press("ArrowRight") }
        #expect(
            try page.waitFor(
                "document.getElementById('status').textContent"
                    + " === 'You went through the FoodPin walkthrough (completed).'"))
        try page.navigate(to: app.origin + "/?user=frank")
        #expect(
            try page.waitFor(
                "document.getElementById('status').textContent === 'No walkthrough now (seen).'"))
        #expect(
            try page.evaluate("document.querySelector('walkthrough-dialog') === null") as? Bool
                == true)
        #expect(try page.evaluate("window.__violations") as? [String] == [])
        _ = server
    }

    /// Saves a screenshot of the viewport as `name` in `.build/test-artifacts/web`.
    static func screenshot(_ page: BrowserPage, _ name: String) throws -> String {
        let folder = repositoryRoot() + "/.build/test-artifacts/web"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try page.screenshot().write(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
        return path
    }
}
#endif
