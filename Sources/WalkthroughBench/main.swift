import Foundation

// `walkthrough-bench`: see `BenchOptions.help`. A child run (a fresh process some measurements
// need) is dispatched before anything else, so that it starts as lean as it can.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ChildCommand.marker {
    exit(ChildCommand.run(Array(arguments.dropFirst())))
}

let options: BenchOptions
do {
    switch try BenchOptions.parse(arguments) {
    case .help:
        print(BenchOptions.help)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    Console.error("Error: \(error.message)")
    exit(64)
}

exit(BenchRunner.run(options))
