@preconcurrency import Glibc

/// What the gate remembers of a launch that found a walkthrough already seen, so that the next
/// launch asking the same question about the same definition bytes, store file and user answers
/// without parsing the definition or opening the store.
///
/// A memo is a small file, mode 0600, in `$XDG_CACHE_HOME/walkthrough/seen-memo` (else
/// `~/.cache/walkthrough/seen-memo`), one per store, user and definition name. It holds the key
/// (the store's path, the user, the definition's name, the FNV-1a hash of the definition's
/// bytes), the store file's stamp (``Stamp``: device, inode, size, modification and change
/// times) and the record the store gave. It answers only while all of them match what is there
/// now, and while nothing (no `-journal`, no `-wal`) sits beside the store: any committed
/// write to the store rewrites its file, which moves its change time, so the memo stops
/// answering and the gate reads the store again. Deleting the folder loses nothing.
///
/// A memo is written only from a read whose store file had not changed for ``settled`` before
/// the read began and did not change during it (the stamp taken before and after are equal):
/// file times come from a clock that ticks every few milliseconds, so a write in the same tick
/// as the read could leave the stamp as it was, and only a file that has been still for longer
/// than a tick is certain to show the next write in its change time (the "racy" entries git's
/// index guards against in the same way).
package struct SeenMemo: Sendable {
    /// The store file's path, as the gate opens it.
    package var storePath: String
    /// The user the record is for.
    package var user: String
    /// The definition's name: its path for a file, else the name it was given.
    package var definitionName: String
    /// The FNV-1a hash of the definition's bytes.
    package var definitionHash: UInt64
    /// The folder the memo is kept in (``folder(environment:)``).
    package var folder: String

    /// How long the store file must have been unchanged before a read is remembered.
    package static let settled = Duration.milliseconds(100)

    /// ``settled`` for a file system whose times count whole seconds.
    package static let settledCoarse = Duration.seconds(3)

    /// The largest memo file read.
    private static let maximumSize = 8192

    package init(
        storePath: String, user: String, definitionName: String, definitionHash: UInt64,
        folder: String
    ) {
        self.storePath = storePath
        self.user = user
        self.definitionName = definitionName
        self.definitionHash = definitionHash
        self.folder = folder
    }

    /// The memos' folder: `$XDG_CACHE_HOME/walkthrough/seen-memo` when that
    /// is an absolute path, else `$HOME/.cache/walkthrough/seen-memo`; `nil` without either.
    package static func folder(environment: some EnvironmentVariables) -> String? {
        let slash = UInt8(ascii: "/")
        if let cache = environment["XDG_CACHE_HOME"], cache.utf8.first == slash {
            return FileSystem.joined(cache, "walkthrough/seen-memo")
        }
        guard let home = environment["HOME"], home.utf8.first == slash else { return nil }
        return FileSystem.joined(home, ".cache/walkthrough/seen-memo")
    }

    /// The memo file's name in ``folder(environment:)``: the hash of the key without the
    /// definition's bytes, so that a changed definition replaces its memo.
    var fileName: String {
        // The three, a NUL byte between them.
        var hash = FNV1a.hash64(storePath.utf8)
        hash = FNV1a.hash64(user.utf8, continuing: FNV1a.hash64(byte: 0, continuing: hash))
        hash = FNV1a.hash64(
            definitionName.utf8, continuing: FNV1a.hash64(byte: 0, continuing: hash))
        var name: [UInt8] = []
        Text.appendHex(hash, to: &name)
        return String(decoding: name, as: UTF8.self)
    }

    // MARK: - Recall

    /// The record remembered for this key, when the store's file is exactly as it was when it
    /// was read; `nil` for anything else (no memo, another key, a store that changed, a memo
    /// file that is not this user's own).
    ///
    /// - Parameter stamp: The store file's stamp now (``Stamp/ofStore(at:)``).
    package func recall(stamp: Stamp) -> SeenRecord? {
        guard let text = Self.read(FileSystem.joined(folder, fileName)) else { return nil }
        let prefix = header(stamp)
        guard text.count > prefix.count, Text.starts(text, with: prefix),
            let fields = Text.record(text[prefix.count...])
        else { return nil }
        return SeenRecord(
            user: user, walkthrough: fields.walkthrough, version: fields.version,
            outcome: fields.outcome, lastPage: fields.lastPage, updatedAt: fields.updatedAt)
    }

    // MARK: - Remember

    /// Remembers `record`, read from the store between `before` (its stamp then, taken at
    /// `startedAt` or later) and now, when the file had been still for ``settled`` before and
    /// has not changed since. Failing to write is not an error: the next launch reads the
    /// store.
    ///
    /// A file system whose times count whole seconds (their nanoseconds are 0) must have been
    /// still for ``settledCoarse`` instead; a store on a file system other machines write
    /// (NFS, SMB, FUSE, Ceph, 9P, AFS, …), where another machine's write reaches this one's
    /// `lstat` only when its attribute cache expires, or on one that cannot be told, is never
    /// remembered.
    package func remember(_ record: SeenRecord, before: Stamp, startedAt: Timestamp) {
        let settling =
            before.changedNanoseconds == 0 && before.modifiedNanoseconds == 0
            ? Self.settledCoarse : Self.settled
        guard record.user == user, record.outcome.countsAsSeen, !record.walkthrough.isEmpty,
            before.changedAt + settling <= startedAt,
            Stamp.ofStore(at: storePath) == before, Self.isLocal(storePath)
        else { return }
        var text = header(before)
        Text.appendRecord(record, to: &text)
        Self.write(text, to: folder, name: fileName)
    }

    /// Whether the file at `path` is on a file system only this machine writes, as far as
    /// can be told (``FileSystem/isShared(fileSystemType:)``).
    private static func isLocal(_ path: String) -> Bool {
        guard let type = FileSystem.fileSystemType(of: path) else { return false }
        return !FileSystem.isShared(fileSystemType: type)
    }

    // MARK: - The file

    /// Everything before the record: the format, the key and the store's stamp.
    private func header(_ stamp: Stamp) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        text += "walkthrough-seen-memo 1\n".utf8
        Text.appendHex(storePath, to: &text)
        text.append(UInt8(ascii: "\n"))
        Text.appendHex(user, to: &text)
        text.append(UInt8(ascii: "\n"))
        Text.appendHex(definitionName, to: &text)
        text.append(UInt8(ascii: "\n"))
        Text.appendHex(definitionHash, to: &text)
        text.append(UInt8(ascii: "\n"))
        stamp.append(to: &text)
        text.append(UInt8(ascii: "\n"))
        return text
    }

    /// The bytes of the memo at `path` when it is a regular file of this user's that no one
    /// else may write, and small; else `nil`.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            info.st_uid == geteuid(), info.st_mode & 0o022 == 0, info.st_size < maximumSize
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        let count = bytes.withUnsafeMutableBytes {
            Glibc.read(descriptor, $0.baseAddress, $0.count)
        }
        guard count >= 0, count <= Int(info.st_size) else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Writes `text` as `name` in `folder` (made 0700 when missing, and used only when it is
    /// this user's and no one else may write it): a new file beside it, then renamed over the
    /// old one, so a reader sees one memo or the other, whole.
    private static func write(_ bytes: [UInt8], to folder: String, name: String) {
        let parent = FileSystem.folder(of: folder)
        for path in [FileSystem.folder(of: parent), parent, folder] { mkdir(path, 0o700) }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        var info = stat()
        guard fstat(directory, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0
        else { return }
        var random = SystemRandomNumberGenerator()
        var suffix: [UInt8] = []
        Text.appendHex(random.next() as UInt64, to: &suffix)
        let temporary = "." + name + "." + String(decoding: suffix, as: UTF8.self)
        let file = openat(
            directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        close(file)
        guard written == bytes.count, renameat(directory, temporary, directory, name) == 0 else {
            unlinkat(directory, temporary, 0)
            return
        }
    }
}

extension SeenMemo {
    /// What a store file looked like at one moment: what any committed write changes.
    package struct Stamp: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var changedSeconds: Int
        var changedNanoseconds: Int

        /// When the file last changed (its change time), to the millisecond.
        package var changedAt: Timestamp {
            Timestamp(
                millisecondsSince1970: Int64(changedSeconds) * 1000
                    + Int64(changedNanoseconds / 1_000_000))
        }

        /// Appends the fields in decimal, a space between each.
        func append(to text: inout [UInt8]) {
            Text.appendDecimal(Int64(bitPattern: device), to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(Int64(bitPattern: inode), to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(size, to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(Int64(modifiedSeconds), to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(Int64(modifiedNanoseconds), to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(Int64(changedSeconds), to: &text)
            text.append(UInt8(ascii: " "))
            Text.appendDecimal(Int64(changedNanoseconds), to: &text)
        }

        /// The stamp of the store at `path` when it is a regular file (not a link) with no
        /// `-journal` or `-wal` file beside it; `nil` otherwise.
        package static func ofStore(at path: String) -> Stamp? {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            var companion = stat()
            guard lstat(path + "-journal", &companion) != 0, lstat(path + "-wal", &companion) != 0
            else { return nil }
            return Stamp(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec,
                changedSeconds: info.st_ctim.tv_sec, changedNanoseconds: info.st_ctim.tv_nsec)
        }
    }
}
