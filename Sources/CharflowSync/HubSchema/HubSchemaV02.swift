extension HubSchema {
    /// Schema 2 (device identity, ac764e3, rule Y-14): the mark each device's last push wrote; a store
    /// that does not know it is a restored or copied one and takes a new id.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v02 = #"""
    ALTER TABLE hub_devices ADD COLUMN incarnation text;
    """#
}
