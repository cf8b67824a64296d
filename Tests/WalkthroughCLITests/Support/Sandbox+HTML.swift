import Foundation
import Testing
import WalkthroughTestSupport

extension Sandbox {
    /// Copies the FoodPin example into the definitions folder with small PNGs of its own (three
    /// colours) where its images go; returns the images' bytes by path.
    @discardableResult
    func defineFoodPinWithImages() throws -> [String: [UInt8]] {
        try copyExample("foodpin.json")
        try copyExample("foodpin-zh-hant.json")
        var images: [String: [UInt8]] = [:]
        let colours: [(UInt8, UInt8, UInt8)] = [(208, 58, 43), (40, 120, 200), (60, 160, 90)]
        for (number, colour) in zip(1..., colours) {
            let png = tinyPNG(
                width: 120 + 20 * number, height: 90, red: colour.0, green: colour.1,
                blue: colour.2)
            let name = "images/foodpin-intro-\(number).png"
            try folder.write(Data(png), to: "walkthroughs/" + name)
            images[name] = png
        }
        return images
    }

    /// The page `export … --html` wrote into `folder/name`, taken apart.
    func exportedPage(_ name: String = "out") throws -> ExportedPage {
        try ExportedPage(
            html: String(contentsOfFile: folder.file(name + "/index.html"), encoding: .utf8))
    }
}

/// An exported `index.html` and its parts, found with plain string searches.
struct ExportedPage {
    /// The whole file.
    var html: String

    /// The Content-Security-Policy meta element's `content`.
    var policy: String? {
        between("<meta http-equiv=\"Content-Security-Policy\" content=\"", and: "\">")
    }

    /// The text of the inline script (the one without a type).
    var script: String? { between("<script>", and: "</script>") }

    /// The text of the inline style sheet.
    var style: String? { between("<style>", and: "</style>") }

    /// The JSON data block, as written (escaped).
    var dataText: String? {
        between("<script type=\"application/json\" id=\"walkthrough-data\">", and: "</script>")
    }

    /// The JSON data, parsed.
    var data: [String: Any]? {
        guard let dataText else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(dataText.utf8))) as? [String: Any]
    }

    /// How often `needle` occurs in the file.
    func count(_ needle: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }

    private func between(_ start: String, and end: String) -> String? {
        guard let open = html.range(of: start),
            let close = html.range(of: end, range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }
}

/// A definition whose every text is an attack on a web page: markup that would run script if
/// it became HTML, `</script>` to close the data block, an attribute break-out, a comment
/// opener, U+2028 (a line break for old JavaScript), and an entity that must stay literal.
let hostileWebDefinition = #"""
    {"id": "hostile", "title": "\"><svg onload=\"window.__pwned='title'\">",
     "finishLabel": "<img src=x onerror=\"window.__pwned='finish'\">",
     "navigation": "free",
     "pages": [
      {"heading": "<img src=x onerror=\"window.__pwned='heading'\">",
       "content": "</script><script>window.__pwned='content'</script><!-- &amp; \u2028 end",
       "imageAlt": "\"><svg onload=\"window.__pwned='alt'\">"},
      {"heading": "</script><svg onload=\"window.__pwned='heading2'\">",
       "content": "<iframe src=\"javascript:window.__pwned='iframe'\"></iframe>"}
     ]}
    """#
