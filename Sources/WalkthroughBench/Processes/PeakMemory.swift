import FoundationEssentials
@preconcurrency import Glibc

/// Memory and processor time as the kernel counts them, from `/proc/PID/status` and
/// `/proc/PID/stat`: this process's, or another's (a server the benchmark started).
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
            guard let child = Int32(entry), let fields = statFields(of: child) else { return nil }
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    /// The processor time process `pid` has used so far, user and system, all its threads,
    /// in seconds (the kernel counts it in ticks of 10 ms); `nil` when it has ended.
    static func processorSeconds(process pid: Int32) -> Double? {
        guard let fields = statFields(of: pid), fields.count > 12,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The fields of `/proc/PID/stat` after `PID (COMMAND)` (the command may hold spaces and
    /// parentheses): the state first, then the parent's id, …, `utime` at 11, `stime` at 12.
    private static func statFields(of pid: Int32) -> [Substring]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
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
