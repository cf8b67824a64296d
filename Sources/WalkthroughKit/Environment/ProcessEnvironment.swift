@preconcurrency import Glibc

/// The process environment, read from `environ` without Foundation's `ProcessInfo`.
///
/// What ``Environment/process`` gives when a question needs every variable: building it takes
/// some microseconds, while `ProcessInfo.processInfo.environment` costs half a millisecond on
/// first use, half of what the one-call gate may add to a tool's launch.
@usableFromInline package enum ProcessEnvironment {
    /// Every `NAME=value` pair of the environment; a name given twice keeps its first value,
    /// as `getenv` does.
    @usableFromInline package static func current() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        // Sized once: growing a dictionary rehashes every name already in it.
        var result = [String: String](minimumCapacity: count)
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first `=` on the bytes: no Character (grapheme) work at start-up.
            if let equals = strchr(entry, 0x3D) {
                let nameLength = equals - entry
                let name = entry.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
                    String(
                        decoding: UnsafeBufferPointer(start: $0, count: nameLength), as: UTF8.self)
                }
                if result[name] == nil { result[name] = String(cString: equals + 1) }
            }
            pointer += 1
        }
        return result
    }
}
