import Foundation

/// What the automatic sync loop reads of a store between syncs (rule Y-28): the device, the hub it
/// remembers, and the operation log's newest and last pushed numbers.
///
/// One short read on a connection opened for it and closed at once, with no migration and no
/// rollover, so a loop can look every half second without holding the store between syncs. A change
/// waits to be sent while `lastSeq` is past `pushedSeq`; `lastSeq` moving says a change was made.
package struct SyncProbe: Sendable, Equatable {
    package let deviceID: String
    package let hubURL: String?
    package let lastSeq: Int64
    package let pushedSeq: Int64

    package var hasUnpushed: Bool { lastSeq > pushedSeq }

    /// The store at `path` as it is now; nil when there is no store there or it is not a device yet.
    package static func read(path: String) throws -> SyncProbe? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Read-only, so a store erased between the check and the open is not made again as an empty file;
        // and closing the last connection would otherwise fold the log into the store: a read changes no byte.
        let db = try Database(path: path, busyTimeoutMilliseconds: 1_000, readOnly: true)
        try db.keepWALOnClose()
        guard let row = try db.rows("""
            SELECT device_id, hub_url, coalesce((SELECT max(seq) FROM sync_ops), 0), pushed_seq FROM sync_state WHERE id = 1
            """).first, let device = row[0].text else { return nil }
        // A row waiting by its key (rule Y-30) is unpushed work too: it counts as one more operation.
        let unsentRows = try db.scalar("SELECT 1 FROM sqlite_master WHERE name = 'sync_unsent_rows'") != nil
            && db.scalar("SELECT 1 FROM sync_unsent_rows LIMIT 1") != nil
        let pushed = row[3].integer ?? 0
        let last = max(row[2].integer ?? 0, unsentRows ? pushed + 1 : 0)
        return SyncProbe(deviceID: device, hubURL: row[1].text, lastSeq: last, pushedSeq: pushed)
    }
}
