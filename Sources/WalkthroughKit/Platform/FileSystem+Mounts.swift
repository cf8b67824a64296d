@preconcurrency import Glibc

extension FileSystem {
    /// The type of the file system the file at `path` is on (`ext4`, `nfs4`, `fuse.sshfs`, …),
    /// as `/proc/self/mountinfo` names it for the file's device; `nil` when it cannot be told.
    package static func fileSystemType(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let device = UInt64(info.st_dev)
        // glibc's major() and minor() of a dev_t.
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        let wanted = Array("\(major):\(minor)".utf8)
        let result = FileReader.withContents(of: "/proc/self/mountinfo", limit: 1 << 22) {
            text -> String? in
            // "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw": the
            // third field is the device, the first after " - " the type.
            for line in text.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "))
                guard fields.count > 2, fields[2].elementsEqual(wanted),
                    let dash = fields.firstIndex(where: { $0.elementsEqual([UInt8(ascii: "-")]) }),
                    dash + 1 < fields.count
                else { continue }
                return String(decoding: fields[dash + 1], as: UTF8.self)
            }
            return nil
        }
        guard case .success(let type) = result else { return nil }
        return type
    }

    /// Whether `type` (``fileSystemType(of:)``) is a file system another machine writes too,
    /// whose changes this one learns of only when its attribute cache expires: NFS, SMB/CIFS,
    /// FUSE (sshfs and the like), Ceph, 9P, AFS, GlusterFS, Lustre, GPFS.
    package static func isShared(fileSystemType type: String) -> Bool {
        type.hasPrefix("nfs") || type.hasPrefix("fuse") || type.hasPrefix("smb")
            || ["cifs", "ceph", "9p", "afs", "glusterfs", "lustre", "gpfs", "ocfs2", "gfs2"]
                .contains(type)
    }
}
