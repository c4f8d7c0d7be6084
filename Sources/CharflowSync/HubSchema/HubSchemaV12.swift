extension HubSchema {
    /// Schema 12 (ffbe27c, rule Y-29): a page may come one entry a record (`p_rows`), which the hub
    /// writes to `hub_records` as it came instead of taking it apart and grouping it again; a page that
    /// changes a field twice still comes one entry an operation. Later builds wrote this text with other
    /// line breaks only.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v12 = #"""
    CREATE OR REPLACE FUNCTION hub_push(
        p_version integer, p_bound_hub text, p_now bigint, p_clock bigint,
        p_device text, p_mark text, p_current text, p_next text, p_issued bigint,
        p_operations jsonb, p_rows jsonb
    ) RETURNS TABLE (o_outcome text, o_version integer, o_hub_id text, o_hub_clock bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
        v_sending boolean := jsonb_array_length(p_operations) > 0 OR jsonb_array_length(p_rows) > 0;
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
            WHEN greatest((SELECT max(left(e->>'h', 18) COLLATE "C") FROM jsonb_array_elements(p_operations) e),
                (SELECT max(left(e->>'m', 18) COLLATE "C") FROM jsonb_array_elements(p_rows) e))
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
        IF jsonb_array_length(p_rows) > 0 THEN
        IF (SELECT d.pulled_through FROM hub_devices d WHERE d.device_id = p_device) = 0
            AND NOT EXISTS (SELECT 1 FROM hub_devices d WHERE d.device_id <> p_device AND d.forgotten_at IS NULL
                AND d.last_seen > now() - interval '30 days') THEN
            IF EXISTS (SELECT 1 FROM hub_seal)
                    AND jsonb_path_exists(p_rows, '$[*].f.*[1] ? (!(@ starts with "cf1:"))') THEN
                RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'check_violation';
            END IF;
            UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                    nextval('hub_operation_seq') + page.n - 1))
                FROM (SELECT sum(x.n)::bigint AS n FROM jsonb_to_recordset(p_rows) AS x(n bigint)) page
                WHERE id = 1;
            UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                (SELECT max(x.q) FROM jsonb_to_recordset(p_rows) AS x(q bigint))) WHERE d.device_id = p_device;
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT p_device, (x.s->>e.key)::bigint, e.value->>0, x.t, x.r, e.key, e.value->>1
                FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, s jsonb, b boolean)
                CROSS JOIN LATERAL jsonb_each(x.f) e
                WHERE x.b AND x.t || '.' || replace(e.key, '@base', '') = ANY('{tasks.notes}'::text[])
                ORDER BY 2
                ON CONFLICT (device_id, device_seq) DO NOTHING;
        ELSE
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT p_device, (x.s->>e.key)::bigint, e.value->>0, x.t, x.r, e.key, e.value->>1
                FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, s jsonb, b boolean)
                CROSS JOIN LATERAL jsonb_each(x.f) e
                WHERE true
                ORDER BY 2
                ON CONFLICT (device_id, device_seq) DO NOTHING;
        END IF;
        WITH kept AS (
            INSERT INTO hub_records AS c (table_name, row_id, fields, writer)
            SELECT x.t, x.r, hub_kept(x.f), CASE WHEN x.w THEN p_device END
            FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, w boolean)
            ON CONFLICT (table_name, row_id) DO UPDATE SET fields = hub_merged(c.fields, excluded.fields),
                writer = CASE WHEN c.writer = excluded.writer THEN c.writer END
            RETURNING c.table_name, c.row_id, c.fields ? '_deleted' AS gone
        ) DELETE FROM hub_operations o USING kept k
        WHERE k.gone AND o.table_name = k.table_name AND o.row_id = k.row_id AND o.field <> '_deleted';
    ELSE
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
                SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v FROM (
                    SELECT x.*, bool_or(right(x.f, 5) = '@base')
                        OVER (PARTITION BY x.t, x.r) AS based
                    FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
                    WHERE x.t || '.' || replace(x.f, '@base', '') = ANY('{tasks.notes}'::text[])
                ) x
                WHERE x.based AND EXISTS (SELECT 1 FROM jsonb_array_elements(p_operations) e
                    WHERE right(e->>'f', 5) = '@base')
                ORDER BY x.s
                ON CONFLICT (device_id, device_seq) DO NOTHING;
        ELSE
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
            SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v
            FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.s
            ON CONFLICT (device_id, device_seq) DO NOTHING;
        END IF;
        WITH kept AS (
            INSERT INTO hub_records AS c (table_name, row_id, fields, writer)
            SELECT x.t, x.r, hub_kept(jsonb_object_agg(x.f, jsonb_build_array(x.h, x.v) ORDER BY x.h COLLATE "C", x.s)),
                CASE WHEN bool_and(right(x.h, length(p_device) + 1) = '-' || p_device) THEN p_device END
            FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text)
            GROUP BY x.t, x.r
            ON CONFLICT (table_name, row_id) DO UPDATE SET fields = hub_merged(c.fields, excluded.fields),
                writer = CASE WHEN c.writer = excluded.writer THEN c.writer END
            RETURNING c.table_name, c.row_id, c.fields ? '_deleted' AS gone
        ) DELETE FROM hub_operations o USING kept k
        WHERE k.gone AND o.table_name = k.table_name AND o.row_id = k.row_id AND o.field <> '_deleted';
    END IF;
        RETURN NEXT;
    END
    $$;
    """#
}
