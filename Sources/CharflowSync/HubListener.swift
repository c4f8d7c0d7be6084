import CLibPQ
import CharflowCore
import Foundation

/// A connection of its own that hears the pushes the hub announces (rule Y-28): `LISTEN` on
/// `HubSchema.channel`, then waits on the connection's socket with a timeout.
///
/// Each announcement carries the pushing device's id, so a listener can tell its own pushes from the
/// others'. A connection that drops throws `SyncError.unreachable`; the caller makes a new listener
/// once the hub answers again. It holds no transaction, so it never keeps the hub from vacuuming.
package final class HubListener {
    private let hub: HubConnection

    /// Connects to `url` and starts listening; announcements made before this returns are not heard.
    package init(url: String) throws {
        hub = try HubConnection(url: url)
        try hub.execute("LISTEN \(HubSchema.channel)")
    }

    /// Waits up to `timeout` seconds for announcements and returns the ids of the devices that pushed,
    /// in the order heard; empty when none came in time (or a signal cut the wait short).
    package func wait(timeout: TimeInterval) throws -> [String] {
        let already = heard()
        if !already.isEmpty { return already }
        let socket = hub.pq.socket(hub.connection)
        guard socket >= 0 else { throw SyncError.unreachable(SyncMessages.hubListenerClosed) }
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32((min(max(timeout, 0), 3_600) * 1_000).rounded(.up))
        let ready = poll(&watched, 1, milliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return [] }
        guard ready > 0, hub.pq.consumeInput(hub.connection) == 1 else {
            throw SyncError.unreachable(HubConnection.firstLine(hub.pq.errorMessage(hub.connection)))
        }
        return heard()
    }

    /// The announcements libpq has already read, each freed once copied.
    private func heard() -> [String] {
        var devices: [String] = []
        while let notice = hub.pq.notifies(hub.connection) {
            devices.append(notice.pointee.extra.map { String(cString: $0) } ?? "")
            hub.pq.freemem(notice)
        }
        return devices
    }
}
