// walkthrough-embed-resource-host: the README's recipe as the `embed` benchmark launches it: the
// definition in the tool's own SwiftPM resources (`resources: [.copy("walkthroughs")]`), found
// with `.resource(…)`. A target with resources gets SwiftPM's generated `Bundle.module`
// accessor, which imports Foundation, so this host loads Foundation at every launch, as a
// README reader's tool does.
//
//     walkthrough-embed-resource-host gate     the one-call gate, then the tool's work
//     walkthrough-embed-resource-host report   the same, printing what the gate returned first
//     walkthrough-embed-resource-host none     the tool's work alone
import WalkthroughKit
import WalkthroughTerminal

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "gate" || arguments[1] == "report" {
    let result = Onboarding.presentIfNeeded(
        .resource("walkthroughs/embed-tour.json"), policy: .always)
    if arguments[1] == "report" { print(result) }
}
print("work done")
