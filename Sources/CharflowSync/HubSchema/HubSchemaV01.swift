extension HubSchema {
    /// Schema 1 (the sync foundation, c98f6e6): the hub's identity, its devices, the log numbered from a
    /// sequence (`hub_operations`) and the state one row a field (`hub_fields`).
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v01 = #"""
    CREATE TABLE hub_identity (
        id integer PRIMARY KEY CHECK (id = 1),
        hub_id text NOT NULL
    );
    INSERT INTO hub_identity (id, hub_id) VALUES (1, gen_random_uuid()::text);
    CREATE TABLE hub_devices (
        device_id text PRIMARY KEY,
        registered_at timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now()
    );
    CREATE SEQUENCE hub_operation_seq;
    CREATE TABLE hub_operations (
        hub_seq bigint PRIMARY KEY DEFAULT nextval('hub_operation_seq'),
        device_id text NOT NULL REFERENCES hub_devices (device_id),
        device_seq bigint NOT NULL,
        hlc text NOT NULL,
        table_name text NOT NULL,
        row_id text NOT NULL,
        field text NOT NULL,
        value text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (device_id, device_seq)
    );
    CREATE TABLE hub_fields (
        table_name text NOT NULL,
        row_id text NOT NULL,
        field text NOT NULL,
        hlc text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (table_name, row_id, field)
    );
    """#
}
