@preconcurrency import Glibc
import WalkthroughKit

/// Tells when a file in the definition folders changes (written and closed, moved in or out,
/// removed), through inotify, on a thread of its own.
final class FolderWatch: @unchecked Sendable {
    private let descriptor: Int32
    private var thread: BackgroundThread?

    /// Watches `folders`; `changed` is called on the watch's thread after each burst of
    /// changes. `nil` when inotify is not available.
    init?(folders: [String], changed: @escaping @Sendable () -> Void) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        for folder in folders {
            _ = inotify_add_watch(descriptor, folder, mask)
        }
        let descriptor = self.descriptor
        thread = BackgroundThread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress, $0.count)
                }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return }  // closed: the watch is over
                changed()
            }
        }
    }

    /// Stops watching.
    func stop() {
        close(descriptor)
    }
}
