import FoundationEssentials

/// Writes a large, valid walkthrough definition, laid out as a person would write one: pretty
/// printed, every page with an id, heading, image, alternative text and a paragraph of content,
/// with some non-ASCII text and escapes among it. 10,000 pages make about 3.5 MB.
enum DefinitionGenerator {
    /// The definition's bytes.
    static func make(pages: Int) -> Data {
        var text = """
            {
              "id": "bench",
              "version": 3,
              "title": "A very long walkthrough",
              "navigation": "linear",
              "skippable": true,
              "finishLabel": "Get Started",
              "pages": [

            """
        text.reserveCapacity(pages * 360 + 256)
        let phrases = [
            "Pin your favorite restaurants and create your own food guide, then share it.",
            "Search and locate your favourite café on the map; walk there in a few minutes.",
            "Find restaurants shared by your friends and other foodies — 用户 and 朋友 alike.",
            "Keep a list of places to try next, with notes, photos and the dishes you loved.",
        ]
        for index in 0..<pages {
            let number = index + 1
            let phrase = phrases[index % phrases.count]
            // Every tenth content has escapes: a newline, a tab, quotes and a \u escape.
            let extra =
                index % 10 == 0
                ? " Line one\\nLine two\\twith a \\\"quoted\\\" word and \\u00e9."
                : " Step \(number) of \(pages): tap Next to continue, or Skip to finish now."
            text += """
                    {
                      "id": "page-id-\(number)",
                      "heading": "Step \(number): \(phrase.prefix(24))",
                      "image": "images/foodpin-intro-\(index % 3 + 1).png",
                      "imageAlt": "An illustration for step \(number)",
                      "content": "\(phrase)\(extra)"
                    }
                """
            text += number == pages ? "\n" : ",\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }
}
