import Foundation

/// One sync of a store at a time, whichever process runs it (a typed `sync` beside a running `serve`,
/// two shells): a second one waits, then finds sent what the first sent, so neither counts it twice
/// (issue 39, item 8).
///
/// The turn is an exclusive `flock` on a file of its own beside the store (`STORE-sync`, empty, 0600),
/// never on the store's own files, whose POSIX locks SQLite holds and a close of any descriptor of
/// theirs would drop. The kernel lets it go when the process ends, killed or not. A store whose folder
/// takes no such file syncs without the turn.
final class SyncTurn {
    private let descriptor: Int32

    /// Waits for the turn of the store at `storePath`; nil when no lock file can be made there.
    init?(storePath: String) {
        guard !storePath.isEmpty, storePath != ":memory:" else { return nil }
        let descriptor = open(storePath + "-sync", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                return nil
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
