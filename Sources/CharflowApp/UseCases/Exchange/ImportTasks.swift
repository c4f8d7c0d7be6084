import CharflowCore
import CharflowStore
import Foundation

/// Import tasks from another program's file (a Taskwarrior export, a todo.txt file; X-4), merging by id:
/// the newer change wins, and each task takes its category by name — an existing one (archived
/// included), else a new one while fewer than eight are active (T-7), else none, with the name kept in
/// its notes so nothing is lost.
///
/// One transaction and one undoable action; a dry run rolls it back and only the report is kept. A task
/// whose file says nothing of when it changed (`knowsWhenChanged` false) is added when new and never
/// overrides this store's copy, so importing an unchanged file again changes nothing.
extension Charflow {
    /// Merges `items`; returns the report and the lines about labels. `progress` hears (tasks done, tasks
    /// in all) after every thousand tasks.
    func importTasks(_ items: [ImportedTask], dryRun: Bool, progress: ((Int, Int) -> Void)? = nil) throws
        -> (report: Backup.Report, notes: [String])
    {
        var report = Backup.Report()
        var notes: [String] = []
        let tasks = store.taskRepository
        try store.db.transaction(dryRun ? .rollback : .commit) {
            try store.journaled {
                var known = try store.categories.all()
                var created = 0, unlabelled = 0
                for (index, item) in items.enumerated() {
                    if index > 0, index % 1000 == 0 { progress?(index, items.count) }
                    var task = item.task
                    if let name = item.category {
                        if let match = known.first(where: { $0.name.lowercased() == name.lowercased() }) {
                            task.categoryID = match.id
                        } else if let valid = try? TaskCategory.validName(name, existing: known),
                                  known.filter({ !$0.isArchived }).count < TaskCategory.maxActive {
                            let category = TaskCategory(name: valid, sortOrder: known.count, createdAt: now)
                            try store.categories.insertAsRecorded(category)
                            known.append(category)
                            task.categoryID = category.id
                            created += 1
                        } else {
                            // Eight categories are active: the name is kept in the notes, not lost.
                            task.categoryID = nil
                            task.notes = (task.notes.map { $0 + "\n" } ?? "") + Messages.categoryKeptInNotes(name)
                            unlabelled += 1
                        }
                    }
                    // Another store's series knows no occurrences: each task stands for its own day.
                    if task.seriesID != nil, task.occurrence == nil { task.occurrence = task.dueDate }
                    // A task imported done counts on the day its completion time falls on here (B-15).
                    if task.isCompleted, task.completedDay == nil, let done = task.completedAt {
                        task.completedDay = calendar.logicalDay(at: done)
                    } else if !task.isCompleted {
                        task.completedDay = nil
                    }
                    if let local = try tasks.task(id: task.id) {
                        task.occurrence = local.occurrence ?? task.occurrence
                        // The same completion keeps the day it was made on here (P-8).
                        if task.isCompleted, local.isCompleted, local.completedAt == task.completedAt {
                            task.completedDay = local.completedDay ?? task.completedDay
                        }
                        if item.knowsWhenChanged, task.modifiedAt > local.modifiedAt {
                            try tasks.saveAsRecorded(task)
                            report.updated["tasks", default: 0] += 1
                        } else {
                            report.unchanged["tasks", default: 0] += 1
                        }
                        continue
                    }
                    if let removedHere = try tasks.removedAt(task.id), removedHere >= Instant.storageText(task.modifiedAt) {
                        report.skipped["tasks", default: 0] += 1
                        continue
                    }
                    try tasks.saveAsRecorded(task)
                    report.inserted["tasks", default: 0] += 1
                }
                if created > 0 { report.inserted["categories"] = created }
                if unlabelled > 0 { notes.append(Messages.keptWithoutLabel(unlabelled)) }
                try removeSeriesDuplicates()
            }
        }
        if !dryRun { store.foldAfterImport() }
        return (report, notes)
    }

    /// What an import's merge may leave, settled by the rules inside its transaction: a series' duplicate
    /// instances (D19) and two live sessions (S-11); answers how many running sessions it stopped.
    func settleImported() throws -> Int {
        try removeSeriesDuplicates()
        let extras = Sessions.extraLive(try store.sessions.allLive())
        for var extra in extras {
            extra.close(.abandoned, at: now, now: now)
            try saveClosedOutsideAction(extra)
        }
        if !extras.isEmpty { try store.signals.leaveTwoTimersNotice() }
        return extras.count
    }
}
