// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WalkthroughKit",
    products: [
        .library(name: "WalkthroughKit", targets: ["WalkthroughKit"]),
        .library(name: "WalkthroughTerminal", targets: ["WalkthroughTerminal"]),
        .executable(name: "walkthrough", targets: ["WalkthroughCLI"]),
        .executable(name: "walkthrough-bench", targets: ["WalkthroughBench"]),
        .executable(name: "walkthrough-embed-host", targets: ["EmbedHost"]),
        .executable(name: "walkthrough-embed-bare-host", targets: ["EmbedBareHost"]),
    ],
    traits: [
        /// Draws images with Debian's libchafa too (sixel, and finer symbol art); it needs
        /// libchafa-dev, which a fresh machine does not have, so it is off by default.
        .trait(
            name: "Chafa",
            description: "Sixel and finer symbol art with libchafa (apt install libchafa-dev)."
        )
    ],
    targets: [
        /// SQLite, for the store: libsqlite3-dev's header and archive, linked in (see its module
        /// map), so no pkg-config: that would link libsqlite3.so as well.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        /// Loading a C library on its first use (dlopen), for the libraries a launch may not
        /// need: the trampolines of CLibPQ, CPNG and CJPEG are made with it.
        .target(name: "CLazyLibrary"),
        /// libpq, PostgreSQL's client library, for the fleet store (`PostgresSeenStore`): its
        /// header from libpq-dev, and trampolines that load libpq.so.5 on first use, so that a
        /// tool that never opens a `postgresql://` store never loads it (see LibPQLoader.c).
        .target(name: "CLibPQ", dependencies: ["CLazyLibrary"]),
        /// libpng, to decode the pages' PNG images: its header from libpng-dev, and trampolines
        /// that load libpng16.so.16 on first use, so that a launch that draws no picture (the
        /// gate with nothing due) never loads it or zlib (see PNGLoader.c).
        .target(name: "CPNG", dependencies: ["CLazyLibrary"]),
        /// The player's reduced PNG decode: libpng's rows summed straight into the cells drawn,
        /// C compiled with the package's optimisation (SSE2 where the target has it).
        .target(name: "CPNGReduced", dependencies: ["CPNG"]),
        /// libjpeg (libjpeg-turbo), to decode the pages' JPEG images: its header from
        /// libjpeg-dev, helpers that catch libjpeg's errors in C, and trampolines that load
        /// libjpeg.so.62 on first use (see JPEGLoader.c).
        .target(name: "CJPEG", dependencies: ["CLazyLibrary"]),
        /// libchafa, for sixel and finer symbol art; only with the `Chafa` trait.
        .systemLibrary(
            name: "CChafa",
            pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev"])]
        ),
        .target(
            name: "WalkthroughKit",
            dependencies: ["CSQLite", "CLibPQ", "CPNG", "CPNGReduced", "CJPEG"]),
        /// The terminal player's signal handler and the atomic it reads, in C.
        .target(name: "CSignalPipe"),
        .target(
            name: "WalkthroughTerminal",
            dependencies: [
                "WalkthroughKit", "CSignalPipe",
                .target(name: "CChafa", condition: .when(traits: ["Chafa"])),
            ],
            swiftSettings: [.define("CHAFA", .when(traits: ["Chafa"]))]
        ),
        .executableTarget(
            name: "WalkthroughCLI",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"]
        ),
        .executableTarget(
            name: "WalkthroughBench",
            dependencies: ["WalkthroughKit", "CSQLite", "CLibPQ"]
        ),
        /// The smallest host tool embedding the one-call gate, launched by the `embed` benchmark.
        .executableTarget(
            name: "EmbedHost",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"]
        ),
        /// The same host without the library, the `embed` benchmark's floor.
        .executableTarget(name: "EmbedBareHost"),
        /// A tiny writer process the store's concurrency and crash tests spawn many of.
        .executableTarget(
            name: "StoreTestWriter",
            dependencies: ["WalkthroughKit"],
            path: "Tests/StoreTestWriter"
        ),
        /// Helpers every test target shares (temporary folders, child processes, pseudo-terminals,
        /// tmux sessions, a PostgreSQL server), declared `package`: no product, and nothing in
        /// Sources uses it.
        .target(
            name: "WalkthroughTestSupport", dependencies: ["CLibPQ", "WalkthroughKit"],
            path: "Tests/WalkthroughTestSupport"),
        .testTarget(
            name: "WalkthroughKitTests",
            dependencies: ["WalkthroughKit", "CSQLite", "CPNGReduced", "WalkthroughTestSupport"],
            // The requests the locale matcher is checked with against Python's langcodes.
            exclude: ["Localization/Reference"]
        ),
        .testTarget(
            name: "WalkthroughTerminalTests",
            dependencies: ["WalkthroughTerminal", "WalkthroughKit", "WalkthroughTestSupport"],
            // Golden screens, read from the source tree by path (UPDATE_GOLDEN=1 rewrites them),
            // and the sentences the width tests measure against Python's wcwidth.
            exclude: ["Golden", "Reference"]
        ),
        .testTarget(
            name: "WalkthroughBenchTests",
            dependencies: ["WalkthroughBench", "WalkthroughKit", "WalkthroughTestSupport"]
        ),
        .testTarget(
            name: "WalkthroughCLITests",
            dependencies: [
                "WalkthroughCLI", "WalkthroughKit", "WalkthroughTerminal", "WalkthroughTestSupport",
            ],
            // Help, completion and manual goldens (UPDATE_GOLDEN=1 rewrites them).
            exclude: ["Golden", "Translators/XLIFFSchema"]
        ),
        /// The embedding example: shows the FoodPin walkthrough on a user's first run.
        .executableTarget(
            name: "FoodPinExample",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"],
            resources: [.copy("walkthroughs")]
        ),
        /// A host tool the public-API tests run as a separate process (signals are process-wide).
        .executableTarget(
            name: "OnboardingTestHost",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"],
            path: "Tests/OnboardingTestHost"
        ),
        /// Uses only the public API: no `@testable import`.
        .testTarget(
            name: "WalkthroughPublicAPITests",
            dependencies: [
                "WalkthroughKit", "WalkthroughTerminal", "FoodPinExample", "OnboardingTestHost",
                "WalkthroughTestSupport",
            ],
            resources: [.copy("Definitions")]
        ),
    ]
)

// Strict settings for every Swift target, from one place. No unsafe flags: SwiftPM refuses a
// package that depends on a tagged WalkthroughKit whose manifest has any
// (scripts/check-versioned-dependency.sh builds such a package); a flag only the static build
// wants is passed by scripts/build-static.sh.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
