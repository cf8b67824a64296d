// FoodPinExample: a tiny tool that embeds WalkthroughKit with one call.
//
// On a user's first run it shows the FoodPin walkthrough, shipped in this tool's resource bundle,
// then does its own work. Policy `.always`: full screen in a terminal, plain text in a pipe
// (commands one a line on standard input). Finishing or skipping is recorded in the default store
// ($WALKTHROUGH_DB, else ~/.local/state/walkthrough/seen.sqlite3), so the second run shows
// nothing; quitting part-way resumes on that page next time.
//
//     swift run FoodPinExample                          # the walkthrough, then the guide
//     swift run FoodPinExample                          # the guide only
//     printf 'next\nnext\nnext\n' | WALKTHROUGH_DB=/tmp/seen.sqlite3 swift run FoodPinExample
@preconcurrency import Glibc  // exit, fputs (the resource accessor SwiftPM generates imports Foundation)
import WalkthroughKit
import WalkthroughTerminal

/// One line on standard error; an error's text (a path can hold anything) is sanitised first.
func warn(_ line: String) {
    fputs(TextSanitizer.sanitize(line) + "\n", stderr)
}

// The definition travels with the tool (a SwiftPM resource), so it is found from any folder.
let tour = DefinitionSource.resource("walkthroughs/foodpin.json")
// The safe call: whatever happens to the walkthrough, it returns, and the tool does its work.
switch Onboarding.presentIfNeeded(tour, policy: .always) {
case .interrupted(let signal): exit(signal.exitStatus)  // Ctrl-C: this tool chooses to stop
case .completed, .skipped: print("You're all set.\n")
case .quit(let page): print("Tour paused on page \(page + 1); it resumes next time.\n")
case .snoozed: print("Tour put off; it comes back later.\n")
case .notShown(.storeUnavailable(let error)): warn("note: \(error)")
case .failed(let error): warn("FoodPinExample: no walkthrough this time: \(error)")
case .alreadySeen, .notShown: break
}

// The tool's own work.
print("Your FoodPin guide:")
for (name, kind, city) in [
    ("Cafe Deadend", "coffee and tea", "Hong Kong"), ("Petite Oyster", "French", "Hong Kong"),
    ("Po's Atelier", "bakery", "Hong Kong"), ("Bourke Street Bakery", "bakery", "Sydney"),
] {
    print("  - \(name), \(kind), \(city)")
}
