/// The hub's tables in PostgreSQL, as numbered migrations recorded in `hub_schema_version`.
///
/// `hub_operations` keeps every operation in arrival order under `hub_seq`, taken from a sequence
/// while the pushing transaction holds an advisory lock, so numbers commit in order and a reader
/// that pulls past its cursor never skips one. `UNIQUE (device_id, device_seq)` with `ON CONFLICT
/// DO NOTHING` makes a repeated push harmless. `hub_fields` holds each field's winning value, the
/// state a new device starts from (rule Y-12).
package enum HubSchema {
    /// The channel a push is announced on (`LISTEN charflow_hub`), with the pushing device's id.
    static let channel = "charflow_hub"

    /// The advisory lock key that serialises schema changes and operation numbering.
    static let lockKey = 7_239_105

    static let migrations: [String] = [
        """
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
        """,
        // Device identity (rule Y-14): the mark each device's last push wrote; a store that does not
        // know it is a restored or copied one and takes a new id.
        """
        ALTER TABLE hub_devices ADD COLUMN incarnation text;
        """,
        // Clocks (rule Y-22): the hub itself refuses an operation stamped more than 5 minutes ahead of
        // its own clock, whichever client (or hand) writes it, so a wrong clock never wins for a year.
        """
        CREATE OR REPLACE FUNCTION hub_refuse_ahead() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF substring(NEW.hlc FROM '^[0-9]{18}')::bigint
                > floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + \(SyncClient.clockBound) THEN
                RAISE EXCEPTION 'an operation is stamped more than 5 minutes ahead of the hub''s clock'
                    USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END
        $$;
        CREATE TRIGGER hub_operations_not_ahead BEFORE INSERT ON hub_operations
            FOR EACH ROW EXECUTE FUNCTION hub_refuse_ahead();
        """,
        // Automatic sync (rule Y-28): a push announces itself on `HubSchema.channel` with the pushing
        // device's id, once per statement that added operations, so the other devices' listeners
        // (`HubListener`) pull at once; a push that added nothing (a repeat) says nothing.
        """
        CREATE OR REPLACE FUNCTION hub_announce_push() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            pusher text;
        BEGIN
            SELECT device_id INTO pusher FROM hub_pushed_rows LIMIT 1;
            IF pusher IS NOT NULL THEN
                PERFORM pg_notify('\(HubSchema.channel)', pusher);
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER hub_operations_announce AFTER INSERT ON hub_operations
            REFERENCING NEW TABLE AS hub_pushed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION hub_announce_push();
        """,
    ]

    package static var version: Int { migrations.count }

    /// Creates or completes the schema in one transaction; safe to run again, and at once from two
    /// places. Returns the version the hub is at.
    static func install(_ hub: HubConnection) throws -> Int {
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(lockKey))")
            try hub.execute("""
                CREATE TABLE IF NOT EXISTS hub_schema_version (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let current = try installedVersion(hub)
            if current > version { throw SyncError.hubTooNew(current) }
            for (index, sql) in migrations.enumerated() where index + 1 > current {
                try hub.execute(sql)
                try hub.query("INSERT INTO hub_schema_version (version) VALUES ($1)", [String(index + 1)])
            }
            return max(current, version)
        }
    }

    /// The version a hub is at; refuses a database that is not a hub, or a newer hub.
    static func check(_ hub: HubConnection) throws {
        guard try hub.query("SELECT to_regclass('hub_schema_version') IS NOT NULL").first?.first == "t" else {
            throw SyncError.hubNotReady
        }
        let current = try installedVersion(hub)
        if current == 0 { throw SyncError.hubNotReady }
        if current > version { throw SyncError.hubTooNew(current) }
    }

    /// Checks the hub, and brings an older one's schema up to this build's (sync and `hub switch`
    /// need every table; each step adds, never removes).
    static func ensure(_ hub: HubConnection) throws {
        try check(hub)
        if try installedVersion(hub) < version { _ = try install(hub) }
    }

    private static func installedVersion(_ hub: HubConnection) throws -> Int {
        Int(try hub.query("SELECT coalesce(max(version), 0) FROM hub_schema_version").first?.first.flatMap { $0 } ?? "0") ?? 0
    }
}
