import CharflowCore
import CharflowStore
import Foundation

/// The rollover of every logical day that ended since the last one, run when the store is opened
/// (spec D4, B-14): idempotent, and caught up over any number of missed days at once.
///
/// The store keeps the marker of the last day it rolled over to; the rules (`Rollover`) decide what
/// each carried task becomes and which deferral it gains, once for the whole gap (T-23).
extension Charflow {
    /// How far back the rollover looks for duplicate series instances (an import looks at all of them).
    static let dedupLookbackDays = 62

    /// Today's logical day: the clock's, but never before the day the store last rolled over to while
    /// the clock is only a little behind it (`Rollover.today`).
    public var today: LocalDay {
        Rollover.today(clockDay: calendar.logicalDay(at: now), rolledOverTo: store.rolloverMarker)
    }

    /// Runs the missed rollovers. A marker further ahead of the clock than `Rollover.clockLagDays` was
    /// written by a wrong clock: it moves back to the clock's day (nothing rolled over is undone), so
    /// the next boundary rolls over.
    func catchUp() throws {
        try store.readRolloverMarker()
        if let last = store.rolloverMarker, last == today { return }
        try store.db.write {
            let last = try store.readRolloverMarker()
            let today = self.today
            if let last, last == today { return }
            if let last, last > today {
                // The clock went back further than a step: the marker follows it and nothing else changes.
            } else if last != nil {
                let remembered = try store.rolledOverDays()
                try rollOver(to: today, repeated: remembered.contains(today))
                try store.writeRolledOverDays(Rollover.remembering(today, with: remembered))
            } else {
                try store.categories.seed(TaskCategory.defaults(now: now))
            }
            try store.writeRolloverMarker(today)
        }
    }

    /// One rollover to `today`: sessions of earlier days auto-close, unfinished placed tasks go to the
    /// Backlog, due tasks gain their one automatic deferral, and the undo history is emptied.
    ///
    /// A day rolled over to before (`repeated`: the clock went back more than a day and forward again)
    /// is not rolled over again: what was placed meanwhile on an earlier day still leaves the board, but
    /// no deferral is given twice, and the undo history is kept when nothing changed.
    private func rollOver(to today: LocalDay, repeated: Bool) throws {
        let tasks = store.taskRepository
        let carried = try autoCloseSessions(before: today)
        let candidates = try tasks.live(dueBefore: today)
        try store.openMustDos.keep(OpenMustDo.leftOpen(candidates, newDay: today))
        let outcome = Rollover.run(candidates: candidates, newDay: today, alreadyDeferred: try tasks.taskIDs(deferredOn: today),
                                   carriedWithoutDeferral: carried, repeated: repeated, now: now)
        let read = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for var task in outcome.tasks {
            if let old = read[task.id] { try tasks.save(&task, over: old) } else { try tasks.saveOutsideUndo(&task) }
        }
        for var record in outcome.deferrals { try tasks.saveRolloverDeferral(&record) }
        if !outcome.eased.isEmpty { try store.signals.leaveEased(outcome.eased) }
        try removeSeriesDuplicates(since: today.adding(days: -Self.dedupLookbackDays))
        if !repeated || !carried.isEmpty || !outcome.tasks.isEmpty { try store.clearUndoHistory() }
    }

    /// Applies the dedup rule "one instance per (series, occurrence)" (D19, T-32) to the instances made
    /// for `since` on: of each group the rules keep one (`SeriesDedup.keeper`), the others go for good.
    func removeSeriesDuplicates(since: LocalDay? = nil, series: Set<String>? = nil) throws {
        let tasks = store.taskRepository
        for instances in try tasks.seriesDuplicates(since: since, series: series) {
            guard let keep = SeriesDedup.keeper(of: instances) else { continue }
            for extra in instances where extra.id != keep.id {
                try tasks.removeForGood(extra.id)
            }
        }
    }
}
