@preconcurrency import Glibc

extension ChildProcess {
    /// Starts `arguments` with `input` as standard input and the two output files created (or
    /// truncated) as standard output and standard error; returns the child's process id.
    ///
    /// The child starts with an empty signal mask, every signal at its default disposition, and
    /// no descriptor but 0, 1 and 2. With an environment or a folder, `/usr/bin/env` sets them
    /// up and then executes the program in the same process (`posix_spawn_file_actions_addchdir_np`
    /// is not visible to Swift), so the process id is the program's all the same.
    ///
    /// `descriptors` hands the child more descriptors: each key is the number the child sees,
    /// each value this process's descriptor (which must not itself be a key, nor 0-2).
    /// `newProcessGroup` makes the child the leader of a group of its own, so that
    /// ``ChildProcess/signalGroup(_:)`` reaches the processes it starts.
    static func spawn(
        _ arguments: [String], environment: [String: String]?, directory: String?,
        input: Int32, output: String, errors: String, descriptors: [Int32: Int32] = [:],
        newProcessGroup: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        GNUExtensions.closeDescriptors(from: (descriptors.keys.max() ?? 2) + 1, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let throughEnv = environment != nil || directory != nil
        let command =
            throughEnv
            ? ["/usr/bin/env"] + (directory.map { ["-C", $0] } ?? []) + ["--"] + arguments
            : arguments
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var childEnvironment = environment ?? [:]
        // A coverage build's programs write their profile where LLVM_PROFILE_FILE says, else
        // `default.profraw` in their working folder: inside the sandbox a test inspects. The
        // test process's own setting (swift test --enable-code-coverage) goes to every child.
        if childEnvironment["LLVM_PROFILE_FILE"] == nil,
            let profile = getenv("LLVM_PROFILE_FILE").map({ String(cString: $0) })
        {
            childEnvironment["LLVM_PROFILE_FILE"] = profile
        }
        var envp: [UnsafeMutablePointer<CChar>?] =
            childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned: Int32
        switch (throughEnv, environment) {
        case (true, .some):
            spawned = posix_spawn(&child, command[0], &actions, &attributes, &argv, &envp)
        case (true, nil):
            spawned = posix_spawn(&child, command[0], &actions, &attributes, &argv, environ)
        case (false, _):
            // No environment given: the name is looked up in this process's PATH, which the
            // child inherits.
            spawned = posix_spawnp(&child, command[0], &actions, &attributes, &argv, environ)
        }
        guard spawned == 0 else {
            throw TestSupportError(
                "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return child
    }
}
