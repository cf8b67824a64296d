@preconcurrency import Glibc
import WalkthroughKit

/// Makes the run's process start with a private `XDG_CONFIG_HOME`, before Foundation reads it.
///
/// Foundation on Linux keeps `UserDefaults` suites in `$XDG_CONFIG_HOME/<suite>.plist`, and
/// reads the variable when the process starts: setting it later is too late, and the suite's
/// writes would land in the user's real `~/.config`. So the benchmark creates its temporary
/// folder first, then re-executes itself (the same process, `execv`) with `XDG_CONFIG_HOME`
/// inside that folder, and adopts the folder on the other side.
enum PrivateEnvironment {
    private static let folderVariable = "WALKTHROUGH_BENCH_FOLDER"
    private static let processVariable = "WALKTHROUGH_BENCH_PID"
    /// The prefix of the folder's name, under `$TMPDIR` or `/tmp`.
    static let folderPrefix = "walkthrough-bench."

    /// The folder this process was re-executed into, or `nil` before the re-execution.
    ///
    /// Only a folder handed over by this very process (same process id) with the expected name
    /// is adopted, so a stray variable in the environment can never make the run delete
    /// someone's folder.
    static func adoptedFolder() -> String? {
        guard let folder = getenv(folderVariable).map({ String(cString: $0) }),
            let pid = getenv(processVariable).map({ String(cString: $0) }),
            pid == String(getpid()),
            folder.split(separator: "/").last?.hasPrefix(folderPrefix) == true
        else { return nil }
        unsetenv(folderVariable)
        unsetenv(processVariable)
        return folder
    }

    /// Creates the temporary folder and its `config` subfolder, and re-executes this binary
    /// with the same arguments and `XDG_CONFIG_HOME` pointing there. Returns only on failure.
    static func reexecute() -> String {
        let base =
            getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/" + folderPrefix + "XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
        else {
            return
                "cannot create a temporary folder in \(base): \(FileSystem.describe(errno: errno))"
        }
        let folder = String(cString: created)
        let configuration = folder + "/config"
        guard mkdir(configuration, 0o700) == 0 else {
            rmdir(folder)
            return "cannot create \(configuration): \(FileSystem.describe(errno: errno))"
        }
        setenv("XDG_CONFIG_HOME", configuration, 1)
        setenv(folderVariable, folder, 1)
        setenv(processVariable, String(getpid()), 1)
        let executable = Spawn.currentExecutable()
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(executable, arguments)
        let reason = FileSystem.describe(errno: errno)
        rmdir(configuration)
        rmdir(folder)
        return "cannot re-run \(executable): \(reason)"
    }
}
