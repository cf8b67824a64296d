@preconcurrency import Glibc

/// Two glibc functions that Swift's Glibc module does not declare (it is built without
/// `_GNU_SOURCE`), found in the C library at run time.
///
/// Both close the same hole: tests start programs from several threads at once, and a descriptor
/// one thread has just made is inherited by a program another thread starts, unless it is
/// close-on-exec from the first instant. A tmux server lives for seconds and keeps whatever it
/// inherited, so a child's input pipe would never reach its end, or a written binary would stay
/// "busy".
enum GNUExtensions {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    private typealias AddCloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// A pipe whose two ends are close-on-exec from the start (`pipe2(O_CLOEXEC)`).
    ///
    /// - Throws: ``TestSupportError`` when no pipe can be made (no descriptors left).
    static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        if let pipe2 = function("pipe2", as: Pipe2.self) {
            guard pipe2(&ends, O_CLOEXEC) == 0 else {
                throw TestSupportError("pipe2 failed: errno \(errno)")
            }
        } else {
            // An older C library: a short window, as good as it gets.
            guard pipe(&ends) == 0 else { throw TestSupportError("pipe failed: errno \(errno)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    /// Has the child close every descriptor from `lowest` up before it runs the program
    /// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34), so that it keeps only its
    /// standard streams, whatever else this process has open without close-on-exec.
    static func closeDescriptors(
        from lowest: Int32, in actions: inout posix_spawn_file_actions_t
    ) {
        guard
            let addCloseFrom = function(
                "posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
        else { return }
        _ = addCloseFrom(&actions, lowest)
    }

    /// The C library's function `name`, if it has one.
    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        // RTLD_DEFAULT, a null handle in glibc: every library already loaded.
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
