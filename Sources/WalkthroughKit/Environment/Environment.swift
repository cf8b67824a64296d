@preconcurrency import Glibc

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
