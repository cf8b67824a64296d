// walkthrough-embed-essentials-host: a host tool that imports FoundationEssentials, as
// swift-argument-parser and the tools built on it do, and uses it for its own work (a date
// option parsed, a path made a URL), so the library is loaded at every launch; the `embed`
// benchmark's second host.
//
//     walkthrough-embed-essentials-host gate DEFINITION     the one-call gate, then the work
//     walkthrough-embed-essentials-host report DEFINITION   the same, printing the gate's result
//     walkthrough-embed-essentials-host none DEFINITION     the tool's work alone
import FoundationEssentials
import WalkthroughKit
import WalkthroughTerminal

let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "gate" || arguments[1] == "report" {
    let result = Onboarding.presentIfNeeded(.file(arguments[2]), policy: .always)
    if arguments[1] == "report" { print(result) }
}
// The tool's own work, with FoundationEssentials.
let since = try? Date("2026-12-01T00:00:00Z", strategy: .iso8601)
let folder = URL(filePath: arguments.last ?? ".").deletingLastPathComponent()
print(since != nil && !folder.path.isEmpty ? "work done" : "no work: FoundationEssentials failed")
