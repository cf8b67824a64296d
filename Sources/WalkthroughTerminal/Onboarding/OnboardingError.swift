public import WalkthroughKit

/// Why the onboarding failed: thrown by
/// ``Onboarding/presentIfNeeded(_:user:store:policy:storeFailure:options:)``, returned by the
/// safe call as ``OnboardingResult/failed(_:)``. "Already seen" and "not shown" are results,
/// never errors.
///
/// The cases say which part failed, so that a tool can let its users in whatever happened to
/// the onboarding:
///
/// ```swift
/// do {
///     _ = try Onboarding.presentIfNeeded("foodpin", storeFailure: .throw)
/// } catch OnboardingError.store(let error) {
///     print("note: onboarding skipped: \(error)")  // the state cannot be kept; start anyway
/// } catch {
///     print("onboarding failed: \(error)")         // definition, user name or terminal
/// }
/// ```
public enum OnboardingError: Error, CustomStringConvertible {
    /// The definition could not be found, read or loaded: a packaging mistake to fix.
    case definition(DefinitionError)
    /// The user name is not one the store accepts.
    case invalidUser(name: String, problem: UserName.Problem)
    /// The store could not be opened, read or written: a `SeenStoreError` from the SQLite
    /// store, or what a custom store threw. Before anything is shown,
    /// ``Onboarding/StoreFailurePolicy/ignore`` turns this into a result instead.
    case store(any Error)
    /// The terminal could not be set up, read or written (or another walkthrough is already
    /// playing in this process). The terminal was restored first.
    case terminal(TerminalError)

    /// One line that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .definition(let error): return "\(error)"
        case .invalidUser(let name, let problem): return "\(name.debugDescription): \(problem)"
        case .store(let error): return "\(error)"
        case .terminal(let error): return "\(error)"
        }
    }
}
