import Foundation
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// Calls the one-call gate with pipes as its input and files as its outputs: what a tool sees
/// in a script or CI.
///
/// The commands are written (and the pipe closed) before the call, so the player reads them and
/// then the end of input. Signals are left alone (`.none`): handlers are process-wide, and the
/// terminal tests running beside these own them.
struct PlainHarness {
    var result: Result<OnboardingResult, OnboardingError>
    var output: String
    var errors: String

    /// Runs `presentIfNeeded` once.
    init(
        _ source: DefinitionSource, commands: String = "", user: String? = nil,
        store: SeenStoreLocation, policy: OnboardingPolicy = .always,
        storeFailure: Onboarding.StoreFailurePolicy = .throw,
        environment: [String: String] = testEnvironment,
        restart: Bool = false, force: Bool = false, now: Timestamp? = nil
    ) throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array(commands.utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let scratch = try TemporaryFolder()
        let out = open(scratch.file("out"), O_RDWR | O_CREAT | O_TRUNC, 0o600)
        let err = open(scratch.file("err"), O_RDWR | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(out)
            close(err)
        }
        var options = OnboardingOptions(
            input: ends[0], output: out, errorOutput: err, signals: .none,
            environment: environment, restart: restart, force: force)
        options.now = now
        result = Result { () throws(OnboardingError) in
            try Onboarding.presentIfNeeded(
                source, user: user, store: store, policy: policy, storeFailure: storeFailure,
                options: options)
        }
        output = String(
            decoding: FileManager.default.contents(atPath: scratch.file("out")) ?? Data(),
            as: UTF8.self)
        errors = String(
            decoding: FileManager.default.contents(atPath: scratch.file("err")) ?? Data(),
            as: UTF8.self)
    }

    /// The result's description (`completed`, `quit at page 2`, `not shown: not interactive`),
    /// or the error's, prefixed with `error: `.
    var outcome: String { describe(result) }
}

/// A result's description (`completed`, `quit at page 2`), or the error's prefixed with
/// `error: `, or `no result`.
func describe(_ result: Result<OnboardingResult, OnboardingError>?) -> String {
    switch result {
    case .success(let result): return "\(result)"
    case .failure(let error): return "error: \(error)"
    case nil: return "no result"
    }
}

/// An environment with a user and no terminal, store or search path of the test process's own.
let testEnvironment = ["LOGNAME": "alice", "PATH": "/usr/bin:/bin"]
