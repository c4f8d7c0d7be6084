import CharflowCore
import Foundation

/// The reminders this device has delivered (rules ), each once, whichever channel showed it.
///
/// A reminder is named as the nudge log names it (kind, subject, period). The table is the device's own
/// (`OperationLog.syncedTables` leaves it out, and so does `Backup.tables`), so another device's
/// deliveries never silence this one's. Recording is no action: nothing to undo.
package struct ReminderDeliveryRecords {
    let store: Store
    var db: Database { store.db }

    /// One delivery: what was delivered, and the channel that showed it (`desktop`, `page`).
    package struct Delivery: Sendable, Equatable {
        package let kind: String
        package let subject: String
        package let period: String
        package let channel: String

        package init(kind: String, subject: String, period: String, channel: String) {
            self.kind = kind
            self.subject = subject
            self.period = period
            self.channel = channel
        }
    }

    /// Whether this device has delivered the reminder `kind` for `subject` in `period`.
    package func isDelivered(kind: String, subject: String, period: String) throws -> Bool {
        try db.scalar("SELECT 1 FROM reminder_deliveries WHERE kind = ? AND subject = ? AND period = ?",
                      [.text(kind), .text(subject), .text(period)]) != nil
    }

    /// Records `deliveries` in one transaction; one already recorded keeps its first channel. Deliveries
    /// of periods before `keepingFrom` go in the same transaction: no reminder of theirs can be due again.
    package func record(_ deliveries: [Delivery], keepingFrom: LocalDay) throws {
        guard !deliveries.isEmpty else { return }
        try db.write {
            try db.run("DELETE FROM reminder_deliveries WHERE period < ?", [.text(keepingFrom.description)])
            for delivery in deliveries {
                try db.run("""
                    INSERT OR IGNORE INTO reminder_deliveries (kind, subject, period, channel, delivered_at)
                    VALUES (?, ?, ?, ?, ?)
                    """, [.text(delivery.kind), .text(delivery.subject), .text(delivery.period),
                          .text(delivery.channel), .text(store.nowText)])
            }
        }
    }
}

extension Store {
    /// The reminders this device has delivered.
    package var reminderDeliveries: ReminderDeliveryRecords { ReminderDeliveryRecords(store: self) }
}
