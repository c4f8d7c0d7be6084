import Foundation

/// Keeps connections that send their request slowly from locking a new client out (rule W-26).
///
/// libmicrohttpd closes a connection only when it has been silent for the idle timeout, so one that sends
/// a header line every few seconds stays open for as long as it likes, and a thousand of them fill the
/// connection limit. The watch knows every connection's socket and whether it is waiting for a request's
/// headers (from its opening, or from the end of its previous request), and ends such a connection
///   - when it has waited `headerSeconds` in all, whatever it sent meanwhile, and
///   - when the open connections reach the limit less `spare`: the one that has waited longest goes,
///     so a fresh client, which sends its headers at once, always finds room.
/// A connection is ended with `shutdown`, never `close`: libmicrohttpd sees the end, closes its socket
/// and tells the watch (before the close, under the watch's lock, so a number reused by the system is
/// never shut down by mistake). Requests being answered are never touched.
final class ConnectionWatch: @unchecked Sendable {
    struct Entry {
        let socket: Int32
        /// When the connection began waiting for a request's headers; nil while a request is handled.
        var waitingSince: TimeInterval?
        var ended = false
    }

    let headerSeconds: TimeInterval
    let limit: Int
    let spare: Int
    private let lock = NSLock()
    private var entries: [UnsafeMutableRawPointer: Entry] = [:]
    /// How many connections the watch has ended, for the tests' figures.
    private(set) var endedCount = 0

    init(headerSeconds: TimeInterval, limit: Int, spare: Int) {
        self.headerSeconds = headerSeconds
        self.limit = limit
        self.spare = spare
    }

    static func clock() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

    func opened(_ connection: UnsafeMutableRawPointer, socket: Int32) {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.clock()
        entries[connection] = Entry(socket: socket, waitingSince: now)
        let open = entries.values.filter { !$0.ended }.count
        guard open > limit - spare else { return }
        // The one waiting longest for its headers makes room; never the one just opened.
        let oldest = entries.filter { $0.key != connection && !$0.value.ended && $0.value.waitingSince != nil }
            .min { $0.value.waitingSince! < $1.value.waitingSince! }
        if let oldest { end(oldest.key) }
    }

    func closed(_ connection: UnsafeMutableRawPointer) {
        lock.lock()
        entries[connection] = nil
        lock.unlock()
    }

    /// A request's headers are in: the connection is busy until the request completes.
    func headersArrived(_ connection: UnsafeMutableRawPointer) {
        lock.lock()
        entries[connection]?.waitingSince = nil
        lock.unlock()
    }

    /// A request is done: a kept-alive connection waits for the next one's headers from now.
    func requestDone(_ connection: UnsafeMutableRawPointer) {
        lock.lock()
        if entries[connection] != nil { entries[connection]?.waitingSince = Self.clock() }
        lock.unlock()
    }

    /// Ends every connection that has waited `headerSeconds` for its headers (called every second).
    func endOverdue() {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.clock()
        for (connection, entry) in entries where !entry.ended {
            if let since = entry.waitingSince, now - since >= headerSeconds { end(connection) }
        }
    }

    /// Called with the lock held.
    private func end(_ connection: UnsafeMutableRawPointer) {
        guard let entry = entries[connection], entry.socket >= 0 else { return }
        shutdown(entry.socket, Int32(SHUT_RDWR))
        entries[connection]?.ended = true
        endedCount += 1
    }
}
