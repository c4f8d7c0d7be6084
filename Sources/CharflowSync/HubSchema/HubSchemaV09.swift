extension HubSchema {
    /// Schema 9 (96bbafd): keys and clocks compared byte for byte (`COLLATE "C"`), as every device compares
    /// them: the server's locale no longer decides which of two clocks is later, and the indexes compare
    /// with `memcmp` (under C.UTF-8 a 10,000-task first push's inserts took 12-15% longer otherwise).
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v09 = #"""
    ALTER TABLE hub_devices ALTER COLUMN device_id TYPE text COLLATE "C";
    ALTER TABLE hub_operations ALTER COLUMN device_id TYPE text COLLATE "C", ALTER COLUMN hlc TYPE text COLLATE "C",
        ALTER COLUMN table_name TYPE text COLLATE "C", ALTER COLUMN row_id TYPE text COLLATE "C",
        ALTER COLUMN field TYPE text COLLATE "C";
    ALTER TABLE hub_fields ALTER COLUMN table_name TYPE text COLLATE "C", ALTER COLUMN row_id TYPE text COLLATE "C",
        ALTER COLUMN field TYPE text COLLATE "C", ALTER COLUMN hlc TYPE text COLLATE "C";
    """#
}
