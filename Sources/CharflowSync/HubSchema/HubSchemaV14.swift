extension HubSchema {
    /// Schema 14 (rule Y-24, issue 39 item 2): each operation in the log keeps the clock of the value
    /// it replaced on its device (`hub_operations.base_hlc`, what its writer had seen of the field), so
    /// a device that receives it can tell a value replaced without its writer having seen it — a
    /// conflict, however the two devices' syncs fell — from an ordinary later edit. `hub_push` takes
    /// it with each change (`k`), `hub_pull` gives it back as a seventh column (`o_base`; null for
    /// operations pushed before, and for the state, which keeps winners only).
    ///
    /// It replaces `hub_push` and `hub_pull` with schema 13's, the base aside; `hub_pull` is dropped
    /// and made again, as a function's columns cannot change in place.
    ///
    /// Once a build with it is out, hubs run this text: from then on it is never edited, and a change
    /// is a new version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v14 = #"""
    ALTER TABLE hub_operations ADD COLUMN IF NOT EXISTS base_hlc text COLLATE "C";
    CREATE OR REPLACE FUNCTION hub_push(
        p_version integer, p_bound_hub text, p_now bigint, p_clock bigint,
        p_device text, p_mark text, p_current text, p_next text, p_issued bigint,
        p_operations jsonb, p_rows jsonb
    ) RETURNS TABLE (o_outcome text, o_version integer, o_hub_id text, o_hub_clock bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
        v_sending boolean := jsonb_array_length(p_operations) > 0 OR jsonb_array_length(p_rows) > 0;
        v_alone boolean;
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
        -- A device that never pulled, while no other device is known and live, joins from the state
        -- right after its push: what it sends is numbered and counted compacted at once, and the log
        -- keeps only the changes of notes that travel with their bases (Y-17).
        v_alone := (SELECT d.pulled_through FROM hub_devices d WHERE d.device_id = p_device) = 0
            AND NOT EXISTS (SELECT 1 FROM hub_devices d WHERE d.device_id <> p_device AND d.forgotten_at IS NULL
                AND d.last_seen > now() - interval '30 days');
        IF jsonb_array_length(p_rows) > 0 THEN
            -- A page one entry a record: each record written to the state as it came.
            IF v_alone THEN
                IF EXISTS (SELECT 1 FROM hub_seal) AND jsonb_path_exists(p_rows, '$[*].f.*[1] ? (!(@ starts with "cf1:"))') THEN
                    RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'CF002';
                END IF;
                UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                        nextval('hub_operation_seq') + page.n - 1))
                    FROM (SELECT sum(x.n)::bigint AS n FROM jsonb_to_recordset(p_rows) AS x(n bigint)) page
                    WHERE id = 1;
                UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                    (SELECT max(x.q) FROM jsonb_to_recordset(p_rows) AS x(q bigint))) WHERE d.device_id = p_device;
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value, base_hlc)
                    SELECT p_device, (x.s->>e.key)::bigint, e.value->>0, x.t, x.r, e.key, e.value->>1, x.k->>e.key
                    FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, s jsonb, b boolean, k jsonb)
                    CROSS JOIN LATERAL jsonb_each(x.f) e
                    WHERE x.b AND x.t || '.' || replace(e.key, '@base', '') = ANY('{tasks.notes}'::text[])
                    ORDER BY 2
                    ON CONFLICT (device_id, device_seq) DO NOTHING;
            ELSE
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value, base_hlc)
                    SELECT p_device, (x.s->>e.key)::bigint, e.value->>0, x.t, x.r, e.key, e.value->>1, x.k->>e.key
                    FROM jsonb_to_recordset(p_rows) AS x(t text, r text, f jsonb, s jsonb, b boolean, k jsonb)
                    CROSS JOIN LATERAL jsonb_each(x.f) e
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
            -- A page one entry an operation: grouped by row into the state.
            IF v_alone THEN
                IF EXISTS (SELECT 1 FROM hub_seal)
                        AND EXISTS (SELECT 1 FROM jsonb_to_recordset(p_operations) AS x(v text) WHERE left(x.v, 4) <> 'cf1:') THEN
                    RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'CF002';
                END IF;
                UPDATE hub_compaction SET through = greatest(through, setval('hub_operation_seq',
                        nextval('hub_operation_seq') + unlogged.n - 1))
                    FROM (SELECT count(*) AS n FROM jsonb_to_recordset(p_operations) AS x(t text, f text)
                        WHERE NOT (x.t || '.' || replace(x.f, '@base', '') = ANY('{tasks.notes}'::text[]))) unlogged
                    WHERE id = 1 AND unlogged.n > 0;
                UPDATE hub_devices d SET highest_seq = greatest(d.highest_seq,
                    (SELECT max((e->>'s')::bigint) FROM jsonb_array_elements(p_operations) e)) WHERE d.device_id = p_device;
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value, base_hlc)
                    SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v, x.k FROM (
                        SELECT x.*, bool_or(right(x.f, 5) = '@base') OVER (PARTITION BY x.t, x.r) AS based
                        FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text, k text)
                        WHERE x.t || '.' || replace(x.f, '@base', '') = ANY('{tasks.notes}'::text[])
                    ) x
                    WHERE x.based AND EXISTS (SELECT 1 FROM jsonb_array_elements(p_operations) e
                        WHERE right(e->>'f', 5) = '@base')
                    ORDER BY x.s
                    ON CONFLICT (device_id, device_seq) DO NOTHING;
            ELSE
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value, base_hlc)
                    SELECT p_device, x.s, x.h, x.t, x.r, x.f, x.v, x.k
                    FROM jsonb_to_recordset(p_operations) AS x(s bigint, h text, t text, r text, f text, v text, k text)
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
    DROP FUNCTION IF EXISTS hub_pull(bigint, text, integer);
    CREATE FUNCTION hub_pull(p_cursor bigint, p_device text, p_page integer)
    RETURNS TABLE (o_seq bigint, o_hlc text, o_table text, o_row text, o_field text, o_value text, o_base text)
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
                SELECT o.hub_seq, o.hlc, o.table_name, o.row_id, o.field, o.value, o.base_hlc FROM hub_operations o
                WHERE o.hub_seq > p_cursor AND o.device_id <> p_device ORDER BY o.hub_seq LIMIT p_page
            ), last AS (SELECT greatest(max(h.hub_seq), v_through) AS seq FROM hub_operations h)
            SELECT * FROM page
            UNION ALL
            SELECT last.seq, NULL, NULL, NULL, NULL, NULL, NULL FROM last
            WHERE (SELECT count(*) FROM page) < p_page AND last.seq > p_cursor
            ORDER BY 1, 2 NULLS LAST;
        ELSE
            -- The state, each row carrying a number it includes (one row of nulls when empty); a
            -- field whose winning value this device wrote is already there. The number is read
            -- first: a push between the two reads is in the state and delivered again, never missed.
            SELECT greatest(coalesce(max(h.hub_seq), 0), (SELECT c.through FROM hub_compaction c WHERE c.id = 1))
                INTO v_seq FROM hub_operations h;
            UPDATE hub_devices SET pulled_through = greatest(pulled_through, v_seq) WHERE device_id = p_device;
            RETURN QUERY SELECT v_seq, f.hlc, f.table_name, f.row_id, f.field, f.value, NULL::text
                FROM (SELECT 1) one
                LEFT JOIN (SELECT r.table_name, r.row_id, e.key AS field, e.value->>0 AS hlc, e.value->>1 AS value
                    FROM hub_records r CROSS JOIN LATERAL jsonb_each(r.fields) e
                    WHERE r.writer IS DISTINCT FROM p_device AND right(e.value->>0, length(p_device) + 1) <> '-' || p_device) f
                ON true;
        END IF;
    END
    $$;
    """#
}
