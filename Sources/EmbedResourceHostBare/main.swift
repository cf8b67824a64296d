// walkthrough-embed-resource-bare-host: walkthrough-embed-resource-host without WalkthroughKit:
// the same resources (so the same generated `Bundle.module` accessor, and Foundation loaded at
// every launch) and the same work, so that the `embed` benchmark says what the library and the
// call add to the README's recipe, not what SwiftPM's resources cost.
print("work done")
