import Foundation
import Testing
import WalkthroughTestSupport

/// `scripts/check-layering.py`, the check CI runs on `Sources/`, run on small trees planted in a
/// temporary folder: a module `Kit` whose folders use each other in the ways the check must see,
/// or must not mistake for a use.
struct LayeringCheckTests {
    /// Plants `files` (paths under the module, Swift text) as `root/Kit/…` and runs the check on
    /// `root`.
    private func check(_ files: [String: String]) throws -> ProgramResult {
        let folder = try TemporaryFolder()
        for (path, text) in files {
            try folder.write(text, to: "Sources/Kit/" + path)
        }
        return try ChildProcess.run(
            ["python3", repositoryRoot() + "/scripts/check-layering.py", folder.file("Sources")])
    }

    @Test func aCycleThroughThreeFoldersFails() throws {
        let result = try check([
            "Alpha/First.swift": "struct First { func next() -> Second? { nil } }\n",
            "Beta/Second.swift": "struct Second { func next() -> Third? { nil } }\n",
            "Gamma/Third.swift": "struct Third { func next() -> First? { nil } }\n",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                check-layering: Kit: Alpha/, Beta/ and Gamma/ use each other in a circle, \
                as in Alpha/ → Beta/ → Gamma/ → Alpha/
                    Alpha/ uses Beta/: Alpha/First.swift names Second
                    Beta/ uses Gamma/: Beta/Second.swift names Third
                    Gamma/ uses Alpha/: Gamma/Third.swift names First

                """)
    }

    /// The way `Date+Milliseconds.swift` once tied `Store/` to `Model/`: one folder extends a
    /// type neither owns, and the other uses that member without naming any type of the first.
    @Test func aCycleMadeOnlyThroughAnExtensionMemberFails() throws {
        let result = try check([
            "Model/Page.swift": "struct Page { var ledger: Ledger? }\n",
            "Model/Date+Milliseconds.swift": """
            extension Date {
                var millisecondsSince1970: Int64 { Int64(timeIntervalSince1970 * 1000) }
            }

            """,
            "Store/Ledger.swift": """
            struct Ledger {
                func stamp(_ date: Date) -> Int64 { date.millisecondsSince1970 }
            }

            """,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                check-layering: Kit: Model/ and Store/ use each other in a circle, \
                as in Model/ → Store/ → Model/
                    Model/ uses Store/: Model/Page.swift names Ledger
                    Store/ uses Model/: Store/Ledger.swift writes .millisecondsSince1970 \
                (extension Date in Model/Date+Milliseconds.swift)

                """)
    }

    /// `Model/` uses `Support/`, and none of these counts as a use back: a type of `Model/` named
    /// in a comment or a string, a member of a `Model/` extension that `Support/` declares too, a
    /// name as common as `description`.
    @Test func foldersThatUseEachOtherOneWayPass() throws {
        let result = try check([
            "Model/Page.swift": """
            struct Page { let stamp: Stamp }
            extension Page: CustomStringConvertible {
                var description: String { "a page" }
            }
            extension String {
                var widthInCells: Int { count }
            }

            """,
            "Store/Ledger.swift": """
            struct Ledger {
                let pages: [Page]
                let stamp = Stamp()
            }

            """,
            "Support/Stamp.swift": """
            /// Stamps a Page: only this comment names it.
            struct Stamp {
                var widthInCells: Int { 0 }
                var text: String { "Page \\(1 + 1)" + 1.description }
                func measured(_ name: String) -> Int { name.widthInCells }
            }

            """,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
    }

    @Test func aRootThatIsNotAFolderIsRefused() throws {
        let result = try ChildProcess.run(
            ["python3", repositoryRoot() + "/scripts/check-layering.py", "/nonexistent/Sources"])
        #expect(result.status == 66)
        #expect(result.standardError == "check-layering: /nonexistent/Sources is not a folder\n")
    }
}
