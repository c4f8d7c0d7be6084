import CharflowCore
import CharflowStore
import Foundation

/// The merge of other devices' shared settings (spec D19, rule Y-26): per key the value with the
/// latest clock wins, as for any field; `null` puts the setting back to its default.
///
/// Only the keys that shape the day are taken: an operation for any other key (a per-device one, sent
/// by a build that should not have) changes nothing here. The row's change time is the winning clock's,
/// so every device holds the same row.
package enum SettingsMerge {
    /// Applies the settings among `operations`; returns how many settings now hold another value.
    static func apply(_ operations: [RemoteOperation], _ db: Database) throws -> Int {
        var winners: [String: RemoteOperation] = [:]
        var latest: HybridLogicalClock?
        for op in operations where op.table == OperationLog.settingsTable && op.field == OperationLog.settingField
            && OperationLog.isShared(setting: op.rowID) {
            if let clock = HybridLogicalClock(text: op.hlc), latest.map({ clock > $0 }) ?? true { latest = clock }
            if let held = winners[op.rowID], held.hlc > op.hlc { continue }
            winners[op.rowID] = op
        }
        var changed = 0
        for (key, op) in winners.sorted(by: { $0.key < $1.key }) {
            let held = try OperationLog.fieldClocks(table: OperationLog.settingsTable, id: key, db)[OperationLog.settingField]
            if let held, held >= op.hlc { continue }
            let value = try db.scalar("SELECT json_extract(?, '$')", [.text(op.value)])?.text
            let before = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(key)])?.text
            let milliseconds = HybridLogicalClock(text: op.hlc)?.milliseconds ?? 0
            let changedAt = Instant.storageText(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            try OperationLog.writeSetting(key, value: value, modifiedAt: changedAt, db)
            try OperationLog.recordFieldClock(table: OperationLog.settingsTable, id: key, field: OperationLog.settingField,
                                              hlc: op.hlc, db)
            // The same value arriving again (each device sends its own first settings) changes nothing.
            if before != value { changed += 1 }
        }
        if let latest { try OperationLog.receive(latest, db) }
        return changed
    }
}
