import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

/// Migration 0010 gives every repeat instance the occurrence it was made for (spec D19): the day its
/// id was derived for, else its due day; no row is lost or changed otherwise.
@Suite("Repeat occurrence migration (B-23, Y-20)")
struct RepeatOccurrenceMigrationTests {
    static let migration = "0010-repeat-occurrence"

    /// Takes the closed store at `path` back to the schema before 0010, as an earlier build left it.
    static func downgrade(_ path: String) throws {
        let db = try Database(path: path)
        try db.execute("""
            DROP INDEX tasks_series_by_occurrence;
            DROP INDEX tasks_without_occurrence;
            ALTER TABLE tasks DROP COLUMN occurrence_day;
            CREATE INDEX tasks_series_by_due ON tasks(due_date, series_id) WHERE series_id IS NOT NULL;
            """)
        try db.run("DELETE FROM charflow_migrations WHERE name = ?", [.text(migration)])
        try expectLacks(db.columns(of: "tasks"), "occurrence_day")
    }

    /// Every row of the record tables, as text, with the tasks' occurrence left out.
    static func rows(_ db: Database) throws -> [String] {
        var lines: [String] = []
        for table in ["tasks", "deferrals", "sessions", "categories"] {
            let names = try db.columns(of: table).filter { $0 != "occurrence_day" }.joined(separator: ", ")
            for row in try db.rows("SELECT \(names) FROM \(table) ORDER BY id") {
                lines.append(table + ": " + row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines
    }

    @Test("B-23 Y-20 a store at the previous schema with repeat instances migrates, keeps every row, and recovers each instance's occurrence from its id")
    func migratesAndRecovers() throws {
        let store = try TaskSystemStore()
        let series: TaskItem, moved: TaskItem, weekly: TaskItem, weeklyNext: TaskItem
        do {
            let planner = try store.open("2026-11-30", "09:00")
            // A daily repeat due Tuesday, done early: its next instance is Wednesday's, then brought to Monday.
            series = try planner.taskSystemAdd("Stretch", due: .tomorrow, repeat: .daily)
            try planner.complete(series.shortID)
            moved = try #require(try planner.taskSystemLive(series: series.id).first)
            var edit = Store.TaskEdit()
            edit.due = .today
            try planner.edit(moved.shortID, edit)
            try planner.recordBegin(.task(moved.id))
            try planner.recordClose(.abandoned)
            // A weekly repeat whose next instance was never moved, and a one-off task with a deferral.
            weekly = try planner.taskSystemAdd("Timesheet", due: .today, repeat: .weekly, weekdays: "1")
            try planner.complete(weekly.shortID)
            weeklyNext = try #require(try planner.taskSystemLive(series: weekly.id).first)
            let oneOff = try planner.taskSystemAdd("Call the bank", due: .today)
            try planner.deferTask(oneOff.shortID, to: nil, reason: nil, note: nil)
        }
        try Self.downgrade(store.path)
        let before = try Self.rows(try Database(path: store.path))
        expectEqual(before.filter { $0.hasPrefix("tasks: ") }.count, 5)

        let planner = try store.open("2026-11-30", "10:00")
        try expectEqual(Schema.migrator.appliedNames(planner.db).last, Self.migration)
        try expectEqual(Self.rows(planner.db), before, "every row kept as it was")
        let occurrence = { (task: TaskItem) in try planner.task(id: task.id)?.occurrence?.description }
        try expectEqual(occurrence(series), "2026-12-01", "the series' first task stands for its due day")
        try expectEqual(occurrence(moved), "2026-12-02", "recovered from the id, not the day it was moved to")
        try expectEqual(occurrence(weekly), "2026-11-30")
        try expectEqual(occurrence(weeklyNext), "2026-12-07")
        try expectEqual(TempStore.count(planner, "SELECT count(*) FROM tasks WHERE series_id IS NULL AND occurrence_day IS NOT NULL"), 0, "a one-off task has no occurrence")

        // Done on Monday, the moved instance keeps its completion: the next is Thursday's, a new row.
        try planner.complete(moved.shortID)
        let after = try store.open("2026-11-30", "10:05")
        let kept = try #require(try after.task(id: moved.id))
        #expect(kept.isCompleted && kept.dueDate?.description == "2026-11-30")
        try expectEqual(after.sessions.sessions(ofTask: kept.id).count, 1)
        let live = try after.taskSystemLive(series: series.id)
        expectEqual(live.map { $0.dueDate?.description }, ["2026-12-03"])
        expectEqual(live.first.map { $0.id != moved.id }, true)
    }

    @Test("Y-20 a backup written before occurrences were kept imports with each instance's occurrence recovered")
    func olderBackupImports() throws {
        let source = try TaskSystemStore()
        let planner = try source.open("2026-11-30", "09:00")
        let series = try planner.taskSystemAdd("Stretch", due: .tomorrow, repeat: .daily)
        try planner.complete(series.shortID)
        let moved = try #require(try planner.taskSystemLive(series: series.id).first)
        var edit = Store.TaskEdit()
        edit.due = .today
        try planner.edit(moved.shortID, edit)

        // The backup as an earlier build wrote it: the tasks' columns without occurrence_day.
        var tables: [String: Any] = [:]
        for table in ["categories", "tasks"] {
            var list: [[String: Any]] = []
            let columns = try planner.forEachRawBackupRow(of: table) { _ in }
            for row in try planner.db.rows("SELECT \(columns.joined(separator: ", ")) FROM \(table)") {
                var object: [String: Any] = [:]
                for (name, value) in zip(columns, row) where name != "occurrence_day" {
                    switch value {
                    case .null: object[name] = NSNull()
                    case .integer(let number): object[name] = NSNumber(value: number)
                    case .real(let number): object[name] = NSNumber(value: number)
                    case .text(let text): object[name] = text
                    }
                }
                list.append(object)
            }
            tables[table] = list
        }
        let document: [String: Any] = ["format": Backup.format, "version": 1, "tables": tables]

        let target = try TaskSystemStore()
        let empty = try target.open("2026-11-30", "09:30")
        let file = try BackupDocument(JSONSerialization.data(withJSONObject: document))
        let report = try empty.importBackup(file, dryRun: false)
        expectTrue(report.replaced)
        try expectEqual(empty.task(id: moved.id)?.occurrence?.description, "2026-12-02")
        try expectEqual(empty.task(id: series.id)?.occurrence?.description, "2026-12-01")
    }
}
