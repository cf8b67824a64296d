@preconcurrency import Glibc
package import WalkthroughKit

/// Watches a definition's folder with inotify, for `play --watch`: editors save by writing the
/// file in place or by writing another and renaming it over, so the folder is watched, not the
/// file (whose inode a rename replaces). Any change in the folder, or in the folders of the
/// pages' images, counts: a saved image redraws too.
package final class DefinitionWatcher {
    /// The inotify descriptor, readable when something changed.
    package let fileDescriptor: Int32
    private var watched: Set<String> = []

    /// Watches `folders`.
    ///
    /// - Throws: ``TerminalError/readFailed(errno:)`` when inotify cannot be set up.
    package init(folders: [String]) throws {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw TerminalError.readFailed(errno: errno) }
        fileDescriptor = descriptor
        watch(folders)
    }

    deinit {
        close(fileDescriptor)
    }

    /// Adds folders not watched yet (the images of a definition saved with new pages).
    package func watch(_ folders: [String]) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for folder in folders where !watched.contains(folder) {
            if inotify_add_watch(fileDescriptor, folder, mask) >= 0 { watched.insert(folder) }
        }
    }

    /// Reads every pending event; whether there were any.
    package func drain() -> Bool {
        var changed = false
        while case .bytes = (try? SystemCalls.read(fileDescriptor, limit: 64 * 1024)) ?? .end {
            changed = true
        }
        return changed
    }
}

/// What `play --watch` gives the player: the watcher, and how to load the definition again
/// (a walkthrough showing the problems when the file is not valid).
package struct PlayerWatch {
    /// The folders' watcher.
    package let watcher: DefinitionWatcher
    /// Loads the definition again, and names the folders to watch for it.
    package let reload: () -> (walkthrough: Walkthrough, folders: [String])

    /// Creates a watch.
    package init(
        watcher: DefinitionWatcher,
        reload: @escaping () -> (walkthrough: Walkthrough, folders: [String])
    ) {
        self.watcher = watcher
        self.reload = reload
    }
}
