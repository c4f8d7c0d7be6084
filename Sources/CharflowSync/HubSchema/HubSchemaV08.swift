extension HubSchema {
    /// Schema 8 (6a5520a, rules Y-14, Y-22, Y-30, Y-32): the hub's checks and compaction cost a
    /// statement, not a row.
    ///
    /// The clock and plaintext checks run once an insert over the rows it added, and compare clocks as
    /// text; the log's foreign key to `hub_devices` goes (`hub_push` writes the device's row first, in
    /// the same transaction). Each device's highest number is kept in `hub_devices.highest_seq` by the
    /// same trigger, so compaction drops every operation every device holds, reading only the numbers
    /// between the last compaction and this one; a pull reads the log's last number as the larger of the
    /// log's and the compaction's. Later builds wrote this text with other indentation only.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v08 = #"""
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
                > lpad((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 300000)::text, 18, '0') THEN
            RAISE EXCEPTION 'an operation is stamped more than 5 minutes ahead of the hub''s clock'
                USING ERRCODE = 'check_violation';
        END IF;
        IF EXISTS (SELECT 1 FROM hub_seal) THEN
            IF EXISTS (SELECT 1 FROM hub_arrived a WHERE left(a.value, 4) <> 'cf1:') THEN
                RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'check_violation';
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
            WHEN p_now - o_hub_clock > 300000 THEN 'ahead'
            WHEN p_bound_hub IS NOT NULL AND p_bound_hub <> o_hub_id THEN 'other_hub'
            WHEN p_device IS NULL THEN 'ok'
            WHEN p_clock > o_hub_clock + 300000 THEN 'restamp'
            WHEN (SELECT max(left(e->>'h', 18) COLLATE "C") FROM jsonb_array_elements(p_operations) e)
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
        PERFORM pg_advisory_xact_lock(7239105);
        INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
            SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
            FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.s
            ON CONFLICT (device_id, device_seq) DO NOTHING;
        INSERT INTO hub_fields AS c (table_name, row_id, field, hlc, value)
            SELECT DISTINCT ON (x.t, x.r, x.f) x.t, x.r, x.f, x.h, x.v
            FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.t, x.r, x.f, x.h DESC, x.s DESC
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc, value = excluded.value
            WHERE excluded.hlc > c.hlc;
        WITH gone AS (
        SELECT DISTINCT f.table_name, f.row_id FROM jsonb_to_recordset(p_rows) AS x(t text, r text)
        JOIN hub_fields f ON f.table_name = x.t AND f.row_id = x.r AND f.field = '_deleted'
    ) DELETE FROM hub_operations o USING gone g
    WHERE o.table_name = g.table_name AND o.row_id = g.row_id AND o.field <> '_deleted';
    WITH gone AS (
        SELECT DISTINCT f.table_name, f.row_id FROM jsonb_to_recordset(p_rows) AS x(t text, r text)
        JOIN hub_fields f ON f.table_name = x.t AND f.row_id = x.r AND f.field = '_deleted'
    ) DELETE FROM hub_fields o USING gone g
    WHERE o.table_name = g.table_name AND o.row_id = g.row_id AND o.field <> '_deleted';
        RETURN NEXT;
    END
    $$;
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
                WHERE d.forgotten_at IS NULL AND d.last_seen > now() - interval '30 days';
            SELECT c.through INTO v_compacted FROM hub_compaction c WHERE c.id = 1;
            UPDATE hub_compaction SET through = v_floor WHERE id = 1 AND through < v_floor;
            IF FOUND THEN
                -- What an earlier compaction left is gone already; a stale `v_compacted` only widens the range.
                DELETE FROM hub_operations o WHERE o.hub_seq > v_compacted AND o.hub_seq <= v_floor;
            END IF;
            SELECT c.through INTO v_through FROM hub_compaction c WHERE c.id = 1 FOR SHARE;
            IF p_cursor < v_through THEN
                o_seq := -1;
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
            RETURN QUERY SELECT v_seq, f.hlc, f.table_name, f.row_id, f.field, f.value
                FROM (SELECT 1) one
                LEFT JOIN hub_fields f ON right(f.hlc, length(p_device) + 1) <> '-' || p_device
                ORDER BY f.hlc;
        END IF;
    END
    $$;
    """#
}
