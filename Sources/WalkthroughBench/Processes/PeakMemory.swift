import FoundationEssentials

/// This process's memory as the kernel counts it, from `/proc/self/status`.
enum PeakMemory {
    /// The peak resident set so far (`VmHWM`), in KiB.
    static func highWaterMarkKiB() -> Int? { field("VmHWM:") }

    /// The resident set now (`VmRSS`), in KiB.
    static func residentKiB() -> Int? { field("VmRSS:") }

    private static func field(_ name: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else {
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
