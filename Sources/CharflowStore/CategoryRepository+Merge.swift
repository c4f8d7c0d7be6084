import CharflowCore
import Foundation

extension CategoryRepository {
    /// Merges `merged` into `survivor` after a sync (rule Y-21), outside any undo: its tasks take the
    /// survivor's label (each an ordinary change, sent with the sync), Today's filter follows, and
    /// `merged` leaves a tombstone.
    package func merge(_ merged: TaskCategory, into survivor: TaskCategory, at now: Date) throws {
        let id = merged.id.lowercasedText
        let stamp = Instant.storageText(now)
        try db.run("UPDATE tasks SET category_id = ?, modified_at = ? WHERE category_id = ?",
                   [.text(survivor.id.lowercasedText), .text(stamp), .text(id)])
        if try todayFilterID() == merged.id {
            try db.run("UPDATE settings SET value = ?, modified_at = ? WHERE key = ?",
                       [.text(survivor.id.lowercasedText), .text(stamp), .text(CategoryRepository.todayFilterKey)])
        }
        try Tombstone.remove("categories", id: id, at: stamp, in: db)
    }
}
