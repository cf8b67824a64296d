// walkthrough-embed-bare-host: the `embed` benchmark's host tool without WalkthroughKit at all:
// the same work as walkthrough-embed-host, nothing linked but the Swift runtime, so that the
// benchmark can say what linking the library costs a launch, on top of what the call costs.
print("work done")
