@preconcurrency import Glibc

/// The variables a question reads, passed as one value: a dictionary the caller gave, or the
/// process's environment (``Environment/process``), read a variable at a time.
///
/// The one-call gate answers most launches from three or four variables (the quiet switch,
/// the store's path, the memo's folder, the user); reading them one at a time spares such a
/// launch building a dictionary of the whole environment. Whatever needs every variable asks
/// ``dictionary`` once.
package protocol EnvironmentVariables: Sendable {
    /// The value of the variable `name`, if it is set.
    subscript(_ name: String) -> String? { get }
    /// Every variable.
    var dictionary: [String: String] { get }
}

extension Dictionary: EnvironmentVariables where Key == String, Value == String {
    /// The dictionary itself.
    package var dictionary: [String: String] { self }
}

/// The environment a gate reads, held as one value: the process's, each variable read when
/// asked (`getenv`), or the variables a caller gave.
///
/// A plain enum rather than an existential, so that a launch the memo answers builds no
/// generic metadata for it: boxing a dictionary as `any EnvironmentVariables` makes the runtime
/// instantiate `[String: String]`'s metadata, whose `Hashable` requirement it checks by
/// searching every loaded image's conformances (Foundation's too, in a host that loads it).
package enum Environment: EnvironmentVariables {
    /// The process's environment.
    case process
    /// The variables a caller gave.
    case given([String: String])

    /// `given`, else the process's environment.
    package init(_ given: [String: String]?) {
        if let given {
            self = .given(given)
        } else {
            self = .process
        }
    }

    /// The value of `name`.
    package subscript(_ name: String) -> String? {
        switch self {
        case .process:
            // Through the name's own bytes (a native string is already NUL-terminated),
            // with no C-string copy made.
            return name.withCString { getenv($0) }.map { String(cString: $0) }
        case .given(let variables):
            return variables[name]
        }
    }

    /// Every variable (for the process, ``ProcessEnvironment/current()``).
    package var dictionary: [String: String] {
        switch self {
        case .process: return ProcessEnvironment.current()
        case .given(let variables): return variables
        }
    }
}
