import Foundation
import Testing
import WalkthroughKit

/// Definitions written in the tests, as a tool would embed them in its source.
enum Fixtures {
    /// A three-page linear walkthrough `intro` at `version`.
    static func intro(version: Int = 1) -> String {
        """
        {"id": "intro", "version": \(version), "title": "Intro", "navigation": "linear",
         "pages": [{"heading": "One", "content": "First"},
                   {"heading": "Two", "content": "Second"},
                   {"heading": "Three", "content": "Third"}]}
        """
    }

    /// The bundled test definition (`Definitions/tour.json` in this target's resources).
    /// Its path, as Foundation's `Bundle.module` finds it: the independent reference for
    /// ``DefinitionSource/resource(_:bundle:)``, which finds it without Foundation.
    static var tourPath: String {
        get throws {
            try #require(
                Bundle.module.path(forResource: "tour", ofType: "json", inDirectory: "Definitions"))
        }
    }
}
