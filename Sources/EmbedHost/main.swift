// walkthrough-embed-host: the smallest host tool, for the `embed` benchmark.
//
//     walkthrough-embed-host gate DEFINITION     the one-call gate, then the tool's work
//     walkthrough-embed-host none DEFINITION     the tool's work alone
//
// Both modes link the same libraries; the only difference is the call, so the benchmark's
// ratio is what the gate adds to a tool's launch.
import WalkthroughKit
import WalkthroughTerminal

let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "gate" {
    _ = Onboarding.presentIfNeeded(.file(arguments[2]), policy: .always)
}
print("work done")
