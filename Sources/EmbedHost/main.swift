// walkthrough-embed-host: the smallest host tool, for the `embed` benchmark and the tests of
// what a host that links `WalkthroughKit` and `WalkthroughTerminal` (no fleet) loads.
//
//     walkthrough-embed-host gate DEFINITION     the one-call gate, then the tool's work
//     walkthrough-embed-host report DEFINITION   the same, printing what the gate returned first
//     walkthrough-embed-host none DEFINITION     the tool's work alone
//
// Every mode links the same libraries; the only difference is the call, so the benchmark's
// ratio is what the gate adds to a tool's launch.
import WalkthroughKit
import WalkthroughTerminal

let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "gate" || arguments[1] == "report" {
    let result = Onboarding.presentIfNeeded(.file(arguments[2]), policy: .always)
    if arguments[1] == "report" { print(result) }
}
print("work done")
