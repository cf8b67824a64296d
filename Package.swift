// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WalkthroughKit",
    products: [
        /// Definitions, the navigator, the rules, the gate, events and the SQLite store: links
        /// SQLite alone.
        .library(name: "WalkthroughKit", targets: ["WalkthroughKit"]),
        /// The PostgreSQL store and its local replica: links libpq. A host opts in with
        /// `WalkthroughFleet.enable()`.
        .library(name: "WalkthroughFleet", targets: ["WalkthroughFleet"]),
        /// The terminal player; its pictures (libpng, libjpeg) are the `Pictures` trait.
        .library(name: "WalkthroughTerminal", targets: ["WalkthroughTerminal"]),
        .executable(name: "walkthrough", targets: ["WalkthroughCLI"]),
        .executable(name: "walkthrough-bench", targets: ["WalkthroughBench"]),
        .executable(name: "walkthrough-embed-host", targets: ["EmbedHost"]),
        .executable(name: "walkthrough-embed-bare-host", targets: ["EmbedBareHost"]),
        .executable(name: "walkthrough-embed-resource-host", targets: ["EmbedResourceHost"]),
        .executable(
            name: "walkthrough-embed-resource-bare-host", targets: ["EmbedResourceHostBare"]),
        .executable(name: "walkthrough-embed-essentials-host", targets: ["EmbedEssentialsHost"]),
        .executable(
            name: "walkthrough-embed-essentials-bare-host", targets: ["EmbedEssentialsHostBare"]),
    ],
    traits: [
        /// Draws the pages' PNG and JPEG images in the terminal with Debian's libpng and libjpeg
        /// (libpng-dev, libjpeg-dev). Without it a page shows its image's alt text, and the
        /// player links neither library.
        .trait(
            name: "Pictures",
            description: "Draws the pages' PNG and JPEG images (libpng-dev, libjpeg-dev)."
        ),
        .default(enabledTraits: ["Pictures"]),
        /// Draws images with Debian's libchafa too (sixel, and finer symbol art); it needs
        /// libchafa-dev, which a fresh machine does not have, so it is off by default.
        .trait(
            name: "Chafa",
            description: "Sixel and finer symbol art with libchafa (apt install libchafa-dev).",
            enabledTraits: ["Pictures"]
        ),
        /// `walkthrough serve`, the engine over HTTP (OFREP and the `/v1` routes), over Debian's
        /// libmicrohttpd (libmicrohttpd-dev), which a fresh machine does not have: off by default.
        .trait(
            name: "Server",
            description: "walkthrough serve over libmicrohttpd (apt install libmicrohttpd-dev)."
        ),
    ],
    targets: [
        /// SQLite, for the store: libsqlite3-dev's header and archive, linked in (see its module
        /// map), so no pkg-config: that would link libsqlite3.so as well.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        /// libpq, PostgreSQL's client library, for the fleet's store: libpq-dev's header, and the
        /// library linked (WalkthroughFleet only).
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        /// libpng, to decode the pages' PNG images: libpng-dev's header, and the library linked
        /// (the player's `Pictures` trait only).
        .systemLibrary(
            name: "CPNG",
            providers: [.apt(["libpng-dev"])]
        ),
        /// The player's reduced PNG decode: libpng's rows summed straight into the cells drawn,
        /// C compiled with the package's optimisation (SSE2 where the target has it).
        .target(name: "CPNGReduced", dependencies: ["CPNG"]),
        /// libjpeg (libjpeg-turbo), to decode the pages' JPEG images: libjpeg-dev's header,
        /// helpers that catch libjpeg's errors in C, and the library linked (`Pictures` only).
        .systemLibrary(
            name: "CJPEG",
            providers: [.apt(["libjpeg-dev"])]
        ),
        /// libchafa, for sixel and finer symbol art; only with the `Chafa` trait.
        .systemLibrary(
            name: "CChafa",
            pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev"])]
        ),
        /// libmicrohttpd, `walkthrough serve`'s HTTP server; only with the `Server` trait.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        /// A VFS over SQLite's default one that writes a rollback journal in large pieces.
        .target(name: "CSQLiteJournal", dependencies: ["CSQLite"]),
        .target(name: "WalkthroughKit", dependencies: ["CSQLite", "CSQLiteJournal"]),
        .target(name: "WalkthroughFleet", dependencies: ["WalkthroughKit", "CLibPQ"]),
        /// The translators' files (XLIFF 2.1, PO) and the definition edits `walkthrough
        /// translate` makes: the command line's, no product.
        .target(name: "WalkthroughTranslation", dependencies: ["WalkthroughKit"]),
        /// The terminal player's signal handler and the atomic it reads, in C.
        .target(name: "CSignalPipe"),
        .target(
            name: "WalkthroughTerminal",
            dependencies: [
                "WalkthroughKit", "CSignalPipe",
                .target(name: "CPNG", condition: .when(traits: ["Pictures"])),
                .target(name: "CPNGReduced", condition: .when(traits: ["Pictures"])),
                .target(name: "CJPEG", condition: .when(traits: ["Pictures"])),
                .target(name: "CChafa", condition: .when(traits: ["Chafa"])),
            ],
            swiftSettings: [
                .define("PICTURES", .when(traits: ["Pictures"])),
                .define("CHAFA", .when(traits: ["Chafa"])),
            ]
        ),
        /// The web player both pages share: the renderer, its one stylesheet, its elements and
        /// the web client (`GET /v1/client.js`, `walkthrough export --client`), as Swift
        /// strings. The command line (without the `Server` trait too) and the server use it.
        .target(name: "WalkthroughWeb", dependencies: ["WalkthroughKit"]),
        /// `walkthrough serve`: what it answers (OFREP, the `/v1` routes, keys and user tokens)
        /// is plain Swift, built and tested always; the HTTP server over libmicrohttpd is built
        /// with the `Server` trait only, and the command line links it with the trait only (the
        /// default `walkthrough` carries none of it). No product.
        .target(
            name: "WalkthroughServer",
            dependencies: [
                "WalkthroughKit", "WalkthroughFleet", "WalkthroughWeb",
                .target(name: "CMicroHTTPD", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: [.define("SERVER", .when(traits: ["Server"]))]
        ),
        .executableTarget(
            name: "WalkthroughCLI",
            dependencies: [
                "WalkthroughKit", "WalkthroughFleet", "WalkthroughTerminal",
                "WalkthroughTranslation", "WalkthroughWeb",
                .target(name: "WalkthroughServer", condition: .when(traits: ["Server"])),
            ],
            swiftSettings: [.define("SERVER", .when(traits: ["Server"]))]
        ),
        .executableTarget(
            name: "WalkthroughBench",
            dependencies: [
                "WalkthroughKit", "WalkthroughFleet", "WalkthroughTerminal", "CSQLite", "CLibPQ",
            ]
        ),
        /// The smallest host tool embedding the one-call gate, launched by the `embed` benchmark.
        .executableTarget(
            name: "EmbedHost",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"]
        ),
        /// The same host without the library, the `embed` benchmark's floor.
        .executableTarget(name: "EmbedBareHost"),
        /// The README's recipe, for the `embed` benchmark: the definition in the host's own
        /// resources (so SwiftPM's generated accessor loads Foundation), found with `.resource`.
        .executableTarget(
            name: "EmbedResourceHost",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"],
            resources: [.copy("walkthroughs")]
        ),
        /// The same host and resources without the library. Named so that its bundle sorts
        /// after the host's: `.resource` reads the first bundle beside the executable that has
        /// the file, and the host should read its own.
        .executableTarget(name: "EmbedResourceHostBare", resources: [.copy("walkthroughs")]),
        /// A host that imports FoundationEssentials, as swift-argument-parser tools do, for the
        /// `embed` benchmark.
        .executableTarget(
            name: "EmbedEssentialsHost",
            dependencies: ["WalkthroughKit", "WalkthroughTerminal"]
        ),
        /// The same host without the library.
        .executableTarget(name: "EmbedEssentialsHostBare"),
        /// A tiny writer process the store's concurrency and crash tests spawn many of.
        .executableTarget(
            name: "StoreTestWriter",
            dependencies: ["WalkthroughKit", "WalkthroughFleet"],
            path: "Tests/StoreTestWriter"
        ),
        /// Helpers every test target shares (temporary folders, child processes, pseudo-terminals,
        /// tmux sessions, a PostgreSQL server), declared `package`: no product, and nothing in
        /// Sources uses it.
        .target(
            name: "WalkthroughTestSupport",
            dependencies: ["CLibPQ", "WalkthroughKit", "WalkthroughFleet"],
            path: "Tests/WalkthroughTestSupport"),
        .testTarget(
            name: "WalkthroughKitTests",
            dependencies: [
                "WalkthroughKit", "WalkthroughFleet", "WalkthroughTerminal", "CSQLite",
                "WalkthroughTestSupport",
            ],
            // The requests the locale matcher is checked with against Python's langcodes.
            exclude: ["Localization/Reference"]
        ),
        .testTarget(
            name: "WalkthroughTerminalTests",
            dependencies: [
                "WalkthroughTerminal", "WalkthroughKit", "CPNGReduced", "WalkthroughTestSupport",
            ],
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
                "WalkthroughCLI", "WalkthroughKit", "WalkthroughFleet", "WalkthroughTerminal",
                "WalkthroughTranslation", "WalkthroughWeb", "WalkthroughTestSupport",
            ],
            // Help, completion and manual goldens (UPDATE_GOLDEN=1 rewrites them).
            exclude: ["Golden", "Translators/XLIFFSchema"]
        ),
        /// `walkthrough serve`'s answers in-process, and (with the `Server` trait) the built
        /// binary over real HTTP.
        .testTarget(
            name: "WalkthroughServerTests",
            dependencies: [
                "WalkthroughServer", "WalkthroughKit", "WalkthroughFleet", "WalkthroughWeb",
                "WalkthroughTestSupport",
            ],
            // The checker that validates answers against the OpenAPI document (Python).
            exclude: ["Reference"],
            swiftSettings: [.define("SERVER", .when(traits: ["Server"]))]
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
            dependencies: ["WalkthroughKit", "WalkthroughFleet", "WalkthroughTerminal"],
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
