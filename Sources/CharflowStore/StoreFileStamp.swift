import Foundation

/// The store's files as the kernel sees them — inode, size and modification time of the store and of
/// its write-ahead log — so a loop that compares stamps opens the store only after some process wrote.
///
/// Every write in WAL mode appends to the log or, at a checkpoint, changes the store and resets the log,
/// and a store replaced whole has another inode: each changes the stamp. Reading it is two `stat`
/// calls, against a SQLite open, read and close.
package struct StoreFileStamp: Equatable, Sendable {
    private let parts: [Int64]

    /// The stamp of the store at `path` now; a missing file has a stamp of its own.
    package static func of(path: String) -> StoreFileStamp {
        var parts: [Int64] = []
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else {
                parts.append(-1)
                continue
            }
            // Not the change time: SQLite run as root gives a log it opens to the store's owner, which
            // changes it on every read.
            parts += [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
        }
        return StoreFileStamp(parts: parts)
    }
}
