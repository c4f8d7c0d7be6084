extension HubSchema {
    /// Schema 4 (d47fcff, rules Y-29 and Y-31): one round trip a push (`hub_push`) and one a pull
    /// (`hub_pull`), and devices a person can forget.
    ///
    /// `hub_push` checks the schema version, the clocks (Y-10, Y-22), the hub the device is bound to
    /// (Y-16) and its identity (Y-14) before it writes anything, and says why it wrote nothing; then
    /// registers the device, numbers the operations under the hub's lock, updates the state and scrubs
    /// purged rows (Y-27). `hub_pull` reads past a cursor, or for a device with none the state and the
    /// number it includes, in one snapshot (Y-12). Later builds rewrote this version's `hub_pull` (a page
    /// that closes with the log's last number, a3d6a13 and 3d0fb40) and re-indented its scrub without a
    /// new version; schemas 7 and 8 replaced both functions on every hub, so what shipped here is kept.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v04 = #"""
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
            WHEN p_now - o_hub_clock > 300000 THEN 'ahead'
            WHEN p_bound_hub IS NOT NULL AND p_bound_hub <> o_hub_id THEN 'other_hub'
            WHEN p_device IS NULL THEN 'ok'
            WHEN p_clock > o_hub_clock + 300000 THEN 'restamp'
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
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
        IF p_cursor > 0 THEN
            RETURN QUERY SELECT o.hub_seq, o.hlc, o.table_name, o.row_id, o.field, o.value FROM hub_operations o
                WHERE o.hub_seq > p_cursor AND o.device_id <> p_device ORDER BY o.hub_seq LIMIT p_page;
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
    """#
}
