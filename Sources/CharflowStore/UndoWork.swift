import CharflowCore
import Foundation

/// One undo in progress: one write transaction in which the store finds an action in its journal,
/// counts what the undo rules count, and puts the action's rows back.
///
/// The store refuses nothing here. It answers what it finds (no such action, a sync that changed its
/// rows, a later action that builds on them, the counts before and after the revert) and the use case
/// decides: a refusal thrown from the body of `Store.undoing(_:)` rolls everything back, so a
/// refused undo changes nothing. Use it only for the length of the body.
package final class UndoWork {
    let store: Store

    init(store: Store) {
        self.store = store
    }

    /// One action the journal holds, as an undo finds it.
    package struct Entry: Sendable {
        let recorded: UndoJournal.Recorded
        /// What the action was ("add", "move", ...), what `undo` reports.
        package var label: String { recorded.label }
        /// A sync changed the action's rows since (rule Y-25); nil when none did.
        package let changedElsewhere: SyncChange?
    }

    /// A sync that changed an action's rows: the title of the first task or habit the action changed
    /// (nil when none) and when the sync ran (nil when its time cannot be read).
    package struct SyncChange: Sendable {
        package let subjectTitle: String?
        package let syncedAt: Date?
    }

    /// The newest action the journal holds, or with `id` exactly that one; nil when it holds none, or
    /// no longer that one (a rollover, a purge or its depth forgot it).
    package func entry(_ id: UndoActionID?) throws -> Entry? {
        guard let recorded = try UndoJournal.recorded(id, db: store.db) else { return nil }
        var changed: SyncChange?
        if let time = try UndoAcrossSync.changedBySync(recorded.seq, store.db) {
            changed = SyncChange(subjectTitle: try UndoAcrossSync.subjectTitle(recorded.seq, store.db),
                                 syncedAt: Instant.parseStorageText(time))
        }
        return Entry(recorded: recorded, changedElsewhere: changed)
    }

    /// Whether a later action touched one of `entry`'s rows, or points at a row its undo would remove,
    /// or a row it would put back points at one that is gone.
    package func laterActionsDepend(on entry: Entry) throws -> Bool {
        try UndoJournal.laterActionsDepend(on: entry.recorded.seq, db: store.db)
    }

    /// What the undo rules count, as the store holds it now: the buckets of `today`'s board and later
    /// ones, the running timers, the active categories.
    package func counts(from today: LocalDay) throws -> UndoRules.Counts {
        let db = store.db
        var counts = UndoRules.Counts()
        for row in try db.rows("""
            SELECT due_date, region, bucket, count(*) FROM tasks
            WHERE region IS NOT NULL AND dropped_at IS NULL AND due_date >= ? GROUP BY due_date, region, bucket
            """, [.text(today.description)]) {
            guard let day = row[0].text.flatMap({ LocalDay($0) }), let region = row[1].text.flatMap(Region.init(rawValue:)),
                  let bucket = row[2].text.flatMap(Bucket.init(rawValue:)), let count = row[3].int else { continue }
            counts.placed[UndoRules.Place(day: day, region: region, bucket: bucket)] = count
        }
        counts.liveSessions = try db.scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int ?? 0
        counts.activeCategories = try db.scalar("SELECT count(*) FROM categories WHERE is_archived = 0")?.int ?? 0
        return counts
    }

    /// What a revert put back that the rules may settle: when the action was done (nil when that cannot
    /// be read) and the sessions it opened again.
    package struct Reverted: Sendable {
        package let doneAt: Date?
        package let reopenedSessions: [String]
    }

    /// Puts back exactly the rows `entry` captured and forgets it (D8).
    package func revert(_ entry: Entry) throws -> Reverted {
        let reverted = try UndoJournal.revert(entry.recorded, db: store.db, now: store.nowText)
        return Reverted(doneAt: Instant.parseStorageText(reverted.doneAt), reopenedSessions: reverted.reopenedSessions)
    }

    /// Adds `seconds` to the paused time of the running session with id text `key` (one not paused now).
    package func addPausedSeconds(_ seconds: Int, toSession key: String) throws {
        try store.db.run("""
            UPDATE sessions SET paused_seconds = paused_seconds + ?
            WHERE id = ? AND ended_at IS NULL AND paused_at IS NULL
            """, [.integer(Int64(seconds)), .text(key)])
    }
}
