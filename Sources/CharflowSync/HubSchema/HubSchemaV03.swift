extension HubSchema {
    /// Schema 3 (clocks, c8a9059, rule Y-22): a trigger refuses an operation stamped more than 5 minutes
    /// ahead of the hub's clock, whichever client (or hand) writes it, so a wrong clock never wins for a year.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v03 = #"""
    CREATE OR REPLACE FUNCTION hub_refuse_ahead() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF substring(NEW.hlc FROM '^[0-9]{18}')::bigint
            > floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 300000 THEN
            RAISE EXCEPTION 'an operation is stamped more than 5 minutes ahead of the hub''s clock'
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END
    $$;
    CREATE TRIGGER hub_operations_not_ahead BEFORE INSERT ON hub_operations
        FOR EACH ROW EXECUTE FUNCTION hub_refuse_ahead();
    """#
}
