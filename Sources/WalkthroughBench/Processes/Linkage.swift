/// Whether a binary links the Swift standard library statically, read from its dynamic section.
enum Linkage {
    /// A one-line description such as `Swift standard library statically linked (no Swift
    /// library among its NEEDED entries)`, from `readelf -d` (or `ldd` without readelf).
    static func describe(_ binary: String, path: String?) -> String {
        let tools: [(String, [String])] = [("readelf", ["-d", binary]), ("ldd", [binary])]
        var failures: [String] = []
        for (tool, arguments) in tools {
            guard let executable = Spawn.find(tool, path: path) else { continue }
            let spawn = Spawn(
                executable: executable, arguments: arguments, environment: ["LC_ALL": "C"])
            guard let outcome = try? spawn.run(capture: true), outcome.status == 0 else {
                failures.append("\(tool) cannot read it")
                continue
            }
            if outcome.standardOutput.contains("no dynamic section")
                || outcome.standardOutput.contains("not a dynamic executable")
                || outcome.standardError.contains("not a dynamic executable")
            {
                return "a fully static executable (no shared library at all, per \(tool))"
            }
            let swiftLibraries = swiftLibraryNames(in: outcome.standardOutput)
            if swiftLibraries.isEmpty {
                return "Swift standard library statically linked (no Swift library among its "
                    + "shared libraries, per \(tool))"
            }
            return "Swift runtime dynamically linked (\(swiftLibraries.joined(separator: ", ")), "
                + "per \(tool))"
        }
        if failures.isEmpty { return "linkage unknown (neither readelf nor ldd is installed)" }
        return "linkage unknown, perhaps not an ELF binary (\(failures.joined(separator: ", ")))"
    }

    /// The Swift runtime libraries (`libswiftCore.so`, `libFoundationEssentials.so`, …) named in
    /// `readelf -d` or `ldd` output.
    static func swiftLibraryNames(in text: String) -> [String] {
        let prefixes = ["libswift", "libFoundation", "lib_Foundation", "libdispatch"]
        var names: [String] = []
        for line in text.split(separator: "\n") {
            for word in line.split(whereSeparator: { " \t[]".contains($0) })
            where prefixes.contains(where: { word.hasPrefix($0) }) && word.contains(".so") {
                let name = String(word)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
