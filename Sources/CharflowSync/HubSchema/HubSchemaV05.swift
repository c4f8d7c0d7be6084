extension HubSchema {
    /// Schema 5 (the blind hub, 578ca07, rule Y-32): how a passphrase's key is derived, and a value sealed
    /// under it that shows a key is the hub's; no row is an open hub. A trigger refuses a value in the
    /// clear once the row is there. The key itself never reaches the hub.
    ///
    /// Kept as it shipped, byte for byte: hubs ran this text. Never edit it; a change is a new
    /// version (`HubSchemaTextTests` pins every version's SHA-256).
    static let v05 = #"""
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
            RAISE EXCEPTION 'a value in the clear for a hub that takes only sealed ones' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END
    $$;
    CREATE TRIGGER hub_operations_sealed BEFORE INSERT ON hub_operations
        FOR EACH ROW EXECUTE FUNCTION hub_refuse_plaintext();
    """#
}
