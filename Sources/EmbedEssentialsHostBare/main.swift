// walkthrough-embed-essentials-bare-host: walkthrough-embed-essentials-host without
// WalkthroughKit: the same FoundationEssentials work, so that the `embed` benchmark says what the
// library and the call add to a host that loads FoundationEssentials anyway.
//
//     walkthrough-embed-essentials-bare-host none DEFINITION
import FoundationEssentials

let arguments = CommandLine.arguments
// The tool's own work, with FoundationEssentials.
let since = try? Date("2026-12-01T00:00:00Z", strategy: .iso8601)
let folder = URL(filePath: arguments.last ?? ".").deletingLastPathComponent()
print(since != nil && !folder.path.isEmpty ? "work done" : "no work: FoundationEssentials failed")
