import CharflowStore

/// `charflow hub erase`: every device's Charflow data removed from the hub (spec D19, rule Y-27).
///
/// Drops every table, sequence and function of the hub's schema (all named `hub_…`, whatever version made
/// them) in one transaction under the hub's lock, so a sync at the same moment either finishes
/// before or finds no hub. The database itself, its roles and anything else in it stay. Devices
/// keep their own stores; syncing again needs `hub init` and, on each device, `hub switch`.
extension SyncClient {
    /// Erases the hub at `url`; refuses a database that is not a hub.
    package func eraseHub(url: String) throws {
        let hub = try HubConnection(url: url)
        guard try hub.query("SELECT to_regclass('hub_schema_version') IS NOT NULL").first?.first == "t" else {
            throw SyncError.hubNotReady
        }
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(HubSchema.lockKey))")
            let tables = try hub.query("""
                SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'hub\\_%'
                """).compactMap { $0.first ?? nil }
            if !tables.isEmpty { try hub.execute("DROP TABLE IF EXISTS \(tables.joinedText(separator: ", ")) CASCADE") }
            let sequences = try hub.query("""
                SELECT quote_ident(sequencename) FROM pg_sequences WHERE schemaname = current_schema() AND sequencename LIKE 'hub\\_%'
                """).compactMap { $0.first ?? nil }
            if !sequences.isEmpty { try hub.execute("DROP SEQUENCE IF EXISTS \(sequences.joinedText(separator: ", ")) CASCADE") }
            // The hub's functions go too (its push, its pull, its triggers' bodies), each by its signature.
            let functions = try hub.query("""
                SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = current_schema() AND p.proname LIKE 'hub\\_%'
                """).compactMap { $0.first ?? nil }
            if !functions.isEmpty { try hub.execute("DROP FUNCTION IF EXISTS \(functions.joinedText(separator: ", ")) CASCADE") }
        }
    }
}
