import Foundation
import Testing
import WalkthroughTestSupport

/// The exported page for every reader, in a real browser: a phone with a long unbreakable
/// label, axe-core in both colour schemes, a heading that tries to reverse itself with U+202E,
/// and touch targets of 44 px.
@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.unavailableReason == nil, "no chromium for the browser tests"))
struct HTMLExportReaderTests {
    /// A German finish label of 34 letters with no break opportunity, a heading holding a
    /// right-to-left override and a Hebrew page that needs its right-to-left mark.
    static let readerDefinition = """
        {"id": "readers", "title": "Datenschutz", "skippable": true,
         "finishLabel": "Datenschutzeinstellungenübernehmen",
         "pages": [
           {"id": "one", "heading": "\\u202Eevil", "content": "Say \\u202Eevil, read evil."},
           {"id": "two", "heading": "שלום", "content": "שלום\\u200F!"},
           {"id": "three", "heading": "Datenschutzeinstellungen", "content": "Fertig."}
         ]}
        """

    @Test func aLongLabelWrapsOnAPhoneWithoutAHorizontalScroll() throws {
        let sandbox = try Sandbox()
        try sandbox.define("readers.json", Self.readerDefinition)
        let session = try ExportedPageSession(
            "readers", in: sandbox, width: 390, height: 844, mobile: true)
        let page = session.page
        try page.click("#next")
        try page.click("#next")
        #expect(try session.waitForHeading("Datenschutzeinstellungen"))
        #expect(try session.text("next") == "Datenschutzeinstellungenübernehmen")
        #expect(try page.evaluate("window.innerWidth") as? Int == 390)
        #expect(try page.evaluate("document.documentElement.scrollWidth") as? Int == 390)
        let box =
            try page.evaluate(
                "(() => { const r = document.getElementById('next').getBoundingClientRect();"
                    + " return [r.left, r.right]; })()") as? [Double] ?? []
        #expect(box.count == 2 && box[0] >= 0 && box[1] <= 390, "the button fits: \(box)")
        try session.screenshot("readers-long-label-390x844.png")
    }

    @Test(arguments: ["light", "dark"])
    func axeCoreFindsNoViolation(scheme: String) throws {
        let axe = try AxeCore.source()
        let sandbox = try Sandbox()
        try sandbox.define("readers.json", Self.readerDefinition)
        let session = try ExportedPageSession("readers", in: sandbox)
        let page = session.page
        try page.call(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-color-scheme", "value": scheme]]])
        #expect(
            try page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") as? Bool
                == (scheme == "dark"))
        _ = try page.evaluate(axe + "\n;true")
        let check = """
            axe.run(document).then(r => r.violations.map(v =>
              v.id + " (" + v.impact + "): " + v.nodes.map(n => n.target.join(" ")).join(", ")))
            """
        var found: [String] = []
        // The first page, the last (with the finish label) and the finished view.
        for step in 0..<3 {
            let violations = try page.evaluate(check) as? [String]
            #expect(violations == [], "\(scheme), step \(step): \(violations ?? [])")
            found += violations ?? []
            if step == 0 {
                try page.click("#next")
                try page.click("#next")
                #expect(try session.waitForHeading("Datenschutzeinstellungen"))
            } else if step == 1 {
                try page.click("#next")
                #expect(
                    try page.waitFor("document.documentElement.dataset.outcome === 'completed'"))
            }
        }
        print("axe-core \(scheme): \(found.count) violations")
        try session.screenshot("readers-\(scheme).png")
    }

    @Test func aBidiOverrideIsShownEscapedAndTheMarksRightToLeftTextNeedsAreKept() throws {
        let sandbox = try Sandbox()
        try sandbox.define("readers.json", Self.readerDefinition)
        let session = try ExportedPageSession("readers", in: sandbox)
        let page = session.page
        // What the reader sees: the escape, then "evil" in reading order, as the terminal shows it.
        #expect(try page.string("document.getElementById('heading').innerText") == "\\u{202E}evil")
        #expect(
            try page.string("document.getElementById('content').innerText")
                == "Say \\u{202E}evil, read evil.")
        let html = try String(contentsOfFile: session.folder + "/index.html", encoding: .utf8)
        #expect(!html.unicodeScalars.contains("\u{202E}"), "no raw override anywhere in the file")
        try page.click("#next")
        #expect(try session.waitForHeading("שלום"))
        #expect(try session.text("content") == "שלום\u{200F}!")
    }

    @Test func everyDotIsATargetOf44Pixels() throws {
        let sandbox = try Sandbox()
        try sandbox.define("readers.json", Self.readerDefinition)
        let session = try ExportedPageSession(
            "readers", in: sandbox, width: 390, height: 844, mobile: true)
        let sizes =
            try session.page.evaluate(
                "[...document.querySelectorAll('#dots button')].map(b => {"
                    + " const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
            as? [[Double]] ?? []
        #expect(sizes.count == 3)
        #expect(sizes.allSatisfy { $0[0] >= 44 && $0[1] >= 44 }, "\(sizes)")
    }
}
