import CharflowStore
import CLibPQ
import Foundation

/// A hub connection kept between the syncs of one loop (`serve`, `sync --watch`), so each sync skips
/// PostgreSQL's session start and the loading of the hub's functions (issue 39, item 13).
///
/// A sync takes the kept connection when it is to the same hub and still open; a connection that
/// dropped while idle (the hub restarted, a network went away) fails the sync's first statement, and
/// that sync is run once more over a new connection, so a restarted hub costs no retry wait. A sync
/// that fails otherwise drops the connection, so none is kept mid-transaction.
public final class KeptHubConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var url: String?
    private var connection: HubConnection?

    public init() {}

    /// Runs `body` over the kept connection to `url`, or a new one that is kept when `body` succeeds.
    func use<T>(_ url: String, _ body: (HubConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if let held = connection, self.url == url, held.isOpen {
            do {
                return try body(held)
            } catch {
                connection = nil
                guard KeptHubConnection.dropped(error, held) else { throw error }
            }
        }
        connection = nil
        let fresh = try HubConnection(url: url)
        let result = try body(fresh)
        connection = fresh
        self.url = url
        return result
    }

    /// Closes the kept connection: the loop's listener heard the hub go away, so the next sync asks the
    /// hub afresh whether it is back rather than trusting a session that may outlive its database.
    public func drop() {
        lock.lock()
        defer { lock.unlock() }
        connection = nil
    }

    /// Whether `error` says the kept connection had dropped rather than the sync failed on its own: the
    /// connection is closed, or the server ended the session (SQLSTATE class 57, operator intervention,
    /// which is how a terminated or restarting server answers) or lost it (class 08).
    private static func dropped(_ error: Error, _ held: HubConnection) -> Bool {
        if !held.isOpen { return true }
        switch error as? SyncError {
        case .unreachable: return true
        case .refused(_, let state?): return state.hasPrefix("57") || state.hasPrefix("08")
        default: return false
        }
    }

    /// The hub's server process of the kept connection, nil when none is kept: what a test compares to
    /// see one connection serve several syncs.
    package func serverProcess() throws -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let connection, connection.isOpen else { return nil }
        return try connection.query("SELECT pg_backend_pid()").first?.first ?? nil
    }
}
