@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A fresh SQLite store for one use-case test, opened as `charflow` opens it, at a local wall time.
/// Reopening with a later time is how a test moves the clock: nothing is mocked.
final class AppTestStore {
    let folder: URL
    let path: String
    let zone: TimeZone

    init(zone identifier: String = "Europe/London") throws {
        folder = try TestFolder.make("charflow-app-tests")
        path = folder.appendingPathComponent("charflow.sqlite").path
        zone = try #require(TimeZone(identifier: identifier))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The instant the store's zone reads `time` (HH:MM) plus `seconds` on `day` (both as text).
    func instant(_ day: String, _ time: String, seconds: Int = 0) throws -> Date {
        let calendar = PlannerCalendar(timeZone: zone)
        return calendar.instant(on: try #require(LocalDay(day)), at: try #require(TimeOfDay(time)))
            .addingTimeInterval(Double(seconds))
    }

    /// Opens the store with the clock at `day` `time` (+ `seconds`), local wall time of the store's zone.
    func open(_ day: String, _ time: String = "09:00", seconds: Int = 0) throws -> Charflow {
        try StoreEnvironment(path: path, timeZone: zone, localeFirstWeekday: .monday)
            .open(now: try instant(day, time, seconds: seconds))
    }

    /// Every row of every table, as text: "a refusal changes nothing" checks.
    static func contents(_ app: Charflow) throws -> String {
        var lines: [String] = []
        let db = app.store.db
        for table in try db.rows("SELECT name, sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap({ row in row[0].text.map { ($0, row[1].int == 1) } }) {
            lines.append("# " + table.0)
            // A WITHOUT ROWID table reads in its key's order.
            for row in try db.rows("SELECT * FROM \(table.0)" + (table.1 ? "" : " ORDER BY rowid")) {
                lines.append(row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension Charflow {
    /// Adds a task for a session test: placed in Morning (due today) unless `region` is nil.
    @discardableResult
    func sessionAdd(_ title: String, region: Region? = .morning, effort: Int?? = nil, notes: String? = nil,
                    due: QuickDate? = nil) throws -> TaskItem {
        var input = AddTask.Input(title: title)
        input.region = region
        input.effort = effort.map { EffortChoice(minutes: $0) }
        input.notes = notes
        input.due = due
        return try addTask(input).task
    }

    /// The task as stored now.
    func sessionReload(_ task: TaskItem) throws -> TaskItem {
        try self.task(task.id)
    }

    /// The task's sessions, oldest first.
    func sessionList(_ task: TaskItem) throws -> [WorkSession] {
        try store.sessions.sessions(ofTask: task.id)
    }

    /// The live session, as the status chip reads it.
    func liveSession() throws -> WorkSession? {
        try sessionStatus().session
    }

    /// Seconds of work on a task, as `show` reports them.
    func actualSeconds(of task: TaskItem) throws -> Int {
        try showTask(ShowTask.Input(task: task.id)).actualSeconds
    }

    /// Live sessions as the table has them (not through the engine's "earliest" pick).
    func sessionLiveCount() throws -> Int {
        try store.db.scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int ?? -1
    }

    /// Writes a raw `sessions` row, as another device (or a merged store) would.
    func sessionInsertRaw(id: UUID = UUID(), task: UUID?, window: UUID? = nil, startedAt: Date, day: String,
                          endedAt: Date? = nil, outcome: String = "running") throws {
        try store.db.run("""
            INSERT INTO sessions (id, task_id, habit_window_id, started_at, day, ended_at, paused_seconds, outcome,
                                  actual_seconds, modified_at)
            VALUES (?, ?, ?, ?, ?, ?, 0, ?, 0, ?)
            """, [.text(id.uuidString.lowercased()), task.map { .text($0.uuidString.lowercased()) } ?? .null,
                  window.map { .text($0.uuidString.lowercased()) } ?? .null, .text(Instant.storageText(startedAt)),
                  .text(day), endedAt.map { .text(Instant.storageText($0)) } ?? .null, .text(outcome),
                  .text(Instant.storageText(startedAt))])
    }
}

extension Store {
    /// Reads the two-timers notice as Today shows it, then marks it seen: true when it was pending.
    func takeTwoTimersNotice() throws -> Bool {
        guard let notice = try app.pendingTwoTimersNotice() else { return false }
        try signals.record([notice.seen])
        return true
    }
}

extension Charflow {
    /// `habit begin WORD [--settle CHOICE]`, as the CLI asks it.
    @discardableResult
    func habitBegin(_ word: String, settle: SessionSettle? = nil) throws -> WorkSession {
        try beginHabitSession(BeginHabitSession.Input(habit: try HabitRef.reading(word), settle: settle)).session
    }
}
