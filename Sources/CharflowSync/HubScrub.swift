import CharflowCore
import CharflowStore
import Foundation

/// What the hub keeps of a row removed for good (spec D19, rule Y-27): its id and its tombstone,
/// so the removal reaches every device, and nothing of its values, from any device.
///
/// A push scrubs the rows it touches that hold a tombstone on the hub, the ones it removes and the
/// ones another device removed before this device's late edits of them arrived, as it writes them
/// (`hub_push`, schema 11). `hub init` scrubs the whole hub, for one an older build wrote.
/// PostgreSQL frees the space at its next vacuum.
package enum HubScrub {
    /// Removes every value of every row the hub holds a tombstone for.
    static func scrubAll(_ hub: HubConnection) throws {
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(HubSchema.lockKey))")
            try hub.query("""
                DELETE FROM hub_operations o USING hub_records d
                WHERE d.fields ? '\(OperationLog.deletedField)' AND o.table_name = d.table_name AND o.row_id = d.row_id
                AND o.field <> '\(OperationLog.deletedField)'
                """)
            try hub.query("""
                UPDATE hub_records SET fields = hub_kept(fields)
                WHERE fields ? '\(OperationLog.deletedField)' AND fields <> hub_kept(fields)
                """)
        }
    }
}
