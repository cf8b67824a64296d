import Foundation
import Testing
import WalkthroughTestSupport

/// `layout` in the exported page, in headless chromium: `walkthroughs/book.json` as spreads at
/// 1280 px and one page at 390 px (a resize keeping the page), keys in both orientations, the
/// slide as a CSS transform and none under `prefers-reduced-motion`, and axe-core on a spread.
@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.unavailableReason == nil, "no chromium for the browser tests"))
struct SpreadBrowserTests {
    static func bookSandbox() throws -> Sandbox {
        try SpreadTmuxTests.bookSandbox()
    }

    /// A three-page walkthrough with `layout` in the sandbox, as `tour`.
    static func tourSandbox(_ layout: String) throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.define("tour.json", LayoutTmuxTests.definition(layout))
        return sandbox
    }

    /// Records every transition the pages start (`window.__transitions`: the property and the
    /// transform the pages start from).
    static let transitionProbe = """
        window.__transitions = [];
        document.addEventListener("transitionrun", (event) => {
          if (event.target.id !== "spread") return;
          window.__transitions.push([event.propertyName, getComputedStyle(event.target).transform]);
        }, true);
        """

    /// The left and right edges of the element `id`, in CSS pixels.
    static func edges(_ session: ExportedPageSession, _ id: String) throws -> [Double] {
        try session.page.evaluate(
            "(() => { const r = document.getElementById('\(id)').getBoundingClientRect();"
                + " return [r.left, r.right]; })()") as? [Double] ?? []
    }

    /// Two animation frames, after which a transition that was to start has started.
    static func settle(_ page: BrowserPage) throws {
        _ = try page.evaluate(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
    }

    @Test func twoPagesAt1280AndOneAt390KeepingThePage() throws {
        let sandbox = try Self.bookSandbox()
        let session = try ExportedPageSession("book", in: sandbox, width: 1280, height: 800)
        let page = session.page
        #expect(try session.text("position") == "1\u{2013}2/5")
        #expect(try session.text("heading") == "Personalize")
        #expect(try session.text("heading-2") == "Search and locate")
        #expect(try session.isVisible("page-2"))
        #expect(try session.dots().map(\.current) == [true, true, false, false, false])
        #expect(
            try page.string("document.getElementById('image-2').getAttribute('src')")
                == "images/foodpin-intro-2.png")
        #expect(try page.waitFor("document.getElementById('image-2').complete"))
        // Each picture in its own page: the left one in the left half, the right one in the right.
        let middle = 640.0
        let left = try Self.edges(session, "image")
        let right = try Self.edges(session, "image-2")
        #expect(left.count == 2 && left[1] <= middle, "\(left)")
        #expect(right.count == 2 && right[0] >= middle && right[1] <= 1280, "\(right)")
        #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 1280)
        #expect(try page.waitFor("document.getElementById('image').complete"))
        // The screenshot docs/format.md shows (docs/images/html-export-spread.png).
        try session.screenshot("book-spread-1-2-1280x800.png")

        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Discover great restaurants"))
        #expect(try session.text("position") == "3\u{2013}4/5")
        #expect(try session.text("heading-2") == "Share your guide")
        #expect(try !session.isVisible("figure-2"), "page 4 has no picture, nor an image line")
        #expect(try session.dots().map(\.current) == [false, false, true, true, false])
        #expect(try session.text("announcer") == "Page 3\u{2013}4 of 5: Discover great restaurants")
        try Self.settle(page)
        #expect(try page.waitFor("document.getAnimations().length === 0"))
        #expect(try page.waitFor("document.getElementById('image').complete"))
        try session.screenshot("book-spread-3-4-1280x800.png")

        try page.resize(width: 390, height: 844, mobile: true)
        #expect(try page.waitFor("window.innerWidth === 390"))
        #expect(try page.waitFor("document.getElementById('position').textContent === '4/5'"))
        #expect(try session.text("heading") == "Share your guide")
        #expect(try !session.isVisible("page-2"))
        #expect(try session.dots().map(\.current) == [false, false, false, true, false])
        #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 390)
        try session.screenshot("book-page-390x844.png")
        try page.resize(width: 1280, height: 800)
        #expect(
            try page.waitFor("document.getElementById('position').textContent === '3\u{2013}4/5'"))
        #expect(try session.text("heading") == "Discover great restaurants")

        try page.click("#next")
        #expect(try session.waitForHeading("Ready"))
        #expect(try session.text("position") == "5/5")
        #expect(try !session.isVisible("page-2"))
        #expect(try session.text("next") == "Start pinning")
        try page.click("#back")
        #expect(try session.waitForHeading("Discover great restaurants"))
        try page.click("#dots li:nth-child(2) button")
        #expect(try session.waitForHeading("Personalize"))
        #expect(try session.text("position") == "1\u{2013}2/5")
        try page.click("#dots li:nth-child(5) button")
        #expect(try session.waitForHeading("Ready"))
        try page.press("ArrowRight")
        #expect(try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
        #expect(try page.evaluate("window.__violations.length") as? Int == 0)
    }

    @Test func aPhoneShowsOnePageAtATime() throws {
        let sandbox = try Self.bookSandbox()
        let session = try ExportedPageSession(
            "book", in: sandbox, width: 390, height: 844, mobile: true)
        #expect(try session.text("position") == "1/5")
        #expect(try !session.isVisible("page-2"))
        try session.page.press("ArrowRight")
        #expect(try session.waitForHeading("Search and locate"))
        #expect(try session.text("position") == "2/5")
        #expect(try session.dots().map(\.current) == [false, true, false, false, false])
    }

    @Test func keysInBothOrientations() throws {
        let horizontal = try ExportedPageSession("tour", in: try Self.tourSandbox("{}"))
        try horizontal.page.press("ArrowDown")
        try horizontal.page.press("PageDown")
        try Self.settle(horizontal.page)
        #expect(try horizontal.text("position") == "1/3", "↓ scrolls a horizontal page")
        try horizontal.page.press("ArrowRight")
        #expect(try horizontal.waitForHeading("Second"))

        let sandbox = try Self.tourSandbox(#"{"orientation": "vertical"}"#)
        let session = try ExportedPageSession("tour", in: sandbox)
        let steps: [(String, String, String)] = [
            ("ArrowDown", "Second", "2/3"), ("PageDown", "Third", "3/3"),
            ("ArrowUp", "Second", "2/3"), ("PageUp", "First", "1/3"),
            ("ArrowRight", "Second", "2/3"), ("ArrowLeft", "First", "1/3"),
        ]
        for (key, heading, position) in steps {
            try session.page.press(key)
            #expect(try session.waitForHeading(heading), "\(key)")
            #expect(try session.text("position") == position, "\(key)")
        }
    }

    @Test(arguments: [("horizontal", false), ("vertical", true)])
    func theSlideIsATransformFromTheSideThePagesComeFrom(
        orientation: String, vertical: Bool
    )
        throws
    {
        let sandbox = try Self.tourSandbox(
            #"{"orientation": "\#(orientation)", "transition": "scroll"}"#)
        let session = try ExportedPageSession("tour", in: sandbox)
        let page = session.page
        _ = try page.evaluate(Self.transitionProbe + "\n;true")
        try page.press(vertical ? "ArrowDown" : "ArrowRight")
        #expect(try session.waitForHeading("Second"))
        #expect(try page.waitFor("window.__transitions.length >= 1"))
        let transitions = try page.evaluate("window.__transitions") as? [[String]] ?? []
        let first = try #require(transitions.first)
        #expect(first[0] == "transform")
        // matrix(1, 0, 0, 1, tx, ty): forward, the pages come from the right or from below.
        let numbers = first[1].dropFirst("matrix(".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(numbers.count == 6, "\(first[1])")
        if numbers.count == 6 {
            #expect(
                vertical ? numbers[5] > 0 && numbers[4] == 0 : numbers[4] > 0 && numbers[5] == 0)
        }
        #expect(
            try page.string(
                "getComputedStyle(document.getElementById('spread')).transitionDuration")
                == "0.15s")
        _ = try page.evaluate("window.__transitions = []")
        try page.press(vertical ? "ArrowUp" : "ArrowLeft")
        #expect(try session.waitForHeading("First"))
        #expect(try page.waitFor("window.__transitions.length >= 1"))
        let back = try page.evaluate("window.__transitions[0][1]") as? String ?? ""
        let backNumbers = back.dropFirst("matrix(".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(backNumbers.count == 6 && backNumbers[vertical ? 5 : 4] < 0, "\(back)")
    }

    @Test func nothingMovesUnderPrefersReducedMotion() throws {
        let sandbox = try Self.tourSandbox(#"{"transition": "scroll"}"#)
        let session = try ExportedPageSession("tour", in: sandbox)
        let page = session.page
        try page.call(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-reduced-motion", "value": "reduce"]]])
        #expect(
            try page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") as? Bool
                == true)
        _ = try page.evaluate(Self.transitionProbe + "\n;true")
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Second"))
        try Self.settle(page)
        try page.press("ArrowLeft")
        #expect(try session.waitForHeading("First"))
        try Self.settle(page)
        #expect(try page.evaluate("window.__transitions.length") as? Int == 0)
        #expect(try page.evaluate("document.getAnimations().length") as? Int == 0)
        #expect(
            try page.string(
                "getComputedStyle(document.getElementById('spread')).transitionDuration")
                == "0s")
    }

    @Test func aHostileSpreadShowsBothPagesAsText() throws {
        let sandbox = try Sandbox()
        try sandbox.define(
            "hostile.json",
            hostileWebDefinition.replacing(
                #""navigation": "free","#,
                with: #""navigation": "free", "layout": {"spread": "always"},"#))
        let session = try ExportedPageSession("hostile", in: sandbox)
        let page = session.page
        #expect(try session.text("position") == "1\u{2013}2/2")
        #expect(
            try session.text("heading-2") == "</script><svg onload=\"window.__pwned='heading2'\">")
        #expect(
            try session.text("content-2")
                == "<iframe src=\"javascript:window.__pwned='iframe'\"></iframe>")
        let elements =
            "['img', 'svg', 'iframe', 'script'].map(t => document.getElementsByTagName(t).length)"
        #expect(try page.evaluate(elements) as? [Int] == [2, 0, 0, 2])
        #expect(try session.text("next") == "<img src=x onerror=\"window.__pwned='finish'\">")
        try page.press("ArrowRight")
        #expect(try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
        #expect(try page.evaluate("typeof window.__pwned") as? String == "undefined")
        #expect(try page.evaluate("window.__violations") as? [String] == [])
    }

    @Test(arguments: ["light", "dark"])
    func axeCoreFindsNoViolationOnASpread(scheme: String) throws {
        let axe = try AxeCore.source()
        let sandbox = try Self.bookSandbox()
        let session = try ExportedPageSession("book", in: sandbox, width: 1280, height: 800)
        let page = session.page
        try page.call(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-color-scheme", "value": scheme]]])
        _ = try page.evaluate(axe + "\n;true")
        let check = """
            axe.run(document).then(r => r.violations.map(v =>
              v.id + " (" + v.impact + "): " + v.nodes.map(n => n.target.join(" ")).join(", ")))
            """
        #expect(try session.text("position") == "1\u{2013}2/5")
        var found: [String] = []
        // The first spread (two pictures), the second (a picture and an alt text), the last page.
        for step in 0..<3 {
            try Self.settle(page)
            #expect(try page.waitFor("document.getAnimations().length === 0"))
            let violations = try page.evaluate(check) as? [String]
            #expect(violations == [], "\(scheme), step \(step): \(violations ?? [])")
            found += violations ?? []
            try page.click("#next")
        }
        print("axe-core on a spread, \(scheme): \(found.count) violations")
    }
}
