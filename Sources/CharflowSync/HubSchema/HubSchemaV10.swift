extension HubSchema {
    /// Schema 10 (4a135b5, rule Y-30): a joining device's push goes to the state only when no other
    /// device is live to pull it, since compaction would drop its log at the device's next pull.
    ///
    /// As it shipped, the notes it still logs are every change of a field merged by lines; the next
    /// version (c12adb2) rewrote this text to log them only for a row that carries a base, and schema 11
    /// brought that `hub_push` to every hub, so what shipped here is kept.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v10 = #"""
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
        IF (SELECT d.pulled_through FROM hub_devices d WHERE d.device_id = p_device) = 0
            AND NOT EXISTS (SELECT 1 FROM hub_devices d WHERE d.device_id <> p_device AND d.forgotten_at IS NULL
                AND d.last_seen > now() - interval '30 days') THEN
            IF EXISTS (SELECT 1 FROM hub_seal) AND EXISTS (SELECT 1 FROM jsonb_to_recordset(p_operations) AS x(v text)
                    WHERE left(x.v, 4) <> 'cf1:') THEN
                RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'check_violation';
            END IF;
            UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                    nextval('hub_operation_seq') + unlogged.n - 1))
                FROM (SELECT count(*) AS n FROM jsonb_to_recordset(p_operations) AS x(t text, f text)
                    WHERE NOT (x.t || '.' || replace(x.f, '@base', '') = ANY('{tasks.notes}'::text[]))) unlogged
                WHERE id = 1 AND unlogged.n > 0;
            UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                (SELECT max((e->>'s')::bigint) FROM jsonb_array_elements(p_operations) e)) WHERE d.device_id = p_device;
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
                FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                WHERE x.t || '.' || replace(x.f, '@base', '') = ANY('{tasks.notes}'::text[])
                ORDER BY x.s
                ON CONFLICT (device_id, device_seq) DO NOTHING;
        ELSE
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
            SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
            FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.s
            ON CONFLICT (device_id, device_seq) DO NOTHING;
        END IF;
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
    """#
}
