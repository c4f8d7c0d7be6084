import CharflowStore

/// The devices a hub knows, and a lost one taken off its list (rule Y-31, `charflow hub devices` and
/// `charflow hub forget`).
///
/// A forgotten device keeps its row on the hub, marked `forgotten_at`: the operations it pushed name
/// it and stay for the devices that have not pulled them, and its values stay in the hub's current
/// state. It is no longer listed, and a store that syncs again under its id is told so by `hub_push`
/// and goes on under a new id, as a restored copy does (Y-14), keeping everything it holds.
extension SyncClient {
    /// One device the hub knows.
    package struct HubDevice: Sendable, Equatable {
        package let id: String
        /// When its first push reached the hub, and its last sync (UTC storage text, the hub's clock).
        package let registered: String
        package let lastSync: String
        /// The operations the hub holds from it.
        package let operations: Int
        package let isThisDevice: Bool
    }

    /// The devices the hub at `url` knows, the first registered first; completes an older hub's schema.
    package func hubDevices(url: String) throws -> [HubDevice] {
        let hub = try HubConnection(url: url)
        try HubSchema.ensure(hub)
        let this = try OperationLog.state(db)?.deviceID
        func utc(_ column: String) -> String {
            "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        }
        return try hub.query("""
            SELECT d.device_id, \(utc("d.registered_at")), \(utc("d.last_seen")),
                (SELECT count(*) FROM hub_operations o WHERE o.device_id = d.device_id)
            FROM hub_devices d WHERE d.forgotten_at IS NULL ORDER BY d.registered_at, d.device_id
            """).map { row in
            let id = row[0] ?? ""
            return HubDevice(id: id, registered: row[1] ?? "", lastSync: row[2] ?? "", operations: Int(row[3] ?? "") ?? 0,
                             isThisDevice: id == this)
        }
    }

    /// Takes the device `id` off the hub's list; refuses this store's own id and an id the hub does not
    /// list, changing nothing.
    package func forgetDevice(_ id: String, url: String) throws {
        let this = try OperationLog.state(db)?.deviceID
        if id == this { throw SyncError.forgetThisDevice }
        let hub = try HubConnection(url: url)
        try HubSchema.ensure(hub)
        let forgotten = try hub.query("""
            UPDATE hub_devices SET forgotten_at = now() WHERE device_id = $1 AND forgotten_at IS NULL RETURNING device_id
            """, [id])
        if forgotten.isEmpty { throw SyncError.unknownDevice(id) }
    }
}
