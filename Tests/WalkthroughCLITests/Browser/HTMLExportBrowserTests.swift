import Foundation
import Testing
import WalkthroughTestSupport

/// The exported page in a real browser: Debian's `chromium`, headless, driven over the DevTools
/// protocol, the page written by the built binary and opened from `file://`. Screenshots are
/// kept in `.build/test-artifacts/html` (docs/testing.md).
@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.unavailableReason == nil, "no chromium for the browser tests"))
struct HTMLExportBrowserTests {
    @Test func arrowsAndButtonsMoveThePagesAndTheLastOneFinishes() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession("foodpin", in: sandbox)
        let page = session.page
        #expect(try page.string("location.protocol") == "file:")
        #expect(try session.text("heading") == "Personalize")
        #expect(try session.text("position") == "1/3")
        #expect(try page.waitFor("document.getElementById('image').complete"))
        #expect(try page.evaluate("document.getElementById('image').naturalWidth") as? Int == 140)
        #expect(
            try page.string("document.getElementById('image').alt")
                == "A red plate, ready for your favourite dish")
        // Linear: the third page is not reachable yet.
        #expect(try session.dots().map(\.current) == [true, false, false])
        #expect(try session.dots().map(\.enabled) == [true, true, false])
        #expect(try page.evaluate("document.getElementById('back').disabled") as? Bool == true)
        try session.screenshot("foodpin-desktop-1280x800.png")

        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        #expect(try session.text("position") == "2/3")
        #expect(try session.dots().map(\.current) == [false, true, false])
        #expect(try session.dots().map(\.enabled) == [true, true, true])
        #expect(try page.string("document.activeElement.id") == "heading")
        #expect(try session.text("announcer") == "Page 2 of 3: Locate")
        #expect(
            try page.string("document.getElementById('image').getAttribute('src')")
                == "images/foodpin-intro-2.png")

        try page.click("#next")
        #expect(try session.waitForHeading("Discover"))
        #expect(try session.text("position") == "3/3")
        #expect(try session.text("next") == "Get Started")
        try page.click("#back")
        #expect(try session.waitForHeading("Locate"))
        #expect(try session.text("next") == "Next")
        try page.press("ArrowLeft")
        #expect(try session.waitForHeading("Personalize"))
        #expect(try page.evaluate("document.getElementById('back').disabled") as? Bool == true)
        try page.press("ArrowLeft")
        #expect(try session.text("heading") == "Personalize", "no page before the first")
        #expect(try session.text("position") == "1/3")
        try page.click("#dots li:nth-child(3) button")
        #expect(try session.waitForHeading("Discover"), "a dot jumps to a page reached before")

        try page.press("ArrowRight")
        #expect(try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
        #expect(try session.text("finished-heading") == "You have finished FoodPin.")
        #expect(try page.string("document.activeElement.id") == "finished-heading")
        #expect(try session.isVisible("finished"))
        #expect(try !session.isVisible("pager"))
        #expect(try page.evaluate("window.__finished") as? [String] == ["completed"])
        try page.click("#restart")
        #expect(try session.waitForHeading("Personalize"))
        #expect(try session.text("position") == "1/3")
        #expect(try page.evaluate("window.__violations.length") as? Int == 0)
    }

    @Test func skipFinishesAsSkippedAndIsAbsentWhereTheDefinitionForbidsIt() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let skippable = try ExportedPageSession("foodpin", in: sandbox)
        #expect(try skippable.isVisible("skip"))
        try skippable.page.click("#skip")
        #expect(
            try skippable.page.waitFor("document.documentElement.dataset.outcome === 'skipped'"))
        #expect(try skippable.text("finished-heading") == "You skipped FoodPin.")
        #expect(try skippable.page.evaluate("window.__finished") as? [String] == ["skipped"])

        let strict = try ExportedPageSession(
            "foodpin-zh-hant", in: sandbox, extra: ["--locale", "zh-TW"])
        #expect(try strict.text("heading") == "個人化你的美食指南")
        #expect(try !strict.isVisible("skip"))
        #expect(try !strict.isVisible("languages"), "one locale: no switcher")
        try strict.page.press("ArrowRight")
        try strict.page.press("ArrowRight")
        #expect(try strict.waitForHeading("探索朋友的口袋名單"))
        #expect(try strict.text("next") == "開始使用")
        #expect(try strict.text("back") == "上一頁")
    }

    @Test func theLanguageSwitcherChangesEveryText() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession("foodpin", in: sandbox, extra: ["--locale", "zh-TW"])
        let page = session.page
        #expect(try session.isVisible("languages"))
        #expect(try page.string("document.documentElement.lang") == "zh-Hant")
        #expect(try session.text("heading") == "個人化你的美食指南")
        #expect(
            try page.evaluate(
                "[...document.querySelectorAll('#locale option')].map(o => o.textContent)")
                as? [String] == ["English", "繁體中文", "简体中文"])
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("在地圖上找到餐廳"))
        #expect(try session.text("announcer") == "第 2 頁，共 3 頁：在地圖上找到餐廳")

        // Choose English with the keyboard, as a user would: focus the list, press ↑.
        _ = try page.evaluate("document.getElementById('locale').focus()")
        try page.press("ArrowUp")
        #expect(try session.waitForHeading("Locate"))
        #expect(try page.string("document.documentElement.lang") == "en")
        #expect(try session.text("position") == "2/3", "the page stays")
        #expect(
            try session.text("content") == "Search and locate your favourite restaurant on Maps")
        #expect(try session.text("next") == "Next")
        #expect(try session.text("back") == "Back")
        #expect(try session.text("skip") == "Skip")
        #expect(try session.text("locale-label") == "Language")
        #expect(
            try page.string("document.getElementById('pager').getAttribute('aria-label')")
                == "Pages")
        #expect(try session.text("title") == "FoodPin")
        #expect(try page.string("document.title") == "FoodPin")
        #expect(
            try page.string("document.getElementById('image').alt")
                == "A map pin marking a restaurant")
        #expect(
            try page.string(
                "document.querySelector('#dots li:nth-child(2) button').getAttribute('aria-label')")
                == "Page 2 of 3")

        try page.press("ArrowDown")
        try page.press("ArrowDown")
        #expect(try session.waitForHeading("在地图上找到餐厅"))
        #expect(try session.text("next") == "下一页")
        #expect(try page.string("document.documentElement.lang") == "zh-Hans")
    }

    /// What a screen reader gets: the browser's own accessibility tree.
    @Test func aScreenReaderFindsLandmarksNamedControlsAndTheCurrentPage() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession("foodpin", in: sandbox)
        try session.page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        try session.page.call("Accessibility.enable")
        let tree = try session.page.call("Accessibility.getFullAXTree")
        let nodes = (tree["nodes"] as? [[String: Any]] ?? []).compactMap {
            node -> (String, String)? in
            guard node["ignored"] as? Bool != true,
                let role = (node["role"] as? [String: Any])?["value"] as? String
            else { return nil }
            return (role, (node["name"] as? [String: Any])?["value"] as? String ?? "")
        }
        func named(_ role: String) -> [String] { nodes.filter { $0.0 == role }.map(\.1) }
        #expect(named("main").count == 1)
        #expect(named("navigation") == ["Pages"])
        #expect(named("list") == ["Pages"])
        #expect(named("listitem").count == 3)
        #expect(named("heading") == ["Locate"])
        #expect(named("image") == ["A map pin marking a restaurant"])
        #expect(named("combobox") == ["Language"])
        #expect(
            named("button").sorted()
                == ["Back", "Next", "Page 1 of 3", "Page 2 of 3", "Page 3 of 3", "Skip"],
            "every button has a name")
        #expect(
            try session.page.evaluate(
                "document.querySelector('#dots li:nth-child(2) button').getAttribute('aria-current')"
            )
                as? String == "step")
        #expect(
            try session.page.string(
                "document.getElementById('announcer').getAttribute('aria-live')")
                == "polite")
    }

    @Test func aPhoneSizedViewportFitsWithoutScrollingSideways() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession(
            "foodpin", in: sandbox, extra: ["--locale", "zh-Hant"], width: 390, height: 844,
            mobile: true)
        let page = session.page
        #expect(try page.evaluate("window.innerWidth") as? Int == 390, "the viewport meta applies")
        #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 390)
        for id in ["back", "skip", "next", "locale"] {
            let box =
                try page.evaluate(
                    "(() => { const r = document.getElementById('\(id)').getBoundingClientRect(); return [r.left, r.right, r.height]; })()"
                )
                as? [Double] ?? []
            #expect(box.count == 3 && box[0] >= 0 && box[1] <= 390, "\(id) fits: \(box)")
            #expect(box.count == 3 && box[2] >= 44, "\(id) is a 44-pixel touch target: \(box)")
        }
        try session.screenshot("foodpin-phone-390x844.png")
        try page.click("#next")
        #expect(try session.waitForHeading("在地圖上找到餐廳"))
        #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 390)
    }

    @Test func aLongWalkthroughShowsOnlyNOfMAndReadsIt() throws {
        let sandbox = try Sandbox()
        try sandbox.define("long.json", definition(id: "long", pages: 31, navigation: "free"))
        let session = try ExportedPageSession("long", in: sandbox)
        #expect(try !session.isVisible("dots"))
        #expect(try session.text("position") == "1/31")
        #expect(
            try session.page.evaluate(
                "document.getElementById('position').hasAttribute('aria-hidden')") as? Bool
                == false)
        try session.page.press("ArrowRight")
        #expect(try session.waitForHeading("Page 2"))
        #expect(try session.text("position") == "2/31")
    }

    @Test func aHostileDefinitionShowsAsTextAndRunsNothing() throws {
        let sandbox = try Sandbox()
        try sandbox.define("hostile.json", hostileWebDefinition)
        let session = try ExportedPageSession("hostile", in: sandbox)
        let page = session.page
        let elements =
            "['img', 'svg', 'iframe', 'script'].map(t => document.getElementsByTagName(t).length)"
        // The page's own: two images (a page's and a spread's right page's), two scripts.
        #expect(try page.evaluate(elements) as? [Int] == [2, 0, 0, 2])
        #expect(try session.text("heading") == "<img src=x onerror=\"window.__pwned='heading'\">")
        #expect(try session.text("title") == "\"><svg onload=\"window.__pwned='title'\">")
        #expect(try page.string("document.title") == "\"><svg onload=\"window.__pwned='title'\">")
        #expect(
            try session.text("content")
                == "</script><script>window.__pwned='content'</script><!-- &amp; \u{2028} end")
        #expect(try session.text("image-alt") == "Image: \"><svg onload=\"window.__pwned='alt'\">")
        #expect(try session.text("next") == "Next")
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("</script><svg onload=\"window.__pwned='heading2'\">"))
        #expect(try session.text("next") == "<img src=x onerror=\"window.__pwned='finish'\">")
        #expect(
            try session.text("content")
                == "<iframe src=\"javascript:window.__pwned='iframe'\"></iframe>")
        try page.press("ArrowRight")
        #expect(try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
        #expect(
            try session.text("finished-heading")
                == "You have finished \"><svg onload=\"window.__pwned='title'\">.")
        #expect(try page.evaluate(elements) as? [Int] == [2, 0, 0, 2])
        #expect(try page.evaluate("typeof window.__pwned") as? String == "undefined")
        #expect(try page.evaluate("window.__violations") as? [String] == [])
        #expect(page.requests.allSatisfy { $0.hasPrefix("file://") }, "\(page.requests)")
    }

    @Test func theContentSecurityPolicyIsPresentAndEnforced() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession("foodpin", in: sandbox)
        let page = session.page
        #expect(
            try page.string(
                "document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content")?
                .hasPrefix("default-src 'none'; img-src 'self'; style-src 'sha256-") == true)
        // The page's own script ran (ready) and style applied, with no violation.
        #expect(
            try page.string("getComputedStyle(document.getElementById('next')).backgroundColor")
                == "rgb(208, 58, 43)")
        #expect(try page.evaluate("window.__violations.length") as? Int == 0)
        let before = page.requests.count
        _ = try page.evaluate(
            """
            (() => {
              const script = document.createElement("script");
              script.textContent = "window.__breach = 'script'";
              document.body.appendChild(script);
              const style = document.createElement("style");
              style.textContent = "body { background: rgb(1, 2, 3) }";
              document.head.appendChild(style);
              const image = document.createElement("img");
              image.src = "http://example.com/tracker.png";
              document.body.appendChild(image);
              return fetch("http://example.com/beacon").then(() => "fetched", () => "refused");
            })()
            """)
        #expect(try page.waitFor("window.__violations.length >= 4"))
        let violations = try page.evaluate("window.__violations") as? [String] ?? []
        #expect(violations.contains { $0.hasPrefix("script-src-elem") }, "\(violations)")
        #expect(violations.contains { $0.hasPrefix("style-src-elem") }, "\(violations)")
        #expect(violations.contains("img-src http://example.com/tracker.png"), "\(violations)")
        #expect(violations.contains("connect-src http://example.com/beacon"), "\(violations)")
        #expect(try page.evaluate("typeof window.__breach") as? String == "undefined")
        #expect(
            try page.string("getComputedStyle(document.body).backgroundColor") != "rgb(1, 2, 3)")
        // The image was stopped before it was sent: the browser reports it blocked by the policy.
        let attempted = page.requests.dropFirst(before).filter { !$0.hasPrefix("file://") }
        #expect(attempted == ["http://example.com/tracker.png"])
        #expect(page.blockedRequests["http://example.com/tracker.png"] == "csp")
    }

    @Test func aWholeSessionMakesNoNetworkRequest() throws {
        let sandbox = try Sandbox()
        try sandbox.defineFoodPinWithImages()
        let session = try ExportedPageSession("foodpin", in: sandbox)
        let page = session.page
        try page.press("ArrowRight")
        try page.press("ArrowRight")
        _ = try page.evaluate("document.getElementById('locale').focus()")
        try page.press("ArrowDown")
        #expect(try session.waitForHeading("探索朋友的口袋名單"))
        try page.press("Tab")
        try page.click("#next")
        #expect(try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
        try page.click("#restart")
        #expect(try session.waitForHeading("個人化你的美食指南"))
        let requests = page.requests
        let own = "file://" + session.folder + "/"
        #expect(requests.first == session.url)
        #expect(requests.allSatisfy { $0.hasPrefix(own) }, "\(requests)")
        #expect(
            Set(requests) == [
                session.url, own + "images/foodpin-intro-1.png", own + "images/foodpin-intro-2.png",
                own + "images/foodpin-intro-3.png",
            ])
    }

    /// The watch the test above relies on sees a request when a page makes one (it goes
    /// nowhere: every host resolves to nothing and the proxy is a closed port).
    @Test func theNetworkWatchSeesARequestWhenAPageMakesOne() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "<!DOCTYPE html><title>probe</title><img src=\"http://example.com/probe.png\">",
            to: "probe.html")
        let browser = try HeadlessChromium()
        let page = try browser.newPage(width: 800, height: 600)
        try page.navigate(to: "file://" + folder.file("probe.html"))
        #expect(
            waitUntil(timeout: 10) { page.requests.contains("http://example.com/probe.png") },
            "\(page.requests)")
    }

    /// The repository's own FoodPin, with its own images, at both sizes: the screenshots the
    /// documentation shows (docs/html-export.md).
    @Test func screenshotsOfTheRepositorysFoodPin() throws {
        let sandbox = try Sandbox()
        let root = repositoryRoot()
        let session = try ExportedPageSession(root + "/walkthroughs/foodpin.json", in: sandbox)
        #expect(try session.page.waitFor("document.getElementById('image').complete"))
        try session.screenshot("repository-foodpin-desktop-1280x800.png")
        try session.page.resize(width: 390, height: 844, mobile: true)
        #expect(try session.page.waitFor("window.innerWidth === 390"))
        try session.screenshot("repository-foodpin-phone-390x844.png")
    }
}

/// Says whether the browser tests run here, and why not when they do not; with
/// `WALKTHROUGH_REQUIRE_BROWSER=1` (as `.ci/run` sets it) a missing browser fails the run.
struct BrowserAvailabilityTests {
    @Test func browserTestsRunOrSayWhyNot() {
        guard let reason = HeadlessChromium.unavailableReason else { return }
        if ProcessInfo.processInfo.environment["WALKTHROUGH_REQUIRE_BROWSER"] == "1" {
            Issue.record("the browser tests did not run: \(reason)")
        } else {
            print("note: the browser tests did not run: \(reason)")
        }
    }
}
