extension HubSchema {
    /// Schema 6 (automatic sync, 278d6c9, rule Y-28): a push announces itself on `HubSchema.channel` with
    /// the pushing device's id, once per statement that added operations, so the other devices' listeners
    /// (`HubListener`) pull at once; a push that added nothing (a repeat) says nothing.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v06 = #"""
    CREATE OR REPLACE FUNCTION hub_announce_push() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        pusher text;
    BEGIN
        SELECT device_id INTO pusher FROM hub_pushed_rows LIMIT 1;
        IF pusher IS NOT NULL THEN
            PERFORM pg_notify('charflow_hub', pusher);
        END IF;
        RETURN NULL;
    END
    $$;
    CREATE TRIGGER hub_operations_announce AFTER INSERT ON hub_operations
        REFERENCING NEW TABLE AS hub_pushed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION hub_announce_push();
    """#
}
