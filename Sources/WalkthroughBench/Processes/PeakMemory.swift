import FoundationEssentials

/// Memory as the kernel counts it, from `/proc/PID/status`: this process's, or another's (a
/// server the benchmark started).
enum PeakMemory {
    /// The peak resident set so far (`VmHWM`), in KiB.
    static func highWaterMarkKiB() -> Int? { field("VmHWM:", of: "self") }

    /// The resident set now (`VmRSS`), in KiB.
    static func residentKiB() -> Int? { field("VmRSS:", of: "self") }

    /// The resident set now (`VmRSS`) of process `pid`, in KiB; `nil` when it has ended.
    static func residentKiB(process pid: Int32) -> Int? { field("VmRSS:", of: String(pid)) }

    /// The processes whose parent is `pid` (nginx's workers), from `/proc/*/stat`.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/stat")
            else { return nil }
            // `PID (COMMAND) STATE PPID …`: the command may hold spaces and parentheses.
            let text = String(decoding: data, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    private static func field(_ name: String, of process: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(process)/status") else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}
