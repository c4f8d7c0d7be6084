import CharflowCore

extension OperationLog {
    /// One operation from another device that this store could not apply, kept with its reason (rule
    /// Y-23) until a build that can apply it tries it again.
    package struct SetAside: Sendable, Equatable {
        package let hlc: String
        package let table: String
        package let rowID: String
        package let field: String
        /// The field's value as JSON text, as it arrived.
        package let value: String
        package let reason: String

        package init(hlc: String, table: String, rowID: String, field: String, value: String, reason: String) {
            self.hlc = hlc
            self.table = table
            self.rowID = rowID
            self.field = field
            self.value = value
            self.reason = reason
        }
    }

    /// The build an operation is set aside by: the store's last migration, which is what decides the
    /// tables and fields it knows. Another build tries again what this one could not apply.
    package static var setAsideBuild: String { Schema.migrator.migrations.last?.name ?? "" }

    /// Keeps `operation` aside; the same operation delivered again is kept once, with the latest reason.
    package static func setAside(_ operation: SetAside, _ db: Database) throws {
        try db.run("""
            INSERT INTO sync_set_aside (table_name, row_id, field, hlc, value, reason, build) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (table_name, row_id, field, hlc) DO UPDATE SET reason = excluded.reason, build = excluded.build
            """, [.text(operation.table), .text(operation.rowID), .text(operation.field), .text(operation.hlc),
                  .text(operation.value), .text(operation.reason), .text(setAsideBuild)])
    }

    /// Whether any operation of the row `id` of `table` is set aside: later changes to it wait with it.
    package static func hasSetAside(table: String, id: String, _ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM sync_set_aside WHERE table_name = ? AND row_id = ? LIMIT 1",
                      [.text(table), .text(id)]) != nil
    }

    /// Whether anything at all is set aside (one read).
    package static func hasSetAside(_ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM sync_set_aside LIMIT 1") != nil
    }

    /// How many changes wait set aside, counted by row as every sync count is (a task's two unknown
    /// fields are one change).
    package static func setAsideCount(_ db: Database) throws -> Int {
        try db.scalar("SELECT count(*) FROM (SELECT DISTINCT table_name, row_id FROM sync_set_aside)")?.int ?? 0
    }

    /// Whether another build set aside anything this one has not tried yet (one read).
    package static func hasSetAsideFromOtherBuild(_ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM sync_set_aside WHERE build <> ? LIMIT 1", [.text(setAsideBuild)]) != nil
    }

    /// Removes and returns, oldest clock first, what another build set aside, to be applied again in
    /// the same transaction (what still fails is set aside again, under this build).
    package static func takeSetAsideFromOtherBuild(_ db: Database) throws -> [SetAside] {
        let taken = try db.rows("""
            SELECT hlc, table_name, row_id, field, value, reason FROM sync_set_aside WHERE build <> ? ORDER BY hlc
            """, [.text(setAsideBuild)]).map {
            SetAside(hlc: $0[0].text ?? "", table: $0[1].text ?? "", rowID: $0[2].text ?? "", field: $0[3].text ?? "",
                     value: $0[4].text ?? "null", reason: $0[5].text ?? "")
        }
        try db.run("DELETE FROM sync_set_aside WHERE build <> ?", [.text(setAsideBuild)])
        return taken
    }
}
