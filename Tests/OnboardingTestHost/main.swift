// A host tool for the public-API tests: calls Onboarding.presentIfNeeded the way the arguments
// say, in a process of its own (signal handlers are process-wide), and prints what happened.
//
//     OnboardingTestHost DEFINITION [--policy interactiveOnly|always|never]
//         [--signals all|resizeOnly|none] [--own-sigint] [--store-failure throw|ignore]
//         [--also DEFINITION]...
//
// With --also, the host passes every definition to presentIfNeeded(oneOf:), which shows the one
// due now that comes first (and never throws).
//
// The store is the default one (set WALKTHROUGH_DB; the host enables the fleet, so a
// postgresql:// URL works); the user is the login name (LOGNAME).
// Prints `result: DESCRIPTION`, then with --own-sigint `host SIGINTs: N`. Exits with the
// signal's status after `interrupted`, 1 after an error (printed as `error: …`), else 0.
@preconcurrency import Glibc
import Synchronization
import WalkthroughFleet
import WalkthroughKit
import WalkthroughTerminal

/// SIGINTs the host's own handler received.
let hostInterrupts = Atomic<Int>(0)

Fleet.enable()
let arguments = Array(CommandLine.arguments.dropFirst())
/// The value after `name`, if any.
let option = { (name: String) -> String? in
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let policy: OnboardingPolicy =
    switch option("--policy") {
    case "always": .always
    case "never": .never
    default: .interactiveOnly
    }
var options = OnboardingOptions()
options.signals =
    switch option("--signals") {
    case "resizeOnly": .resizeOnly
    case "none": .none
    default: .all
    }
let storeFailure: Onboarding.StoreFailurePolicy =
    option("--store-failure") == "ignore" ? .ignore : .throw
let ownsInterrupt = arguments.contains("--own-sigint")
if ownsInterrupt {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in hostInterrupts.add(1, ordering: .relaxed) }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGINT, &action, nil)
}

/// The definitions after each `--also`.
let also = arguments.indices.filter { arguments[$0] == "--also" && $0 + 1 < arguments.count }
    .map { arguments[$0 + 1] }

var status: Int32 = 0
if !also.isEmpty {
    let result = Onboarding.presentIfNeeded(
        oneOf: ([arguments[0]] + also).map { DefinitionSource.file($0) }, policy: policy,
        options: options)
    print("result: \(result)")
    if case .interrupted(let signal) = result { status = signal.exitStatus }
} else {
    do {
        let result = try Onboarding.presentIfNeeded(
            .file(arguments[0]), policy: policy, storeFailure: storeFailure, options: options)
        print("result: \(result)")
        if case .interrupted(let signal) = result { status = signal.exitStatus }
    } catch {
        print("error: \(error)")
        status = 1
    }
}
if ownsInterrupt { print("host SIGINTs: \(hostInterrupts.load(ordering: .relaxed))") }
exit(status)
