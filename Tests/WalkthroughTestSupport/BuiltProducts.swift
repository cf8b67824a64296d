import FoundationEssentials
@preconcurrency import Glibc

/// The repository's root folder: the nearest folder above `file` holding `Package.swift`.
package func repositoryRoot(_ file: String = #filePath) -> String {
    var folder = file
    while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
        folder = String(folder[..<slash])
        if FileManager.default.fileExists(atPath: folder + "/Package.swift") { return folder }
    }
    return FileManager.default.currentDirectoryPath
}

/// The built executable `name` (`walkthrough`, `OnboardingTestHost`) from the build folder the
/// tests run from: the nearest folder above the test binary holding an executable of that name.
///
/// Falls back to `.build/debug/name` in the repository, so that a missing product gives a test
/// failure naming the path rather than a crash.
package func builtExecutable(_ name: String) -> String {
    var folder =
        realpath("/proc/self/exe", nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? ""
    while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
        folder = String(folder[..<slash])
        let candidate = folder + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return repositoryRoot() + "/.build/debug/" + name
}
