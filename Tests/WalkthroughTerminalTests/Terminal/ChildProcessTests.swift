@preconcurrency import Glibc
import Testing
import WalkthroughTestSupport

/// The process helper every end-to-end test starts programs with: a child gets its three
/// standard streams and nothing else, and no signal blocked or ignored, whatever this process
/// has open or blocked.
struct ChildProcessTests {
    @Test func aChildGetsOnlyItsStandardStreams() throws {
        // Inheritable, as a descriptor another test (or Foundation) opened would be.
        let inheritable = open("/dev/null", O_RDONLY)
        try #require(inheritable >= 0)
        defer { close(inheritable) }
        // `; true` keeps the shell from executing `ls` in its own place.
        let result = try ChildProcess.run(["/bin/sh", "-c", "ls /proc/$$/fd; true"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n") == ["0", "1", "2"])
    }

    @Test func aChildStartsWithNoBlockedAndNoIgnoredSignal() throws {
        // This thread blocks SIGUSR1 for the spawn; the helper itself ignores SIGPIPE here.
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGUSR1)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try ChildProcess.run(["grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        #expect(result.status == 0, "\(result.standardError)")
        var masks: [String: UInt64] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            masks[String(fields[0])] = fields.count == 2 ? UInt64(fields[1], radix: 16) : nil
        }
        #expect(masks["SigBlk:"] == 0, "\(result.standardOutput)")
        // Signals 1 to 31: glibc's posix_spawn sets its own two internal real-time signals (32
        // and 33) to ignored in every child, and no program may use them anyway.
        let standardSignals: UInt64 = (1 << 31) - 1
        #expect(masks["SigIgn:"].map { $0 & standardSignals } == 0, "\(result.standardOutput)")
    }
}
