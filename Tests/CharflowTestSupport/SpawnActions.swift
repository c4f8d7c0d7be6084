import Foundation

/// The spawn actions the tests' long-lived helpers (a PostgreSQL server, its watchdog, the calendar
/// servers) start with, so that they hold none of the test process's descriptors.
public enum SpawnActions {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does not declare.
    nonisolated(unsafe) private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Adds an action that closes every descriptor from `first` on in the child.
    ///
    /// Another thread may have just made a descriptor and not yet marked it close-on-exec: Foundation's
    /// `Process` watches its child's exit through the far end of a socket pair, and a helper that kept
    /// a copy for the whole run left that `Process` waiting for ever.
    public static func closeEverything(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        guard let closeFrom else { preconditionFailure("glibc has no posix_spawn_file_actions_addclosefrom_np") }
        _ = closeFrom(&actions, first)
    }
}
