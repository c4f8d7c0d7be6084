import CharflowCore
import CharflowStore
import Foundation

/// What the hub keeps of a row removed for good (spec D19, rule Y-27): its id and its tombstone,
/// so the removal reaches every device, and nothing of its values, from any device.
///
/// A push scrubs the rows it touches that hold a tombstone on the hub: the ones it removes, and the
/// ones another device removed before this device's late edits of them arrived. `hub init` scrubs the
/// whole hub, for one an older build wrote. PostgreSQL frees the space at its next vacuum.
package enum HubScrub {
    /// The statements a push runs after its operations are in (inside `hub_push`, in its
    /// transaction): they remove every value of the rows named in `rows` (a jsonb expression,
    /// `[{"t": table, "r": row id}]`) that the hub holds a tombstone for.
    static func scrubStatements(rows: String) -> String {
        let gone = """
            WITH gone AS (
                SELECT DISTINCT f.table_name, f.row_id FROM jsonb_to_recordset(\(rows)) AS x(t text, r text)
                JOIN hub_fields f ON f.table_name = x.t AND f.row_id = x.r AND f.field = '\(OperationLog.deletedField)'
            )
            """
        return ["hub_operations", "hub_fields"].map { table in
            """
            \(gone) DELETE FROM \(table) o USING gone g
            WHERE o.table_name = g.table_name AND o.row_id = g.row_id AND o.field <> '\(OperationLog.deletedField)';
            """
        }.joined(separator: "\n")
    }

    /// Removes every value of every row the hub holds a tombstone for.
    static func scrubAll(_ hub: HubConnection) throws {
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(HubSchema.lockKey))")
            for table in ["hub_operations", "hub_fields"] {
                try hub.query("""
                    DELETE FROM \(table) o USING hub_fields d
                    WHERE d.field = '\(OperationLog.deletedField)' AND o.table_name = d.table_name AND o.row_id = d.row_id
                    AND o.field <> '\(OperationLog.deletedField)'
                    """)
            }
        }
    }

    /// The rows `operations` change, as `scrub` takes them.
    package static func rows(_ operations: [OperationLog.Operation]) throws -> String {
        var seen = Set<String>()
        var out = "["
        var first = true
        for operation in operations where seen.insert(SyncClient.rowKey(operation.table, operation.rowID)).inserted {
            if !first { out += "," }
            first = false
            out += "{\"t\":"
            JSONText.quote(operation.table, into: &out)
            out += ",\"r\":"
            JSONText.quote(operation.rowID, into: &out)
            out += "}"
        }
        return out + "]"
    }
}
