extension HubSchema {
    /// Schema 7 (compaction, a3d6a13, rule Y-30), as part of ordinary pulls: a device's cursor says it
    /// holds every operation up to it (`pulled_through`); the operations every device that counts holds
    /// are dropped (a forgotten device and one unseen for 30 days do not count), except each device's
    /// last one, which its identity check reads (Y-14). A cursor behind the compaction gets one row
    /// numbered -1 (`HubSchema.behindCompaction`): start again from the state.
    ///
    /// The next commit (3d0fb40) changed this version's `hub_pull` to read the log's last number once;
    /// schema 8 replaced the function on every hub, so what shipped here is kept.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v07 = #"""
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
                WHERE d.forgotten_at IS NULL AND d.last_seen > now() - interval '30 days';
            UPDATE hub_compaction SET through = v_floor WHERE id = 1 AND through < v_floor;
            IF FOUND THEN
                DELETE FROM hub_operations o WHERE o.hub_seq <= v_floor AND EXISTS (
                    SELECT 1 FROM hub_operations n WHERE n.device_id = o.device_id AND n.device_seq > o.device_seq);
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
            )
            SELECT * FROM page
            UNION ALL
            SELECT (SELECT max(h.hub_seq) FROM hub_operations h), NULL, NULL, NULL, NULL, NULL
            WHERE (SELECT count(*) FROM page) < p_page AND (SELECT max(h.hub_seq) FROM hub_operations h) > p_cursor
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
    """#
}
