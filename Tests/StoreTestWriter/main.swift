import FoundationEssentials
// A writer process for the store's concurrency and crash tests, which spawn many of it at once.
//
// DB is an SQLite path or a postgresql:// URL.
//
//   StoreTestWriter distinct DB PREFIX COUNT   markSeen COUNT distinct users PREFIX-0 … PREFIX-(COUNT-1)
//   StoreTestWriter same DB COUNT              COUNT rounds of saveProgress + markSeen on one record
//   StoreTestWriter acks DB PREFIX             markSeen PREFIX-0, PREFIX-1, … until killed, printing
//                                              "ack N" on stdout after each write has returned
//   StoreTestWriter timed DB PREFIX SECONDS    markSeen PREFIX-0, PREFIX-1, … for SECONDS, then
//                                              prints "wrote N": every one of them acknowledged
//   StoreTestWriter pooled DB PREFIX COUNT     as `walkthrough` opens DB (through the replica
//                                              unless WALKTHROUGH_REPLICA=off): markSeen COUNT
//                                              users, each checked with hasSeen by a second,
//                                              read-only store of DB (the pooler tests)
//
// Any error is printed on stderr as one line and ends the process with status 1.
//
// The writers open the store with its default options (a 60 s busy timeout, or
// WALKTHROUGH_BUSY_TIMEOUT), as the `walkthrough` command does: these tests prove that with them
// no write is lost and none fails. The timeout itself, and the "locked" error after it, are
// tested on their own in SQLiteSeenStoreBusyTests.
@preconcurrency import Glibc
import WalkthroughFleet
import WalkthroughKit

/// Writes `text` straight to file descriptor `descriptor`, unbuffered: an acknowledgement must
/// be out of the process before the next write starts, so that SIGKILL cannot lose it.
func emit(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 {
            if errno == EINTR { continue }
            exit(3)
        }
        offset += written
    }
}

func fail(_ message: String) -> Never {
    emit("StoreTestWriter: \(message)\n", to: 2)
    exit(1)
}

Fleet.enable()
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail("usage: StoreTestWriter distinct|same|acks DB …")
}
let mode = arguments[0]
let path = arguments[1]

do {
    var options = SQLiteSeenStore.Options()
    if let timeout = try SQLiteSeenStore.Options.busyTimeout(
        environment: ProcessInfo.processInfo.environment)
    {
        options.busyTimeout = timeout
    }
    // A postgresql:// URL opens the fleet store instead (the PostgreSQL concurrency tests).
    let store: any SeenStore =
        PostgresSeenStore.isURL(path)
        ? try PostgresSeenStore(url: path)
        : try SQLiteSeenStore(path: path, options: options)
    switch mode {
    case "pooled":
        guard arguments.count == 4, let count = Int(arguments[3]) else {
            fail("usage: StoreTestWriter pooled DB PREFIX COUNT")
        }
        let environment = ProcessInfo.processInfo.environment
        let writer = try SeenStoreBackend.openAdministered(path, environment: environment)
        var readOnly = StoreOpenOptions()
        readOnly.readOnly = true
        readOnly.createIfMissing = false
        var reader: (any SeenStore)?
        for index in 0..<count {
            let user = "\(arguments[2])-\(index)"
            try writer.markSeen(user: user, walkthrough: "foodpin", version: 1, outcome: .completed)
            let checker =
                try reader
                ?? SeenStoreBackend.openAdministered(
                    path, options: readOnly, environment: environment)
            reader = checker
            guard try checker.hasSeen(user: user, walkthrough: "foodpin", version: 1) else {
                fail("\(user) was not seen right after markSeen")
            }
        }
    case "distinct":
        guard arguments.count == 4, let count = Int(arguments[3]) else {
            fail("usage: StoreTestWriter distinct DB PREFIX COUNT")
        }
        for index in 0..<count {
            try store.markSeen(
                user: "\(arguments[2])-\(index)", walkthrough: "foodpin", version: 1,
                outcome: .completed)
        }
    case "same":
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            fail("usage: StoreTestWriter same DB COUNT")
        }
        for index in 0..<count {
            try store.saveProgress(
                user: "shared", walkthrough: "foodpin", version: 1, page: index % 3)
            try store.markSeen(
                user: "shared", walkthrough: "foodpin", version: 1,
                outcome: index.isMultiple(of: 2) ? .completed : .skipped)
            guard try store.hasSeen(user: "shared", walkthrough: "foodpin", version: 1) else {
                fail("the shared record was not seen right after markSeen")
            }
        }
    case "acks":
        guard arguments.count == 3 else { fail("usage: StoreTestWriter acks DB PREFIX") }
        for index in 0..<1_000_000 {
            try store.markSeen(
                user: "\(arguments[2])-\(index)", walkthrough: "foodpin", version: 1,
                outcome: .completed)
            emit("ack \(index)\n", to: 1)
        }
    case "timed":
        guard arguments.count == 4, let seconds = Int(arguments[3]) else {
            fail("usage: StoreTestWriter timed DB PREFIX SECONDS")
        }
        let deadline = ContinuousClock.now + .seconds(seconds)
        var count = 0
        while ContinuousClock.now < deadline {
            try store.markSeen(
                user: "\(arguments[2])-\(count)", walkthrough: "foodpin", version: 1,
                outcome: .completed)
            count += 1
        }
        emit("wrote \(count)\n", to: 1)
    default:
        fail("unknown mode '\(mode)'")
    }
} catch {
    fail("\(error)")
}
