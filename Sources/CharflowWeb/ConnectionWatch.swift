import Foundation

/// Keeps connections that send their request slowly from locking a new client out (rule W-26).
///
/// libmicrohttpd closes a connection only when it has been silent for the idle timeout, so one that sends
/// a header line every few seconds stays open for as long as it likes, and a thousand of them fill the
/// connection limit. The watch knows every connection's socket and whether it is waiting for a request's
/// headers (from its opening, or from the end of its previous request), and ends such a connection
///   - when it has waited `headerSeconds` in all, whatever it sent meanwhile, and
///   - when the open connections reach the limit less `spare`: the one that has waited longest goes,
///     so a fresh client, which sends its headers at once, always finds room;
///   - with `perAddress` (on the network), when one client address holds more: its own longest-waiting
///     one goes. Refusing that address's new connections instead would lock out a phone behind the
///     same router as the attacker.
/// A connection is ended with `shutdown`, never `close`: libmicrohttpd sees the end, closes its socket
/// and tells the watch (before the close, under the watch's lock, so a number reused by the system is
/// never shut down by mistake). Requests being answered are never touched.
final class ConnectionWatch: @unchecked Sendable {
    struct Entry {
        let socket: Int32
        let address: String
        /// When the connection began waiting for a request's headers; nil while a request is handled.
        var waitingSince: TimeInterval?
        var ended = false
    }

    let headerSeconds: TimeInterval
    let limit: Int
    let spare: Int
    let perAddress: Int?
    private let lock = NSLock()
    private var entries: [UnsafeMutableRawPointer: Entry] = [:]

    init(headerSeconds: TimeInterval, limit: Int, spare: Int, perAddress: Int? = nil) {
        self.headerSeconds = headerSeconds
        self.limit = limit
        self.spare = spare
        self.perAddress = perAddress
    }

    static func clock() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

    func opened(_ connection: UnsafeMutableRawPointer, socket: Int32, address: String) {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.clock()
        entries[connection] = Entry(socket: socket, address: address, waitingSince: now)
        if let perAddress, entries.values.filter({ !$0.ended && $0.address == address }).count > perAddress {
            endLongestWaiting(besides: connection) { $0.address == address }
        }
        if entries.values.filter({ !$0.ended }).count > limit - spare {
            endLongestWaiting(besides: connection) { _ in true }
        }
    }

    /// Ends the connection that has waited longest for its headers among those `matching`, never the
    /// one just opened. Called with the lock held.
    private func endLongestWaiting(besides connection: UnsafeMutableRawPointer, matching: (Entry) -> Bool) {
        let oldest = entries.filter { $0.key != connection && !$0.value.ended && $0.value.waitingSince != nil && matching($0.value) }
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
    }
}
