#if SERVER
import Foundation
import Testing
import WalkthroughTestSupport

/// The web client in real headless chromium against the built `walkthrough serve`, on a host
/// page of another origin with hostile CSS (`* { all: unset }`, `!important` rules aimed at
/// dialogs, a `z-index` war) and a strict Content-Security-Policy (``WebClientSession``).
@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.unavailableReason == nil, "no chromium for the browser tests"))
struct WebClientBrowserTests {
    /// `window.__wt().getElementById(id)`.
    static func element(_ id: String) -> String {
        "window.__wt().getElementById('\(id)')"
    }

    @Test func aDueWalkthroughIsShownPlayedToTheEndAndThenSeen() throws {
        let session = try WebClientSession()
        let page = session.page!
        let token = try WebClientSession.tokens(["alice"])[0]
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.waitForHeading("Personalize"))
        #expect(try session.text("position") == "1/3")
        #expect(try session.text("title") == "FoodPin")
        #expect(try session.text("next") == "Next")
        // The WAI-ARIA APG modal dialog, labelled by the page heading, focus on the heading.
        let dialog = Self.element("dialog")
        #expect(try page.string("\(dialog).getAttribute('role')") == "dialog")
        #expect(try page.string("\(dialog).getAttribute('aria-modal')") == "true")
        #expect(try page.string("\(dialog).getAttribute('aria-labelledby')") == "heading")
        #expect(try session.focused() == "heading")
        #expect(try page.waitFor("\(Self.element("image")).complete"))
        #expect(try page.evaluate("\(Self.element("image")).naturalWidth") as? Int ?? 0 > 0)
        // The host's rules do not reach it, and it is above every z-index of the host's.
        #expect(try page.string("getComputedStyle(\(dialog)).display") == "flex")
        #expect(try page.string("getComputedStyle(\(Self.element("heading"))).fontSize") != "30px")
        #expect(
            try page.string("getComputedStyle(\(Self.element("content"))).letterSpacing")
                == "normal")
        #expect(
            try page.string(
                "getComputedStyle(document.querySelector('walkthrough-dialog')).opacity")
                == "1")
        let onTop =
            try page.evaluate(
                """
                (() => { const r = \(Self.element("next")).getBoundingClientRect();
                  const x = r.left + r.width / 2, y = r.top + r.height / 2;
                  return [document.elementFromPoint(x, y)?.localName,
                          window.__wt().elementFromPoint(x, y)?.id]; })()
                """) as? [String]
        #expect(onTop == ["walkthrough-dialog", "next"])
        #expect(try page.string("\(Self.element("next")).getAttribute('style')") == nil)

        // Keys and clicks to the end: every move a step on the server.
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        #expect(try session.text("position") == "2/3")
        #expect(try session.text("announcer") == "Page 2 of 3: Locate")
        try session.click("#next")
        #expect(try session.waitForHeading("Discover"))
        #expect(try session.text("next") == "Get Started")
        try session.click("#dots li:nth-child(1) button")
        #expect(try session.waitForHeading("Personalize"))
        try page.press("End")
        #expect(try session.waitForHeading("Discover"))
        try page.press("Home")
        #expect(try session.waitForHeading("Personalize"))
        try page.press("2")
        #expect(try session.waitForHeading("Locate"))
        try session.click("#back")
        #expect(try session.waitForHeading("Personalize"))
        try page.press("3")
        #expect(try session.waitForHeading("Discover"))
        try page.press("Enter")
        let result = try #require(try session.result())
        #expect(result["shown"] as? Bool == true)
        #expect(result["outcome"] as? String == "completed")
        #expect(result["reason"] as? String == "due")
        #expect(
            try page.evaluate("document.querySelector('walkthrough-dialog') === null") as? Bool
                == true)
        #expect(try session.record(of: "alice")?["outcome"] as? String == "completed")
        #expect(
            try session.events(of: "alice") == [
                "started 1", "page 2", "page 3", "page 1", "page 3", "page 1", "page 2",
                "page 1", "page 3", "finished 3",
            ])

        // Once per user: the second call shows nothing, and says why.
        try session.start("foodpin", token: token)
        let again = try #require(try session.result())
        #expect(again["shown"] as? Bool == false)
        #expect(again["outcome"] is NSNull)
        #expect(again["reason"] as? String == "seen")
        #expect(
            try page.evaluate("document.querySelector('walkthrough-dialog') === null") as? Bool
                == true)
        #expect(try page.evaluate("window.__violations") as? [String] == [])
        #expect(
            try page.evaluate("Object.keys(localStorage).length") as? Int == 0,
            "no step is left waiting")
    }

    @Test func focusMovesInTabCyclesInsideEscapeInterruptsAndFocusReturns() throws {
        let session = try WebClientSession()
        let page = session.page!
        let token = try WebClientSession.tokens(["bob"])[0]
        _ = try page.evaluate("document.getElementById('opener').focus()")
        #expect(try page.string("document.activeElement.id") == "opener")
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.focused() == "heading")
        var order: [String?] = []
        for _ in 0..<10 {
            try page.press("Tab")
            order.append(try session.focused())
        }
        // Linear: page 3 is not reachable yet, Back is disabled on the first page.
        let cycle = ["Page 1 of 3", "Page 2 of 3", "skip", "later", "next"]
        #expect(order == (cycle + cycle).map { Optional($0) }, "\(order)")
        try page.press("Tab")
        #expect(try session.focused() == "Page 1 of 3")
        try page.press("Tab", shift: true)
        #expect(try session.focused() == "next", "Shift+Tab on the first wraps to the last")
        try page.press("Tab", shift: true)
        #expect(try session.focused() == "later")

        try page.press("Escape")
        let result = try #require(try session.result())
        #expect(result["shown"] as? Bool == true)
        #expect(result["outcome"] as? String == "interrupted")
        #expect(try page.string("document.activeElement.id") == "opener", "focus returns")
        #expect(
            try page.evaluate("document.querySelector('walkthrough-dialog') === null") as? Bool
                == true)
        #expect(try session.record(of: "bob")?["outcome"] as? String == "inProgress")
        #expect(try session.events(of: "bob") == ["started 1", "interrupted 1"])
    }

    /// `z` (and the Later button) end the session as `snoozed`. Until the server takes
    /// `snoozed` steps, it refuses this one, and the client counts that as the end: nothing
    /// waits to be sent again.
    @Test func laterEndsTheSessionAsSnoozedAndTheHostHearsNoKey() throws {
        let session = try WebClientSession()
        let page = session.page!
        let token = try WebClientSession.tokens(["sam"])[0]
        _ = try page.evaluate(
            """
            window.__hostKeys = [];
            document.addEventListener("keydown", (event) => window.__hostKeys.push(event.key));
            true
            """)
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.text("later") == "Later")
        try page.press("z")
        let result = try #require(try session.result())
        #expect(result["shown"] as? Bool == true)
        #expect(result["outcome"] as? String == "snoozed")
        #expect(try page.evaluate("Object.keys(localStorage).length") as? Int == 0)
        #expect(try page.evaluate("window.__hostKeys") as? [String] == [])
        let outcome = try session.record(of: "sam")?["outcome"] as? String
        #expect(outcome != "completed" && outcome != "skipped", "\(outcome ?? "none")")
    }

    @Test func axeCoreFindsNoViolationInEitherSchemeAt390And1280() throws {
        let axe = try AxeCore.source()
        let session = try WebClientSession()
        let page = session.page!
        let users = ["axe1", "axe2", "axe3", "axe4", "axe5", "axe6"]
        let tokens = try WebClientSession.tokens(users)
        _ = try page.evaluate(axe + "\n;true")
        let check = """
            axe.run(document).then(r => r.violations.map(v =>
              v.id + " (" + v.impact + "): " + v.nodes.map(n => n.target.join(" ")).join(", ")))
            """
        let cases: [(String, Int, String)] = [
            ("light", 1280, "foodpin"), ("dark", 1280, "foodpin"), ("light", 390, "foodpin"),
            ("dark", 390, "foodpin"), ("light", 1280, "book"), ("dark", 1280, "book"),
        ]
        for (index, (scheme, width, walkthrough)) in cases.enumerated() {
            try page.resize(width: width, height: width == 390 ? 844 : 800, mobile: width == 390)
            try page.call(
                "Emulation.setEmulatedMedia",
                ["features": [["name": "prefers-color-scheme", "value": scheme]]])
            try session.start(walkthrough, token: tokens[index])
            #expect(try session.waitForDialog())
            #expect(try page.waitFor("\(Self.element("image")).complete"))
            let violations = try page.evaluate(check) as? [String]
            #expect(violations == [], "\(scheme) \(width) \(walkthrough): \(violations ?? [])")
            if width == 390 {
                // A phone: nothing wider than the window, every control a 44-pixel target.
                #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 390)
                let sizes =
                    try page.evaluate(
                        """
                        [...window.__wt().querySelectorAll('button')].filter(b =>
                          b.getClientRects().length).map(b => { const r = b.getBoundingClientRect();
                          return [r.left, r.right, r.width, r.height]; })
                        """) as? [[Double]] ?? []
                #expect(sizes.count == 7, "three dots, Back, Skip, Later, Next: \(sizes)")
                #expect(
                    sizes.allSatisfy { $0[0] >= 0 && $0[1] <= 390 && $0[2] >= 44 && $0[3] >= 44 },
                    "\(sizes)")
            }
            try page.press("Escape")
            #expect(try session.result()?["outcome"] as? String == "interrupted")
        }
    }

    @Test func spreadsAt1280AndOnePageAt390() throws {
        let session = try WebClientSession()
        let page = session.page!
        let tokens = try WebClientSession.tokens(["wide", "narrow"])
        try session.start("book", token: tokens[0])
        #expect(try session.waitForDialog())
        #expect(try session.text("position") == "1\u{2013}2/5")
        #expect(try session.text("heading") == "Personalize")
        #expect(try session.text("heading-2") == "Search and locate")
        #expect(try page.string("\(Self.element("dialog")).dataset.spreads") == "on")
        let halves =
            try page.evaluate(
                """
                [\(Self.element("page")).getBoundingClientRect().right,
                 \(Self.element("page-2")).getBoundingClientRect().left]
                """) as? [Double] ?? []
        #expect(halves.count == 2 && halves[0] <= halves[1], "side by side: \(halves)")
        _ = try page.evaluate(Self.transitionProbe)
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Discover great restaurants"))
        #expect(try session.text("position") == "3\u{2013}4/5")
        // "transition": "scroll": the pages slide in from the right, in 150 ms.
        #expect(try page.waitFor("window.__transitions.length >= 1"))
        let slide = try page.evaluate("window.__transitions[0]") as? [String] ?? []
        let matrix = (slide.last ?? "").dropFirst("matrix(".count).dropLast().split(separator: ",")
            .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        #expect(slide.first == "transform" && matrix.count == 6, "\(slide)")
        #expect(matrix.count == 6 && matrix[4] > 0 && matrix[5] == 0, "from the right: \(slide)")
        #expect(
            try page.string("getComputedStyle(\(Self.element("spread"))).transitionDuration")
                == "0.15s")
        try page.press("Escape")
        #expect(try session.result()?["outcome"] as? String == "interrupted")
        // Every page of a spread is a step; the spread's last page is where the user stopped.
        #expect(
            try session.events(of: "wide") == [
                "started 1", "page 2", "page 3", "page 4", "interrupted 4",
            ])
        #expect(try session.record(of: "wide", "book")?["lastPage"] as? Int == 4)

        // A phone, and a reader who asks for less motion: one page at a time, nothing moves.
        try page.resize(width: 390, height: 844, mobile: true)
        try page.call(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-reduced-motion", "value": "reduce"]]])
        try session.start("book", token: tokens[1])
        #expect(try session.waitForDialog())
        #expect(try session.text("position") == "1/5")
        #expect(try page.string("\(Self.element("dialog")).dataset.spreads") == "off")
        _ = try page.evaluate(Self.transitionProbe)
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Search and locate"))
        _ = try page.evaluate(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        #expect(try page.evaluate("window.__transitions.length") as? Int == 0)
        #expect(try page.evaluate("window.__wt().getAnimations().length") as? Int == 0)
        #expect(
            try page.string("getComputedStyle(\(Self.element("spread"))).transitionDuration")
                == "0s")
    }

    /// Records every transition the dialog's pages start (`window.__transitions`: the property
    /// and the transform they start from).
    static let transitionProbe = """
        window.__transitions = [];
        window.__wt().addEventListener("transitionrun", (event) => {
          if (event.target.id !== "spread") return;
          window.__transitions.push([event.propertyName, getComputedStyle(event.target).transform]);
        }, true);
        true
        """

    @Test func anArabicWalkthroughIsLaidOutRightToLeftInTheHostsAccent() throws {
        let session = try WebClientSession(definitions: ["marhaba.json": Self.arabic])
        let page = session.page!
        let token = try WebClientSession.tokens(["rania"])[0]
        // A styling hook, set on the host page's root as a host would in its own style sheet.
        _ = try page.evaluate(
            "document.documentElement.style.setProperty('--walkthrough-accent', '#0a66c2'); true")
        try session.start("marhaba", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.waitForHeading("أهلا وسهلا"))
        #expect(try page.string("\(Self.element("dialog")).dir") == "rtl")
        #expect(try page.string("\(Self.element("dialog")).lang") == "ar")
        #expect(try page.string("getComputedStyle(\(Self.element("heading"))).direction") == "rtl")
        #expect(
            try page.string("getComputedStyle(\(Self.element("next"))).backgroundColor")
                == "rgb(10, 102, 194)")
        // Next is on the left, Back on the right, and ← moves on.
        let edges =
            try page.evaluate(
                "[\(Self.element("next")).getBoundingClientRect().left,"
                    + " \(Self.element("back")).getBoundingClientRect().left]") as? [Double] ?? []
        #expect(edges.count == 2 && edges[0] < edges[1], "\(edges)")
        try page.press("ArrowLeft")
        #expect(try session.waitForHeading("الخرائط"))
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("أهلا وسهلا"))
    }

    @Test func definitionTextWithMarkupAndBidiOverridesIsShownAsText() throws {
        let session = try WebClientSession(definitions: ["hostile.json": Self.hostile])
        let page = session.page!
        let token = try WebClientSession.tokens(["mallory"])[0]
        try session.start("hostile", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.text("heading") == "<img src=x onerror=\"window.__pwned='heading'\">")
        #expect(try session.text("title") == "\"><svg onload=\"window.__pwned='title'\">")
        #expect(
            try session.text("content")
                == "</script><script>window.__pwned='content'</script> \\u{202E}evil ^[[31m red")
        #expect(try session.text("image-alt") == "Image: <svg onload=\"window.__pwned='alt'\">")
        #expect(try session.text("next") == "Next")
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("\\u{2067}bidi\\u{2069} <b>bold</b>"))
        #expect(try session.text("next") == "<img src=x onerror=\"window.__pwned='finish'\">")
        #expect(
            try session.text("content")
                == "&amp; <iframe src=\"javascript:window.__pwned='iframe'\"></iframe>")
        let elements =
            "['img', 'svg', 'iframe', 'script', 'b'].map(t => window.__wt().querySelectorAll(t).length)"
        #expect(
            try page.evaluate(elements) as? [Int] == [2, 0, 0, 0, 0], "the client's own images")
        #expect(try page.evaluate("typeof window.__pwned") as? String == "undefined")
        #expect(try page.evaluate("window.__violations") as? [String] == [])
    }

    @Test func theServerStoppedMidWalkthroughGetsEveryStepOnce() throws {
        let session = try WebClientSession()
        let page = session.page!
        let token = try WebClientSession.tokens(["dora"])[0]
        let waiting = """
            Object.keys(localStorage).filter(k => k.startsWith('walkthrough-steps'))
              .map(k => JSON.parse(localStorage.getItem(k)).map(s => s.step + ' ' + s.page)).flat()
            """
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(waitUntil(timeout: 20) { (try? session.events(of: "dora")) == ["started 1"] })
        session.stopServer()
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        #expect(try page.waitFor("(\(waiting)).length === 1"))
        try page.press("Escape")
        #expect(try session.result()?["outcome"] as? String == "interrupted")
        #expect(try page.evaluate(waiting) as? [String] == ["page 2", "interrupted 2"])

        // The next call sends what waited, once each, before it asks: the user resumes on 2.
        try session.restartServer()
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(try session.waitForHeading("Locate"))
        #expect(try session.text("position") == "2/3")
        #expect(try page.waitFor("(\(waiting)).length === 0"), "what waited was sent")
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Discover"))
        try page.press("Enter")
        #expect(try session.result()?["outcome"] as? String == "completed")
        #expect(
            try session.events(of: "dora") == [
                "started 1", "page 2", "interrupted 2", "started 2", "page 3", "finished 3",
            ])
    }

    @Test func stepsWaitOfflineAndGoWhenTheBrowserIsOnlineAgain() throws {
        let session = try WebClientSession()
        let page = session.page!
        let token = try WebClientSession.tokens(["olga"])[0]
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        #expect(waitUntil(timeout: 20) { (try? session.events(of: "olga")) == ["started 1"] })
        try page.call(
            "Network.emulateNetworkConditions",
            ["offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
        try page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        #expect(try page.waitFor("Object.keys(localStorage).length === 1"))
        try page.call(
            "Network.emulateNetworkConditions",
            ["offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
        // The `online` event sends it, with the dialog still open.
        #expect(try page.waitFor("Object.keys(localStorage).length === 0"))
        #expect(try session.events(of: "olga") == ["started 1", "page 2"])
    }

    @Test func anotherBrowserOfTheSameUserResumesOnThePageWhereTheFirstStopped() throws {
        let session = try WebClientSession()
        let token = try WebClientSession.tokens(["carol"])[0]
        try session.start("foodpin", token: token)
        #expect(try session.waitForDialog())
        try session.page.press("ArrowRight")
        #expect(try session.waitForHeading("Locate"))
        #expect(
            waitUntil(timeout: 20) { (try? session.record(of: "carol"))?["lastPage"] as? Int == 2 })

        let other = try session.openPage()
        try session.start("foodpin", token: token, in: other)
        #expect(try session.waitForDialog(in: other))
        #expect(try session.waitForHeading("Locate", in: other))
        #expect(try session.text("position", in: other) == "2/3")
        #expect(try other.waitFor("Object.keys(localStorage).length === 0"), "every step sent")
    }

    @Test func aSilentServerAnExpiredTokenOrAnUnknownIdShowNothingWithin3Seconds() throws {
        let silent = try LoopbackListener()
        let closed = "http://127.0.0.1:9"
        let session = try WebClientSession(connectable: [silent.base, closed])
        let page = session.page!
        let valid = try WebClientSession.tokens(["erin"])[0]
        let expired = try WebClientSession.tokens(["erin"], expired: true)[0]
        let cases: [(String, String, String?, String)] = [
            ("foodpin", valid, silent.base, "timeout"),
            ("foodpin", expired, nil, "unauthorized"),
            ("nope", valid, nil, "unknown"),
            ("foodpin", valid, closed, "unreachable"),
            ("foodpin", "not a token", nil, "badToken"),
        ]
        for (id, token, server, reason) in cases {
            try session.start(id, token: token, server: server)
            let result = try #require(try session.result(), "\(reason)")
            #expect(result["shown"] as? Bool == false, "\(reason)")
            #expect(result["outcome"] is NSNull, "\(reason)")
            #expect(result["reason"] as? String == reason)
            // A behaviour of the contract, measured in the page: settled within 3 s.
            let elapsed = try page.evaluate("window.__elapsed") as? Double ?? .infinity
            #expect(elapsed < 3500, "\(reason): \(elapsed) ms")
            #expect(
                try page.evaluate("document.querySelector('walkthrough-dialog') === null") as? Bool
                    == true, "nothing drawn: \(reason)")
        }
        #expect(try page.evaluate("Object.keys(localStorage).length") as? Int == 0)
        #expect(try session.record(of: "erin") == nil, "nothing recorded")
    }

    /// Arabic, written right to left.
    static let arabic = """
        {"id": "marhaba", "defaultLocale": "ar", "title": "مرحبا", "skippable": true,
         "pages": [
           {"id": "one", "heading": "أهلا وسهلا", "content": "هذه هي الصفحة الأولى."},
           {"id": "two", "heading": "الخرائط", "content": "ابحث عن مطعمك المفضل."}
         ]}
        """

    /// Every text an attack on a page: markup that would run script as HTML, a right-to-left
    /// override and isolates, an escape sequence.
    static let hostile = #"""
        {"id": "hostile", "title": "\"><svg onload=\"window.__pwned='title'\">",
         "finishLabel": "<img src=x onerror=\"window.__pwned='finish'\">",
         "navigation": "free",
         "pages": [
          {"id": "one", "heading": "<img src=x onerror=\"window.__pwned='heading'\">",
           "content": "</script><script>window.__pwned='content'</script> \u202Eevil \u001b[31m red",
           "imageAlt": "<svg onload=\"window.__pwned='alt'\">"},
          {"id": "two", "heading": "\u2067bidi\u2069 <b>bold</b>",
           "content": "&amp; <iframe src=\"javascript:window.__pwned='iframe'\"></iframe>"}
         ]}
        """#
}
#endif
