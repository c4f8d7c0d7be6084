import CharflowStore

/// The hub's tables in PostgreSQL, as numbered migrations recorded in `hub_schema_version`.
///
/// `hub_operations` keeps every operation in arrival order under `hub_seq`, taken from a sequence
/// while the pushing transaction holds an advisory lock, so numbers commit in order and a reader
/// that pulls past its cursor never skips one. `UNIQUE (device_id, device_seq)` with `ON CONFLICT
/// DO NOTHING` makes a repeated push harmless. `hub_records` holds each record's fields with their
/// winning values and clocks (one row a field in `hub_fields` until schema 11, a view of the records
/// since), the state a new device starts from (rule Y-12). A sync reaches them through two functions
/// the schema defines, `hub_push` and `hub_pull`: one round trip each (rule Y-29).
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
        // One round trip a push, one a pull (rule Y-29), and devices a person can forget (rule Y-31).
        // `hub_push` checks the schema version, the clocks (Y-10, Y-22), the hub the device is bound
        // to (Y-16) and its identity (Y-14) before it writes anything, and says why it wrote nothing;
        // then, in the caller's one statement, registers the device, numbers the operations under the
        // hub's lock (taken after every check, held only for the hub's own work and the commit),
        // updates the current state and scrubs purged rows (Y-27). `hub_pull` reads past a cursor, or
        // for a device with none the current state and the number it includes, in one snapshot (Y-12).
        // A forgotten device keeps its row (its operations name it) and is never taken back under
        // that id: the store that comes back goes on under a new one.
        """
        ALTER TABLE hub_devices ADD COLUMN forgotten_at timestamptz;
        CREATE OR REPLACE FUNCTION hub_push(
            p_version integer, p_bound_hub text, p_now bigint, p_clock bigint,
            p_device text, p_mark text, p_current text, p_next text, p_issued bigint,
            p_operations jsonb, p_rows jsonb
        ) RETURNS TABLE (o_outcome text, o_version integer, o_hub_id text, o_hub_clock bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_sending boolean := jsonb_array_length(p_operations) > 0;
            v_held text;
            v_forgotten timestamptz;
            v_highest bigint;
        BEGIN
            SELECT coalesce(max(version), 0) INTO o_version FROM hub_schema_version;
            SELECT i.hub_id INTO o_hub_id FROM hub_identity i WHERE i.id = 1;
            o_hub_clock := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
            o_outcome := CASE
                WHEN o_version > p_version THEN 'too_new'
                WHEN o_version < p_version THEN 'upgrade'
                WHEN p_now - o_hub_clock > \(SyncClient.clockBound) THEN 'ahead'
                WHEN p_bound_hub IS NOT NULL AND p_bound_hub <> o_hub_id THEN 'other_hub'
                WHEN p_device IS NULL THEN 'ok'
                WHEN p_clock > o_hub_clock + \(SyncClient.clockBound) THEN 'restamp'
                WHEN (SELECT max(substring(e->>'h' FROM '^[0-9]{18}')::bigint) FROM jsonb_array_elements(p_operations) e)
                    > o_hub_clock THEN 'restamp'
                ELSE NULL END;
            IF o_outcome IS NOT NULL THEN RETURN NEXT; RETURN; END IF;
            IF v_sending THEN
                INSERT INTO hub_devices (device_id) VALUES (p_device) ON CONFLICT (device_id) DO NOTHING;
            END IF;
            SELECT d.incarnation, d.forgotten_at INTO v_held, v_forgotten
                FROM hub_devices d WHERE d.device_id = p_device FOR UPDATE;
            IF FOUND THEN
                SELECT max(o.device_seq) INTO v_highest FROM hub_operations o WHERE o.device_id = p_device;
                IF v_forgotten IS NOT NULL THEN
                    o_outcome := 'forgotten';
                ELSIF (v_held IS NOT NULL AND v_held IS DISTINCT FROM p_current AND v_held IS DISTINCT FROM p_next)
                    OR coalesce(v_highest, 0) > p_issued THEN
                    o_outcome := 'identity_taken';
                END IF;
                IF o_outcome IS NOT NULL THEN RETURN NEXT; RETURN; END IF;
            END IF;
            o_outcome := 'ok';
            IF NOT v_sending THEN
                -- Only the time of the last sync changes: no need to wait for the disk.
                UPDATE hub_devices SET last_seen = now() WHERE device_id = p_device;
                PERFORM set_config('synchronous_commit', 'off', true);
                RETURN NEXT; RETURN;
            END IF;
            UPDATE hub_devices SET last_seen = now(), incarnation = p_mark WHERE device_id = p_device;
            PERFORM pg_advisory_xact_lock(\(lockKey));
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
                FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                ORDER BY x.s
                ON CONFLICT (device_id, device_seq) DO NOTHING;
            \(keptByField)
            RETURN NEXT;
        END
        $$;
        CREATE OR REPLACE FUNCTION hub_pull(p_cursor bigint, p_device text, p_page integer)
        RETURNS TABLE (o_seq bigint, o_hlc text, o_table text, o_row text, o_field text, o_value text)
        LANGUAGE plpgsql STABLE AS $$
        BEGIN
            IF p_cursor > 0 THEN
                -- A page that is not full ends with a row of nulls numbered with the log's last
                -- operation: the device then holds everything up to it (its own operations too), and
                -- its next cursor says so. One statement, one snapshot: pushes number under the hub's
                -- lock until they commit, so nothing below that number can still appear.
                RETURN QUERY WITH page AS (
                    SELECT o.hub_seq, o.hlc, o.table_name, o.row_id, o.field, o.value FROM hub_operations o
                    WHERE o.hub_seq > p_cursor AND o.device_id <> p_device ORDER BY o.hub_seq LIMIT p_page
                ), last AS (SELECT max(h.hub_seq) AS seq FROM hub_operations h)
                SELECT * FROM page
                UNION ALL
                SELECT last.seq, NULL, NULL, NULL, NULL, NULL FROM last
                WHERE (SELECT count(*) FROM page) < p_page AND last.seq > p_cursor
                ORDER BY 1, 2 NULLS LAST;
            ELSE
                -- The state with the last number it includes on every row (one row of nulls when empty); a
                -- field whose winning value this device wrote is already there.
                RETURN QUERY SELECT c.seq, f.hlc, f.table_name, f.row_id, f.field, f.value
                    FROM (SELECT coalesce(max(h.hub_seq), 0) AS seq FROM hub_operations h) c
                    LEFT JOIN hub_fields f ON right(f.hlc, length(p_device) + 1) <> '-' || p_device
                    ORDER BY f.hlc;
            END IF;
        END
        $$;
        """,
        // A blind hub (rule Y-32): how a passphrase's key is derived, and a value sealed under it
        // that shows a key is the hub's. No row: an open hub. The key itself never reaches the hub.
        """
        CREATE TABLE hub_seal (
            id integer PRIMARY KEY CHECK (id = 1),
            kdf text NOT NULL,
            salt text NOT NULL,
            cost bigint NOT NULL,
            block_size integer NOT NULL,
            parallelism integer NOT NULL,
            cipher text NOT NULL,
            key_check text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE OR REPLACE FUNCTION hub_refuse_plaintext() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF left(NEW.value, 4) <> 'cf1:' AND EXISTS (SELECT 1 FROM hub_seal) THEN
                RAISE EXCEPTION '\(plaintextRefusal)' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END
        $$;
        CREATE TRIGGER hub_operations_sealed BEFORE INSERT ON hub_operations
            FOR EACH ROW EXECUTE FUNCTION hub_refuse_plaintext();
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
        // Compaction (rule Y-30), as part of ordinary pulls: a device's cursor says it holds every
        // operation up to it (`pulled_through`); the operations every device that counts holds are
        // dropped (a forgotten device and one unseen for 30 days do not count), except each device's
        // last one, which its identity check reads (Y-14). The current state stays whole in
        // `hub_fields`. A cursor behind the compaction gets one row numbered -1: start again from
        // the state. The compaction's row is locked by a compaction until it commits, and read with a
        // share lock before a pull reads the log, so no pull reads past a cursor whose operations a
        // compaction is removing.
        """
        ALTER TABLE hub_devices ADD COLUMN pulled_through bigint NOT NULL DEFAULT 0;
        CREATE TABLE hub_compaction (
            id integer PRIMARY KEY CHECK (id = 1),
            through bigint NOT NULL DEFAULT 0
        );
        INSERT INTO hub_compaction (id, through) VALUES (1, 0);
        CREATE OR REPLACE FUNCTION hub_pull(p_cursor bigint, p_device text, p_page integer)
        RETURNS TABLE (o_seq bigint, o_hlc text, o_table text, o_row text, o_field text, o_value text)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_floor bigint;
            v_through bigint;
            v_seq bigint;
        BEGIN
            -- A crash may lose what a pull wrote (its cursor, a compaction), whole: nothing to wait for.
            PERFORM set_config('synchronous_commit', 'off', true);
            IF p_cursor > 0 THEN
                UPDATE hub_devices SET pulled_through = greatest(pulled_through, p_cursor) WHERE device_id = p_device;
                SELECT min(d.pulled_through) INTO v_floor FROM hub_devices d
                    WHERE d.forgotten_at IS NULL AND d.last_seen > now() - interval '\(compactionGraceDays) days';
                UPDATE hub_compaction SET through = v_floor WHERE id = 1 AND through < v_floor;
                IF FOUND THEN
                    DELETE FROM hub_operations o WHERE o.hub_seq <= v_floor AND EXISTS (
                        SELECT 1 FROM hub_operations n WHERE n.device_id = o.device_id AND n.device_seq > o.device_seq);
                END IF;
                SELECT c.through INTO v_through FROM hub_compaction c WHERE c.id = 1 FOR SHARE;
                IF p_cursor < v_through THEN
                    o_seq := \(behindCompaction);
                    RETURN NEXT;
                    RETURN;
                END IF;
                -- A page that is not full ends with a row of nulls numbered with the log's last
                -- operation: the device then holds everything up to it (its own operations too), and
                -- its next cursor says so. One statement, one snapshot: pushes number under the hub's
                -- lock until they commit, so nothing below that number can still appear.
                RETURN QUERY WITH page AS (
                    SELECT o.hub_seq, o.hlc, o.table_name, o.row_id, o.field, o.value FROM hub_operations o
                    WHERE o.hub_seq > p_cursor AND o.device_id <> p_device ORDER BY o.hub_seq LIMIT p_page
                ), last AS (SELECT max(h.hub_seq) AS seq FROM hub_operations h)
                SELECT * FROM page
                UNION ALL
                SELECT last.seq, NULL, NULL, NULL, NULL, NULL FROM last
                WHERE (SELECT count(*) FROM page) < p_page AND last.seq > p_cursor
                ORDER BY 1, 2 NULLS LAST;
            ELSE
                -- The state, each row carrying a number it includes (one row of nulls when empty); a
                -- field whose winning value this device wrote is already there. The number is read
                -- first: a push between the two reads is in the state and delivered again, never missed.
                SELECT coalesce(max(h.hub_seq), 0) INTO v_seq FROM hub_operations h;
                UPDATE hub_devices SET pulled_through = greatest(pulled_through, v_seq) WHERE device_id = p_device;
                RETURN QUERY SELECT v_seq, f.hlc, f.table_name, f.row_id, f.field, f.value
                    FROM (SELECT 1) one
                    LEFT JOIN hub_fields f ON right(f.hlc, length(p_device) + 1) <> '-' || p_device
                    ORDER BY f.hlc;
            END IF;
        END
        $$;
        """,
        // The hub's checks and compaction cost a statement, not a row (rules Y-14, Y-22, Y-30, Y-32).
        // The clock and plaintext checks run once an insert over the rows it added (before: a PL/pgSQL
        // call a row), and compare clocks as text (before: a pattern match an operation). The log's
        // foreign key to `hub_devices` goes: `hub_push` writes the device's row before its operations,
        // in the same transaction, and the key's check cost a lookup an operation. Each device's highest number is kept in `hub_devices.highest_seq`, kept by
        // the same kind of trigger, so its identity check needs no operation of it left in the log;
        // compaction then drops every operation every device holds, reading only the numbers between
        // the last compaction and this one (before: it walked the log from its start, over the pages
        // of every operation an earlier compaction deleted). The log's last number can be gone with
        // its operation, so a pull reads it as the larger of the log's last and the compaction's.
        """
        ALTER TABLE hub_devices ADD COLUMN highest_seq bigint NOT NULL DEFAULT 0;
        UPDATE hub_devices d SET highest_seq = m.highest
            FROM (SELECT device_id, max(device_seq) AS highest FROM hub_operations GROUP BY device_id) m
            WHERE m.device_id = d.device_id;
        DELETE FROM hub_operations WHERE hub_seq <= (SELECT through FROM hub_compaction WHERE id = 1);
        ALTER TABLE hub_operations DROP CONSTRAINT hub_operations_device_id_fkey;
        DROP TRIGGER hub_operations_not_ahead ON hub_operations;
        DROP TRIGGER hub_operations_sealed ON hub_operations;
        DROP FUNCTION hub_refuse_ahead();
        DROP FUNCTION hub_refuse_plaintext();
        CREATE FUNCTION hub_check_arrivals() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            -- A clock's first 18 characters are its milliseconds, zero-padded: compared as bytes, the
            -- largest is the latest, and one that is not a clock sorts after every digit.
            IF (SELECT max(left(a.hlc, 18) COLLATE "C") FROM hub_arrived a)
                    > lpad((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + \(SyncClient.clockBound))::text, 18, '0') THEN
                RAISE EXCEPTION 'an operation is stamped more than 5 minutes ahead of the hub''s clock'
                    USING ERRCODE = 'check_violation';
            END IF;
            IF EXISTS (SELECT 1 FROM hub_seal) THEN
                IF EXISTS (SELECT 1 FROM hub_arrived a WHERE left(a.value, 4) <> 'cf1:') THEN
                    RAISE EXCEPTION '\(plaintextRefusal)' USING ERRCODE = 'check_violation';
                END IF;
            END IF;
            UPDATE hub_devices d SET highest_seq = m.highest
                FROM (SELECT a.device_id, max(a.device_seq) AS highest FROM hub_arrived a GROUP BY a.device_id) m
                WHERE m.device_id = d.device_id AND d.highest_seq < m.highest;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER hub_operations_checked AFTER INSERT ON hub_operations
            REFERENCING NEW TABLE AS hub_arrived
            FOR EACH STATEMENT EXECUTE FUNCTION hub_check_arrivals();
        \(pushFunction(logging: logged))
        \(pullFunction(state: stateByField))
        """,
        // Keys and clocks compared byte for byte (schema 9), as every device compares them: the
        // server's locale no longer decides which of two clocks is later, and the indexes' comparisons
        // are a `memcmp`, not a locale's collation (under C.UTF-8 a 10,000-task first push's inserts
        // took 12-15% longer; a server in a language's locale pays more).
        """
        ALTER TABLE hub_devices ALTER COLUMN device_id TYPE text COLLATE "C";
        ALTER TABLE hub_operations ALTER COLUMN device_id TYPE text COLLATE "C", ALTER COLUMN hlc TYPE text COLLATE "C",
            ALTER COLUMN table_name TYPE text COLLATE "C", ALTER COLUMN row_id TYPE text COLLATE "C",
            ALTER COLUMN field TYPE text COLLATE "C";
        ALTER TABLE hub_fields ALTER COLUMN table_name TYPE text COLLATE "C", ALTER COLUMN row_id TYPE text COLLATE "C",
            ALTER COLUMN field TYPE text COLLATE "C", ALTER COLUMN hlc TYPE text COLLATE "C";
        """,
        // A joining device's push goes to the state only when no other device is there to pull it
        // (schema 10, rule Y-30): what every device the hub knows holds, compaction drops, so its log
        // would be written to be deleted at the device's next pull.
        """
        \(pushFunction(logging: loggedUnlessAlone))
        """,
        // The state one row a record (schema 11, rule Y-30): a first sync of 10,000 tasks wrote 464,345
        // rows of `hub_fields`, one a field; now 45,509, each field with its clock in one `jsonb`.
        // `hub_fields` stays as a view of the same rows, field by field, for reading.
        """
        CREATE TABLE hub_records (
            table_name text COLLATE "C" NOT NULL,
            row_id text COLLATE "C" NOT NULL,
            fields jsonb NOT NULL,
            writer text COLLATE "C",
            PRIMARY KEY (table_name, row_id)
        );
        INSERT INTO hub_records (table_name, row_id, fields)
            SELECT table_name, row_id, jsonb_object_agg(field, jsonb_build_array(hlc, value)) FROM hub_fields
            GROUP BY table_name, row_id;
        DROP TABLE hub_fields;
        CREATE VIEW hub_fields AS
            SELECT r.table_name, r.row_id, e.key COLLATE "C" AS field, (e.value->>0) COLLATE "C" AS hlc, e.value->>1 AS value
            FROM hub_records r CROSS JOIN LATERAL jsonb_each(r.fields) e;
        CREATE FUNCTION hub_kept(p_fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
            SELECT CASE WHEN p_fields ? '\(OperationLog.deletedField)'
                THEN jsonb_build_object('\(OperationLog.deletedField)', p_fields->'\(OperationLog.deletedField)') ELSE p_fields END
        $$;
        CREATE FUNCTION hub_merged(p_held jsonb, p_arrived jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
            SELECT hub_kept(p_held || coalesce((SELECT jsonb_object_agg(a.key, a.value) FROM jsonb_each(p_arrived) a
                WHERE NOT p_held ? a.key OR (a.value->>0) COLLATE "C" > (p_held->a.key->>0) COLLATE "C"), '{}'::jsonb))
        $$;
        UPDATE hub_records SET fields = hub_kept(fields) WHERE fields ? '\(OperationLog.deletedField)';
        \(pushFunction(logging: loggedUnlessAlone, keeping: keptByRecord))
        \(pullFunction(state: stateByRecord))
        """,
        // A page may come one entry a record (schema 12, rule Y-29): a first sync's page of 5,000 field
        // operations as 485 records, each field once, which the hub writes to `hub_records` as they
        // come instead of taking them apart and grouping them again; a page that changes a field twice
        // still comes one entry an operation. `p_rows`, sent empty since schema 11, carries them.
        """
        \(pushFunction(logging: loggedUnlessAlone, keeping: keptByRecord,
                       byRecord: (logging: recordsLoggedUnlessAlone, keeping: recordsKept)))
        """,
    ]

    /// The statement that keeps a push's operations in the log, numbered in arrival order (schema 8).
    private static let logged = """
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
                FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                ORDER BY x.s
                ON CONFLICT (device_id, device_seq) DO NOTHING;
        """

    /// The state one row a field (schemas 4 to 10): each field's latest value, and the scrub of the
    /// rows a push touched that the hub holds a tombstone for (rule Y-27).
    private static let keptByField = """
        INSERT INTO hub_fields AS c (table_name, row_id, field, hlc, value)
                SELECT DISTINCT ON (x.t, x.r, x.f) x.t, x.r, x.f, x.h, x.v
                FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                ORDER BY x.t, x.r, x.f, x.h DESC, x.s DESC
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc, value = excluded.value
                WHERE excluded.hlc > c.hlc;
            \(scrubbedByField)
        """

    /// The scrub of schemas 4 to 10: every value of the rows a push touched (`p_rows`) that the hub
    /// holds a tombstone for, from the log and the state one row a field (rule Y-27).
    private static let scrubbedByField = """
        WITH gone AS (
                SELECT DISTINCT f.table_name, f.row_id FROM jsonb_to_recordset(p_rows) AS x(t text, r text)
                JOIN hub_fields f ON f.table_name = x.t AND f.row_id = x.r AND f.field = '\(OperationLog.deletedField)'
            ) DELETE FROM hub_operations o USING gone g
            WHERE o.table_name = g.table_name AND o.row_id = g.row_id AND o.field <> '\(OperationLog.deletedField)';
            WITH gone AS (
                SELECT DISTINCT f.table_name, f.row_id FROM jsonb_to_recordset(p_rows) AS x(t text, r text)
                JOIN hub_fields f ON f.table_name = x.t AND f.row_id = x.r AND f.field = '\(OperationLog.deletedField)'
            ) DELETE FROM hub_fields o USING gone g
            WHERE o.table_name = g.table_name AND o.row_id = g.row_id AND o.field <> '\(OperationLog.deletedField)';
        """

    /// The state one row a record (schema 11): a push's fields grouped by row, each row's latest
    /// value of each field (`hub_merged`; a field twice in a push: its later clock, last in the
    /// aggregate's order). A row holding a tombstone keeps only it (rule Y-27, `hub_kept`), so the
    /// state scrubs itself; the rows the statement wrote that hold one lose their values from the log.
    /// `writer` names the one device whose clocks all of a row's fields carry, or is null (kept only
    /// where it is sure: a row two devices wrote stays null), so a device's read of the state passes
    /// over its own rows without opening them.
    private static let keptByRecord = keptRecords("""
        SELECT x.t, x.r, hub_kept(jsonb_object_agg(x.f, jsonb_build_array(x.h, x.v) ORDER BY x.h COLLATE "C", x.s)),
                    CASE WHEN bool_and(right(x.h, length(p_device) + 1) = '-' || p_device) THEN p_device END
                FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                GROUP BY x.t, x.r
        """)

    /// The records `rows` selects (table, row, fields, writer) merged into `hub_records`, and the
    /// values of the rows among them that hold a tombstone dropped from the log (schema 11 on).
    private static func keptRecords(_ rows: String) -> String {
        """
        WITH kept AS (
                INSERT INTO hub_records AS c (table_name, row_id, fields, writer)
                \(rows)
                ON CONFLICT (table_name, row_id) DO UPDATE SET fields = hub_merged(c.fields, excluded.fields),
                    writer = CASE WHEN c.writer = excluded.writer THEN c.writer END
                RETURNING c.table_name, c.row_id, c.fields ? '\(OperationLog.deletedField)' AS gone
            ) DELETE FROM hub_operations o USING kept k
            WHERE k.gone AND o.table_name = k.table_name AND o.row_id = k.row_id AND o.field <> '\(OperationLog.deletedField)';
        """
    }

    /// Whether the pushing device never pulled and no other device is known and live (schema 10 on):
    /// what it sends then goes to the state only.
    private static let joiningAlone = """
        (SELECT d.pulled_through FROM hub_devices d WHERE d.device_id = p_device) = 0
                AND NOT EXISTS (SELECT 1 FROM hub_devices d WHERE d.device_id <> p_device AND d.forgotten_at IS NULL
                    AND d.last_seen > now() - interval '\(compactionGraceDays) days')
        """

    /// The blind hub's refusal (rule Y-32) when `plain`, an SQL condition, finds a value in the
    /// clear: the log's trigger makes the same check for what the log keeps.
    private static func refusingPlaintext(where plain: String) -> String {
        """
        IF EXISTS (SELECT 1 FROM hub_seal) AND \(plain) THEN
                    RAISE EXCEPTION '\(plaintextRefusal)' USING ERRCODE = 'check_violation';
                END IF;
        """
    }

    /// `logged`, except for a device that never pulled (it joins from the state right after its push)
    /// while no other device is known and live (schema 10): then its operations are numbered and
    /// counted compacted at once, as the next pull's compaction would, and never written to the log.
    /// A device that comes back later is behind that compaction and starts again from the state.
    ///
    /// The changes of fields merged by lines that travel with their bases are kept in the log all
    /// the same, numbered after the rest: a device that fills a new hub after the old one was lost
    /// (`hub switch` sends each shared note's base) reads the others' concurrent lines there
    /// (`pullConcurrentLines`, rule Y-17). A note without a base was never shared, so no other device
    /// holds a version of it. Without the log's trigger for the rest, the blind hub's check of sealed
    /// values is made here.
    private static let loggedUnlessAlone = """
        IF \(joiningAlone) THEN
                \(refusingPlaintext(where: "EXISTS (SELECT 1 FROM jsonb_to_recordset(p_operations) AS x(v text) WHERE left(x.v, 4) <> 'cf1:')"))
                UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                        nextval('hub_operation_seq') + unlogged.n - 1))
                    FROM (SELECT count(*) AS n FROM jsonb_to_recordset(p_operations) AS x(t text, f text)
                        WHERE NOT (\(mergedByLines))) unlogged
                    WHERE id = 1 AND unlogged.n > 0;
                UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                    (SELECT max((e->>'s')::bigint) FROM jsonb_array_elements(p_operations) e)) WHERE d.device_id = p_device;
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                    SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v FROM (
                        SELECT x.*, bool_or(right(x.f, \(OperationLog.baseSuffix.count)) = '\(OperationLog.baseSuffix)')
                            OVER (PARTITION BY x.t, x.r) AS based
                        FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                        WHERE \(mergedByLines)
                    ) x
                    WHERE x.based AND EXISTS (SELECT 1 FROM jsonb_array_elements(p_operations) e
                        WHERE right(e->>'f', \(OperationLog.baseSuffix.count)) = '\(OperationLog.baseSuffix)')
                    ORDER BY x.s
                    ON CONFLICT (device_id, device_seq) DO NOTHING;
            ELSE
            \(logged)
            END IF;
        """

    /// Whether an operation `x` (table `t`, field `f`) changes a field merged by lines, or its base.
    private static let mergedByLines = changesLines(table: "x.t", field: "x.f")

    /// Whether the field `field` of table `table` (SQL expressions) is merged by lines, or its base.
    private static func changesLines(table: String, field: String) -> String {
        """
        \(table) || '.' || replace(\(field), '\(OperationLog.baseSuffix)', '') = ANY('{\(OperationLog.mergedByLines.sorted().joined(separator: ","))}'::text[])
        """
    }

    /// A page's records (schema 12) as one row a field, each with its number on the device: what the
    /// log keeps of them.
    private static func recordFields(where condition: String = "true") -> String {
        """
        SELECT p_device, (x.s->>e.key)::bigint, e.value->>0, x.t, x.r, e.key, e.value->>1
                    FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, s jsonb, b boolean)
                    CROSS JOIN LATERAL jsonb_each(x.f) e
                    WHERE \(condition)
                    ORDER BY 2
        """
    }

    /// `loggedUnlessAlone` for a page of records (schema 12). Each record `x` brings its fields `f`
    /// (field → [clock, value]), each field's number on the device `s`, its latest clock `m`, its
    /// highest number `q`, how many fields it holds `n`, whether this device wrote all of them `w`
    /// and whether it holds a base `b`: the summaries are what the hub read from every operation
    /// before, counted on the device.
    private static let recordsLoggedUnlessAlone = """
        IF \(joiningAlone) THEN
                \(refusingPlaintext(where: plainInRecords))
                UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                        nextval('hub_operation_seq') + page.n - 1))
                    FROM (SELECT sum(x.n)::bigint AS n FROM jsonb_to_recordset(p_rows) AS x(n bigint)) page
                    WHERE id = 1;
                UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                    (SELECT max(x.q) FROM jsonb_to_recordset(p_rows) AS x(q bigint))) WHERE d.device_id = p_device;
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                    \(recordFields(where: "x.b AND " + changesLines(table: "x.t", field: "e.key")))
                    ON CONFLICT (device_id, device_seq) DO NOTHING;
            ELSE
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                    \(recordFields())
                    ON CONFLICT (device_id, device_seq) DO NOTHING;
            END IF;
        """

    /// Whether a value of a page's records is in the clear (not sealed: no `cf1:` before it).
    private static let plainInRecords = """
        jsonb_path_exists(p_rows, '$[*].f.*[1] ? (!(@ starts with "cf1:"))')
        """

    /// `keptByRecord` for a page of records (schema 12): each record is written as it came.
    private static let recordsKept = keptRecords("""
        SELECT x.t, x.r, hub_kept(x.f), CASE WHEN x.w THEN p_device END
                FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, w boolean)
        """)

    /// `hub_push` as a migration defines it, with `logging` the statements that keep a push's
    /// operations in the log and `keeping` those that fold them into the state and scrub purged rows
    /// (the checks and the numbering lock are the same in every version since schema 8).
    /// `byRecord`, from schema 12 on, the same for a page that comes one entry a record (`p_rows`).
    private static func pushFunction(logging: String, keeping: String = keptByField,
                                     byRecord: (logging: String, keeping: String)? = nil) -> String {
        let sending = byRecord == nil ? "jsonb_array_length(p_operations) > 0"
            : "jsonb_array_length(p_operations) > 0 OR jsonb_array_length(p_rows) > 0"
        let latest = byRecord == nil ? "(SELECT max(left(e->>'h', 18) COLLATE \"C\") FROM jsonb_array_elements(p_operations) e)"
            : """
            greatest((SELECT max(left(e->>'h', 18) COLLATE "C") FROM jsonb_array_elements(p_operations) e),
                        (SELECT max(left(e->>'m', 18) COLLATE "C") FROM jsonb_array_elements(p_rows) e))
            """
        let writing = byRecord.map { records in
            """
            IF jsonb_array_length(p_rows) > 0 THEN
                \(records.logging)
                \(records.keeping)
            ELSE
                \(logging)
                \(keeping)
            END IF;
            """
        } ?? logging + "\n" + keeping
        return """
        CREATE OR REPLACE FUNCTION hub_push(
            p_version integer, p_bound_hub text, p_now bigint, p_clock bigint,
            p_device text, p_mark text, p_current text, p_next text, p_issued bigint,
            p_operations jsonb, p_rows jsonb
        ) RETURNS TABLE (o_outcome text, o_version integer, o_hub_id text, o_hub_clock bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_sending boolean := \(sending);
            v_held text;
            v_forgotten timestamptz;
            v_highest bigint;
        BEGIN
            SELECT coalesce(max(version), 0) INTO o_version FROM hub_schema_version;
            SELECT i.hub_id INTO o_hub_id FROM hub_identity i WHERE i.id = 1;
            o_hub_clock := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
            o_outcome := CASE
                WHEN o_version > p_version THEN 'too_new'
                WHEN o_version < p_version THEN 'upgrade'
                WHEN p_now - o_hub_clock > \(SyncClient.clockBound) THEN 'ahead'
                WHEN p_bound_hub IS NOT NULL AND p_bound_hub <> o_hub_id THEN 'other_hub'
                WHEN p_device IS NULL THEN 'ok'
                WHEN p_clock > o_hub_clock + \(SyncClient.clockBound) THEN 'restamp'
                WHEN \(latest)
                    > lpad(o_hub_clock::text, 18, '0') THEN 'restamp'
                ELSE NULL END;
            IF o_outcome IS NOT NULL THEN RETURN NEXT; RETURN; END IF;
            IF v_sending THEN
                INSERT INTO hub_devices (device_id) VALUES (p_device) ON CONFLICT (device_id) DO NOTHING;
            END IF;
            SELECT d.incarnation, d.forgotten_at, d.highest_seq INTO v_held, v_forgotten, v_highest
                FROM hub_devices d WHERE d.device_id = p_device FOR UPDATE;
            IF FOUND THEN
                IF v_forgotten IS NOT NULL THEN
                    o_outcome := 'forgotten';
                ELSIF (v_held IS NOT NULL AND v_held IS DISTINCT FROM p_current AND v_held IS DISTINCT FROM p_next)
                    OR v_highest > p_issued THEN
                    o_outcome := 'identity_taken';
                END IF;
                IF o_outcome IS NOT NULL THEN RETURN NEXT; RETURN; END IF;
            END IF;
            o_outcome := 'ok';
            IF NOT v_sending THEN
                -- Only the time of the last sync changes: no need to wait for the disk.
                UPDATE hub_devices SET last_seen = now() WHERE device_id = p_device;
                PERFORM set_config('synchronous_commit', 'off', true);
                RETURN NEXT; RETURN;
            END IF;
            UPDATE hub_devices SET last_seen = now(), incarnation = p_mark WHERE device_id = p_device;
            PERFORM pg_advisory_xact_lock(\(lockKey));
            \(writing)
            RETURN NEXT;
        END
        $$;
        """
    }

    /// `hub_pull` as a migration defines it, with `state` the query that answers a device with no
    /// cursor (the compaction and the read past a cursor are the same since schema 8).
    private static func pullFunction(state: String) -> String {
        """
        CREATE OR REPLACE FUNCTION hub_pull(p_cursor bigint, p_device text, p_page integer)
        RETURNS TABLE (o_seq bigint, o_hlc text, o_table text, o_row text, o_field text, o_value text)
        LANGUAGE plpgsql AS $$
        DECLARE
            v_floor bigint;
            v_compacted bigint;
            v_through bigint;
            v_seq bigint;
        BEGIN
            -- A crash may lose what a pull wrote (its cursor, a compaction), whole: nothing to wait for.
            PERFORM set_config('synchronous_commit', 'off', true);
            IF p_cursor > 0 THEN
                UPDATE hub_devices SET pulled_through = greatest(pulled_through, p_cursor) WHERE device_id = p_device;
                SELECT min(d.pulled_through) INTO v_floor FROM hub_devices d
                    WHERE d.forgotten_at IS NULL AND d.last_seen > now() - interval '\(compactionGraceDays) days';
                SELECT c.through INTO v_compacted FROM hub_compaction c WHERE c.id = 1;
                UPDATE hub_compaction SET through = v_floor WHERE id = 1 AND through < v_floor;
                IF FOUND THEN
                    -- What an earlier compaction left is gone already; a stale `v_compacted` only widens the range.
                    DELETE FROM hub_operations o WHERE o.hub_seq > v_compacted AND o.hub_seq <= v_floor;
                END IF;
                SELECT c.through INTO v_through FROM hub_compaction c WHERE c.id = 1 FOR SHARE;
                IF p_cursor < v_through THEN
                    o_seq := \(behindCompaction);
                    RETURN NEXT;
                    RETURN;
                END IF;
                -- A page that is not full ends with a row of nulls numbered with the log's last
                -- operation: the device then holds everything up to it (its own operations too), and
                -- its next cursor says so. One statement, one snapshot: pushes number under the hub's
                -- lock until they commit, so nothing below that number can still appear.
                RETURN QUERY WITH page AS (
                    SELECT o.hub_seq, o.hlc, o.table_name, o.row_id, o.field, o.value FROM hub_operations o
                    WHERE o.hub_seq > p_cursor AND o.device_id <> p_device ORDER BY o.hub_seq LIMIT p_page
                ), last AS (SELECT greatest(max(h.hub_seq), v_through) AS seq FROM hub_operations h)
                SELECT * FROM page
                UNION ALL
                SELECT last.seq, NULL, NULL, NULL, NULL, NULL FROM last
                WHERE (SELECT count(*) FROM page) < p_page AND last.seq > p_cursor
                ORDER BY 1, 2 NULLS LAST;
            ELSE
                -- The state, each row carrying a number it includes (one row of nulls when empty); a
                -- field whose winning value this device wrote is already there. The number is read
                -- first: a push between the two reads is in the state and delivered again, never missed.
                SELECT greatest(coalesce(max(h.hub_seq), 0), (SELECT c.through FROM hub_compaction c WHERE c.id = 1))
                    INTO v_seq FROM hub_operations h;
                UPDATE hub_devices SET pulled_through = greatest(pulled_through, v_seq) WHERE device_id = p_device;
                \(state)
            END IF;
        END
        $$;
        """
    }

    /// The state as one row a field answers a device with no cursor (schema 8).
    private static let stateByField = """
        RETURN QUERY SELECT v_seq, f.hlc, f.table_name, f.row_id, f.field, f.value
                    FROM (SELECT 1) one
                    LEFT JOIN hub_fields f ON right(f.hlc, length(p_device) + 1) <> '-' || p_device
                    ORDER BY f.hlc;
        """

    /// The state as one row a record answers with each field as a row (schema 11); the rows this
    /// device alone wrote are passed over whole.
    private static let stateByRecord = """
        RETURN QUERY SELECT v_seq, f.hlc, f.table_name, f.row_id, f.field, f.value
                    FROM (SELECT 1) one
                    LEFT JOIN (SELECT r.table_name, r.row_id, e.key AS field, e.value->>0 AS hlc, e.value->>1 AS value
                        FROM hub_records r CROSS JOIN LATERAL jsonb_each(r.fields) e
                        WHERE r.writer IS DISTINCT FROM p_device AND right(e.value->>0, length(p_device) + 1) <> '-' || p_device) f
                    ON true;
        """

    /// How long a device may stay away before it no longer holds back compaction (rule Y-30).
    static let compactionGraceDays = 30

    /// The number a pull answers with, alone, when the device's cursor is behind the compaction: the
    /// operations it lacks are gone, and it starts again from the hub's state (rule Y-30).
    static let behindCompaction: Int64 = -1

    /// The words a blind hub refuses a value in the clear with (rule Y-32): a device that lost its key
    /// can never send one there.
    static let plaintextRefusal = "a value in the clear for a hub that takes only sealed ones"

    /// The version this build brings a hub to.
    package static var version: Int { migrations.count }

    /// Creates or completes the schema (up to `target`, this build's version unless a test asks for an
    /// older one) in one transaction; safe to run again, and at once from two places. Returns the
    /// version the hub is at.
    static func install(_ hub: HubConnection, through target: Int = version) throws -> Int {
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
            for (index, sql) in migrations.enumerated() where index + 1 > current && index + 1 <= target {
                try hub.execute(sql)
                try hub.query("INSERT INTO hub_schema_version (version) VALUES ($1)", [String(index + 1)])
            }
            return max(current, target)
        }
    }

    /// Makes the database at `url` a hub at the older schema `version`, as the build that stopped
    /// there left it: a seam for the tests of upgrading a hub in place.
    package static func installOlder(url: String, through version: Int) throws {
        _ = try install(try HubConnection(url: url), through: version)
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
