@preconcurrency import Glibc
import WalkthroughKit

extension EmbedSuite {
    /// One host tool built twice: linking WalkthroughKit and WalkthroughTerminal (launched with
    /// the one-call gate, or without the call), and without the library.
    struct Host: Sendable {
        /// What the host is, in its lines' labels: `README recipe (resources)`.
        var title: String
        /// The product that links the library: `gate`, `report` and `none` modes.
        var product: String
        /// The same tool without the library, doing the same work.
        var bareProduct: String
        /// Whether the definition's path is an argument (`.file`); else the host finds it in its
        /// own resources (`.resource`).
        var takesPath: Bool
        /// Whether the bare host is launched as the host without the call is (`none PATH`);
        /// else with no arguments.
        var bareTakesPath: Bool

        /// The launch line: library and call against the host without the library.
        var timeLabel: String { "host launch, \(title): library + gate vs no library" }
        /// The memory line, the same comparison.
        var memoryLabel: String { "host peak memory, \(title): library + gate vs no library" }
    }

    /// The README's recipe: the definition in the host's SwiftPM resources, whose generated
    /// accessor loads Foundation (both builds carry the same resources).
    static let recipe = Host(
        title: "README recipe (resources)", product: "walkthrough-embed-resource-host",
        bareProduct: "walkthrough-embed-resource-bare-host", takesPath: false,
        bareTakesPath: false)
    /// A host that imports FoundationEssentials and uses it, as swift-argument-parser tools do.
    static let essentials = Host(
        title: "FoundationEssentials host",
        product: "walkthrough-embed-essentials-host",
        bareProduct: "walkthrough-embed-essentials-bare-host", takesPath: true, bareTakesPath: true
    )
    /// A host that loads no Foundation at all, the definition named by path.
    static let plain = Host(
        title: "host without Foundation", product: "walkthrough-embed-host",
        bareProduct: "walkthrough-embed-bare-host", takesPath: true, bareTakesPath: false)

    /// The hosts in the order of their lines.
    static let hosts = [recipe, essentials, plain]

    /// A host's three launches, checked and with its memo in place, and what the memo note says.
    struct Prepared {
        /// The host.
        var host: Host
        /// The library and the call.
        var gate: Spawn
        /// The library without the call.
        var none: Spawn
        /// No library.
        var bare: Spawn
        /// Whether the calls answer from the memo: the end of the launch line's note.
        var memo: String
    }

    /// Why a host's lines cannot be measured, or its launches ready to measure.
    enum Setup {
        /// Checked, memo in place.
        case ready(Prepared)
        /// A binary missing, or a launch that did not do what the contract says.
        case unavailable(String)

        /// The launches, when ready.
        var prepared: Prepared? {
            if case .ready(let prepared) = self { prepared } else { nil }
        }

        /// Why not, when unavailable.
        var reason: String? {
            if case .unavailable(let reason) = self { reason } else { nil }
        }
    }

    /// Finds `host`'s two binaries next to the benchmark, checks that every launch shows
    /// nothing and does the tool's work and that the gate finds the user has seen the
    /// walkthrough, then launches the gate until its memo is written (bounded).
    ///
    /// - Parameters:
    ///   - definition: The definition's path, for the hosts that take one.
    ///   - environment: The launches' environment; `HOME` is the host's own memo folder.
    static func prepare(
        _ host: Host, in binaries: String, definition: String, environment: [String: String]
    ) throws -> Setup {
        let binary = binaries + "/" + host.product
        let bareBinary = binaries + "/" + host.bareProduct
        for (path, product) in [(binary, host.product), (bareBinary, host.bareProduct)]
        where access(path, X_OK) != 0 {
            return .unavailable(
                "no host tool at \(path); build it with swift build -c release --product "
                    + product)
        }
        let path = host.takesPath ? [definition] : []
        let gate = Spawn(executable: binary, arguments: ["gate"] + path, environment: environment)
        let none = Spawn(executable: binary, arguments: ["none"] + path, environment: environment)
        let bare = Spawn(
            executable: bareBinary, arguments: host.bareTakesPath ? ["none", definition] : [],
            environment: environment)
        // The contract first: each shows nothing and does the tool's work, and the gate finds
        // the walkthrough (in the resources too) and the user's record.
        for launch in [gate, none, bare] {
            let checked = try launch.run(capture: true)
            guard checked.status == 0, checked.standardOutput == "work done\n" else {
                return .unavailable(
                    "\(launch.executable) \(launch.arguments.first ?? "") exited with "
                        + "\(checked.status): \(checked.standardOutput)\(checked.standardError)")
            }
        }
        let report = try Spawn(
            executable: binary, arguments: ["report"] + path, environment: environment
        ).run(capture: true)
        guard report.status == 0, report.standardOutput.hasPrefix("already seen") else {
            let answer = (report.standardOutput + report.standardError).split(separator: "\n")
            return .unavailable(
                "\(binary) report answered \"\(answer.first ?? "")\" (exit \(report.status)), "
                    + "not \"already seen\"; build it with swift build -c release --product "
                    + host.product
                    + (host.takesPath ? "" : ", which copies its resources beside it"))
        }
        // The memo: it is written once the store has been still for a moment
        // (`SeenMemo.settled`), by a launch that read the store; launch until one has.
        // (No memo folder, no memo: never another folder's files taken for one.)
        let memoFolder = SeenMemo.folder(environment: environment)
        func memoWritten() -> Bool {
            memoFolder.map { !(FileSystem.names(in: $0) ?? []).isEmpty } ?? false
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while memoFolder != nil, !memoWritten(), ContinuousClock.now < deadline {
            _ = try gate.run()
        }
        let memo =
            memoWritten()
            ? "the call answers from its memo"
            : "no memo was written in 10 s: every call read the store"
        return .ready(Prepared(host: host, gate: gate, none: none, bare: bare, memo: memo))
    }
}
