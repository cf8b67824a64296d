/// Why a ``FirstRunGate`` could not answer. "Already seen" is an answer, never an error.
///
/// Each case says which part failed, so that a tool can treat them differently: a definition
/// problem is a packaging mistake to fix, while a store that cannot be opened is something a
/// tool may well ignore and start anyway.
///
/// ```swift
/// do {
///     switch try FirstRunGate().decide("foodpin") { … }
/// } catch FirstRunGateError.store(let error) {
///     print("note: cannot check the onboarding state: \(error)")   // start anyway
/// } catch {
///     throw error                                                  // definition or user name
/// }
/// ```
public enum FirstRunGateError: Error, CustomStringConvertible {
    /// The definition could not be found, read or loaded.
    case definition(DefinitionError)
    /// The user name is not one the store accepts (empty, over 256 bytes, or with a control
    /// character).
    case invalidUser(name: String, problem: UserName.Problem)
    /// The store could not be opened or read: a ``SeenStoreError`` from the SQLite store, or
    /// whatever a custom ``SeenStore`` threw.
    case store(any Error)

    /// One line that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .definition(let error): return "\(error)"
        case .invalidUser(let name, let problem): return "\(name.debugDescription): \(problem)"
        case .store(let error): return "\(error)"
        }
    }
}
