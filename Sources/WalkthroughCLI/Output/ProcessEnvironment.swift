@preconcurrency import Glibc

/// The process environment, read from `environ` without Foundation's `ProcessInfo`.
enum ProcessEnvironment {
    /// Every `NAME=value` pair of the environment; a name given twice keeps its first value,
    /// as `getenv` does.
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                if result[name] == nil {
                    result[name] = String(pair[pair.index(after: equals)...])
                }
            }
            pointer += 1
        }
        return result
    }
}
