import CharflowCore
import CharflowStore
import Foundation

/// What `charflow-bench generate` was asked for.
struct GeneratorConfig {
    var tasks = 10_000
    var seed: UInt64 = 1
    var out = ""
    /// The generator's clock, UTC: the store's "today" and the instant its last rollover ran.
    var nowDay = LocalDay(year: 2026, month: 3, day: 4)!.ordinal
    var nowMinute = 9 * 60
    /// Live tasks at most (fewer when `tasks` is small).
    var live = 300
    var series = 40
    var historyDays = 730
    var habitYears = 5
    var force = false
}

/// Writes a realistic store straight through SQL, in one transaction, with Charflow's own `Database`
/// (cached prepared statements). The schema and the seeded categories come from opening `Store` once.
final class Generator {
    let config: GeneratorConfig
    var rng: SplitMix64
    let today: Int
    let nowMs: Int
    private(set) var counts: [(String, Int)] = []
    private(set) var picks: [(String, String)] = []

    private var db: Database!
    private var categoryIDs: [String] = []
    private var boardSlots: [Int: Int] = [:]
    private var tally: [String: Int] = [:]

    static let regions = ["morning", "afternoon", "evening"]
    static let buckets = ["mustDo", "complementary", "misc"]
    static let limits = [1, 3, 5]
    static let msPerDay = StoreText.msPerDay
    static let msPerMinute = 60_000

    init(config: GeneratorConfig) {
        self.config = config
        rng = SplitMix64(seed: config.seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678)
        today = config.nowDay
        nowMs = config.nowDay * Generator.msPerDay + config.nowMinute * Generator.msPerMinute
    }

    // MARK: Running

    func run() throws {
        let fm = FileManager.default
        for suffix in ["", "-wal", "-shm", "-journal"] where fm.fileExists(atPath: config.out + suffix) {
            guard config.force else {
                throw BenchError("\(config.out + suffix) exists; pass --force to replace it")
            }
            try fm.removeItem(atPath: config.out + suffix)
        }
        try generateAll()
        // The planner (and its connection) is gone here: the WAL was checkpointed into the file on close.
        for suffix in ["-wal", "-shm"] where fm.fileExists(atPath: config.out + suffix) {
            try? fm.removeItem(atPath: config.out + suffix)
        }
    }

    private func generateAll() throws {
        let utc = TimeZone(identifier: "UTC")!
        let store = try Store(path: config.out, timeZone: utc, localeFirstWeekday: .monday,
                                  now: Date(timeIntervalSince1970: Double(nowMs) / 1000))
        db = store.db
        let seeded = try db.rows("SELECT id FROM categories ORDER BY sort_order").compactMap { $0[0].text }
        try db.write {
            // Children (deferrals, sessions) are written before their task row; keys are checked at commit.
            try db.execute("PRAGMA defer_foreign_keys = ON")
            // The planner seeds its default categories with random ids: give them ids from the seed.
            for id in seeded {
                let fixed = rng.uuid()
                try db.run("UPDATE categories SET id = ? WHERE id = ?", [.text(fixed), .text(id)])
                categoryIDs.append(fixed)
            }
            try addCategories()
            try addTasks()
            try addHabits()
            try addNightPlanning()
            try db.run("""
                INSERT INTO settings (key, value, modified_at) VALUES ('last-rollover-day', ?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at
                """, [.text(StoreText.day(today)), .text(StoreText.instant(nowMs))])
        }
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for table in ["tasks", "deferrals", "sessions", "categories", "habits", "habit_windows", "habit_schedules",
                      "habit_entries", "habit_pauses", "habit_groups", "night_planning"] {
            counts.append((table, try db.scalar("SELECT count(*) FROM \(table)")?.int ?? 0))
        }
        counts.append(("live_tasks", try db.scalar(
            "SELECT count(*) FROM tasks WHERE is_completed = 0 AND dropped_at IS NULL")?.int ?? 0))
        db = nil
    }

    // MARK: Helpers

    private func count(_ key: String, _ by: Int = 1) { tally[key, default: 0] += by }

    /// A random instant on `day` between two minutes of the day (UTC), never after the clock.
    private func time(on day: Int, from: Int, to: Int) -> Int {
        let start = day * Generator.msPerDay + from * Generator.msPerMinute
        let end = day * Generator.msPerDay + to * Generator.msPerMinute - 1
        let value = rng.int(start...max(start, end))
        return min(value, nowMs - Generator.msPerMinute)
    }

    /// Takes the next place in a region's bucket on a day's board, within the 1–3–5 limits.
    private func takeSlot(day: Int, region: Int, bucket: Int) -> Int? {
        let key = day * 16 + region * 4 + bucket
        let used = boardSlots[key, default: 0]
        guard used < Generator.limits[bucket] else { return nil }
        boardSlots[key] = used + 1
        return used
    }

    private func randomImportance() -> String {
        let roll = rng.unit()
        return roll < 0.72 ? "low" : roll < 0.92 ? "medium" : "high"
    }

    private func randomEffort() -> Int? {
        rng.pick([nil, 10, 15, 30, 30, 30, 30, 45, 60, 90, 120])
    }

    private func randomCategory() -> String? {
        rng.chance(0.6) ? rng.pick(categoryIDs) : nil
    }

    private func randomNotes() -> String? {
        let roll = rng.unit()
        if roll < 0.04 { return Vocabulary.note(&rng, checklist: true) }
        if roll < 0.14 { return Vocabulary.note(&rng, checklist: false) }
        return nil
    }

    private static func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
    private static func optional(_ number: Int?) -> SQLValue { number.map { .integer(Int64($0)) } ?? .null }
    private static func day(_ ordinal: Int?) -> SQLValue { ordinal.map { .text(StoreText.day($0)) } ?? .null }
    private static func instant(_ ms: Int?) -> SQLValue { ms.map { .text(StoreText.instant($0)) } ?? .null }

    // MARK: Categories

    private func addCategories() throws {
        let created = (today - 600) * Generator.msPerDay + 10 * 3_600_000
        for (index, (name, color)) in [("Health", "plum"), ("Errands", "slate")].enumerated() {
            let id = rng.uuid()
            try db.run("""
                INSERT INTO categories (id, name, preset_key, color_key, sort_order, is_archived, created_at, modified_at)
                VALUES (?, ?, NULL, ?, ?, 0, ?, ?)
                """, [.text(id), .text(name), .text(color), .integer(Int64(3 + index)),
                      .text(StoreText.instant(created)), .text(StoreText.instant(created))])
            categoryIDs.append(id)
        }
    }

    // MARK: Tasks

    struct TaskRow {
        var id: String
        var title: String
        var notes: String?
        var due: Int?
        var effort: Int?
        var importance = "low"
        var completedAt: Int?
        var droppedAt: Int?
        var deferralCount = 0
        var repeatKind = "none"
        var repeatWeekdays = ""
        var repeatDayOfMonth = 0
        var seriesID: String?
        var createdAt: Int
        var categoryID: String?
        var region: String?
        var bucket: String?
        var sortOrder = 0
        var backlogSince: Int?
        var modifiedAt: Int
    }

    static let taskSQL = """
        INSERT INTO tasks (id, title, notes, due_date, effort_minutes, importance, is_completed, completed_at, \
        dropped_at, deferral_count, repeat_kind, repeat_weekdays, repeat_day_of_month, series_id, created_at, \
        category_id, region, bucket, sort_order, backlog_since, modified_at, occurrence_day, completed_day)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    private func newTask(created: Int) -> TaskRow {
        TaskRow(id: rng.uuid(), title: Vocabulary.title(&rng), notes: randomNotes(), effort: randomEffort(),
                importance: randomImportance(), createdAt: created, categoryID: randomCategory(), modifiedAt: created)
    }

    private func insert(_ task: TaskRow) throws {
        try db.run(Generator.taskSQL, [
            .text(task.id), .text(task.title), Generator.optional(task.notes), Generator.day(task.due),
            Generator.optional(task.effort), .text(task.importance), .integer(task.completedAt == nil ? 0 : 1),
            Generator.instant(task.completedAt), Generator.instant(task.droppedAt), .integer(Int64(task.deferralCount)),
            .text(task.repeatKind), .text(task.repeatWeekdays), .integer(Int64(task.repeatDayOfMonth)),
            Generator.optional(task.seriesID), .text(StoreText.instant(task.createdAt)), Generator.optional(task.categoryID),
            Generator.optional(task.region), Generator.optional(task.bucket), .integer(Int64(task.sortOrder)),
            Generator.day(task.backlogSince), .text(StoreText.instant(task.modifiedAt)),
            // A generated instance was made for its due day and never moved, as Charflow would record it.
            task.seriesID == nil ? .null : Generator.day(task.due),
            // The day it was done on, as `done` records it: the store is UTC with the rollover at midnight.
            Generator.day(task.completedAt.map { $0 / 86_400_000 }),
        ])
        count(task.completedAt != nil ? "completed" : task.droppedAt != nil ? "dropped" : "live")
    }

    private func deferral(task: String, on day: Int, to target: Int?, reason: String, at instant: Int) throws {
        try db.run("""
            INSERT INTO deferrals (id, task_id, deferred_on, day, deferred_to, reason, modified_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(rng.uuid()), .text(task), .text(StoreText.instant(instant)), .text(StoreText.day(day)),
                  Generator.day(target), .text(reason), .text(StoreText.instant(instant))])
    }

    private func session(task: String?, window: String?, start: Int, end: Int, pausedSeconds: Int = 0,
                         estimate: Int?, outcome: String, actualSeconds: Int) throws {
        try db.run("""
            INSERT INTO sessions (id, task_id, habit_window_id, started_at, day, ended_at, paused_seconds, paused_at, \
            estimate_minutes, outcome, actual_seconds, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)
            """, [.text(rng.uuid()), Generator.optional(task), Generator.optional(window), .text(StoreText.instant(start)),
                  .text(StoreText.day(start / Generator.msPerDay)), .text(StoreText.instant(end)),
                  .integer(Int64(pausedSeconds)), Generator.optional(estimate), .text(outcome),
                  .integer(Int64(actualSeconds)), .text(StoreText.instant(end))])
    }

    private func addTasks() throws {
        let live = max(20, min(config.live, config.tasks / 3))
        let seriesCount = min(config.series, live / 5)
        let plainLive = live - seriesCount
        // Past instances of the repeating series come out of the completed budget (~15% of it at most).
        let completedBudget = config.tasks - live
        let wanted = (0..<seriesCount).map { [60, 26, 26, 12][$0 % 4] }.reduce(0, +)
        let seriesFactor = wanted == 0 ? 0 : min(1.0, Double(completedBudget) * 0.15 / Double(wanted))

        var seriesPast = 0
        for index in 0..<seriesCount {
            seriesPast += try addSeries(index, factor: seriesFactor)
        }
        try addTodaysBoard(plainLive: plainLive)
        let placedToday = 16
        let rest = max(0, plainLive - placedToday)
        let dueToday = min(8, rest)
        let overdue = Int(Double(rest) * 0.12)
        let upcoming = Int(Double(rest) * 0.25)
        let backlog = max(0, rest - dueToday - overdue - upcoming)
        try addDueToday(dueToday)
        try addOverdue(overdue)
        try addUpcoming(upcoming)
        try addBacklog(backlog)
        let history = max(0, completedBudget - seriesPast - 3)
        try addHistory(history)
    }

    /// Today's board: 16 live tasks and 3 done this morning, within the 1–3–5 limits.
    private func addTodaysBoard(plainLive: Int) throws {
        // (region, bucket, live, done)
        let plan = [(0, 0, 1, 0), (0, 1, 2, 1), (0, 2, 3, 0),
                    (1, 0, 1, 0), (1, 1, 3, 0), (1, 2, 2, 1),
                    (2, 0, 0, 1), (2, 1, 1, 0), (2, 2, 3, 0)]
        let placedAt = time(on: today - 1, from: 21 * 60, to: 22 * 60 + 30)
        for (region, bucket, liveCount, doneCount) in plan {
            for index in 0..<(liveCount + doneCount) {
                guard let order = takeSlot(day: today, region: region, bucket: bucket) else { continue }
                let created = placedAt - rng.int(0...(6 * Generator.msPerDay))
                var task = newTask(created: created)
                task.due = today
                task.region = Generator.regions[region]
                task.bucket = Generator.buckets[bucket]
                task.sortOrder = order
                task.modifiedAt = placedAt
                if index >= liveCount {
                    let done = time(on: today, from: max(0, config.nowMinute - 120), to: config.nowMinute)
                    task.completedAt = done
                    task.modifiedAt = done
                }
                try insert(task)
                if index < liveCount, bucket == 2 {
                    if region == 0, !picks.contains(where: { $0.0 == "doneID" }) { picks.append(("doneID", task.id)) }
                    if region == 1, !picks.contains(where: { $0.0 == "deferID" }) { picks.append(("deferID", task.id)) }
                }
            }
        }
    }

    private func addDueToday(_ count: Int) throws {
        for _ in 0..<count {
            var task = newTask(created: nowMs - rng.int(1...(14 * Generator.msPerDay)))
            task.due = today
            try insert(task)
        }
    }

    /// Live tasks whose day has passed: the rollover took them off the board, counted a deferral each
    /// time (the latest today), and left their day so they read overdue.
    private func addOverdue(_ count: Int) throws {
        for _ in 0..<count {
            let due = today - rng.int(1...20)
            var task = newTask(created: (due - rng.int(0...10)) * Generator.msPerDay + rng.int(0...(Generator.msPerDay - 1)))
            task.due = due
            task.backlogSince = due
            if rng.chance(0.5) { task.importance = rng.chance(0.6) ? "medium" : "high" }
            let deferrals = min(rng.int(1...4), today - due)
            task.deferralCount = deferrals
            var lastStamp = task.createdAt
            for step in stride(from: deferrals - 1, through: 0, by: -1) {
                let day = today - step
                lastStamp = time(on: day, from: 6 * 60, to: 9 * 60)
                try deferral(task: task.id, on: day, to: day, reason: "unspecified", at: lastStamp)
            }
            task.modifiedAt = max(task.createdAt, lastStamp)
            try insert(task)
        }
    }

    private func addUpcoming(_ count: Int) throws {
        for index in 0..<count {
            var task = newTask(created: nowMs - rng.int(1...(30 * Generator.msPerDay)))
            task.due = today + rng.int(1...60)
            if index < 5, let order = takeSlot(day: today + 1, region: index % 3, bucket: 2) {
                task.due = today + 1
                task.region = Generator.regions[index % 3]
                task.bucket = "misc"
                task.sortOrder = order
                task.modifiedAt = nowMs - rng.int(1...(3_600_000))
            }
            try insert(task)
        }
    }

    /// Undated live tasks in the Backlog, entered over the past year and more.
    private func addBacklog(_ count: Int) throws {
        let weekStart = today - (LocalDay(ordinal: today).weekday.isoNumber - 1)
        for _ in 0..<count {
            let roll = rng.unit()
            let entered: Int
            if roll < 0.04 { entered = today }
            else if roll < 0.08 { entered = today - 1 }
            else if roll < 0.16 { entered = rng.int(min(weekStart, today - 1)...today) }
            else { entered = today - rng.int(7...400) }
            let created = entered * Generator.msPerDay + rng.int(0...(Generator.msPerDay - 1)) - rng.int(0...20) * Generator.msPerDay
            var task = newTask(created: min(created, nowMs - Generator.msPerMinute))
            task.importance = "low"
            task.backlogSince = entered
            if rng.chance(0.2) {
                let times = rng.int(1...2)
                task.deferralCount = times
                for step in 0..<times {
                    try deferral(task: task.id, on: entered - step, to: nil, reason: rng.pick(["tooMuch", "notReady", "unspecified"]),
                                 at: time(on: entered - step, from: 8 * 60, to: 22 * 60))
                }
            }
            task.modifiedAt = max(task.createdAt, min(nowMs - Generator.msPerMinute, entered * Generator.msPerDay + 12 * 3_600_000))
            try insert(task)
        }
    }

    /// One repeating series: past instances completed on (or a day after) their days, one live instance.
    private func addSeries(_ index: Int, factor: Double) throws -> Int {
        let kind = ["daily", "weekly", "weekly", "monthly"][index % 4]
        let weekdays = kind == "weekly" && index % 3 == 0 ? "1,4" : ""
        let title = Vocabulary.title(&rng)
        let importance = rng.chance(0.3) ? "medium" : "low"
        let category = randomCategory()
        let effort = randomEffort()
        var dayOfMonth = 0
        var due: Int
        switch kind {
        case "daily":
            due = rng.chance(0.7) ? today : today - rng.int(1...3)
        case "weekly":
            due = today + rng.int(0...6)
            if !weekdays.isEmpty {
                while ![1, 4].contains(LocalDay(ordinal: due).weekday.isoNumber) { due += 1 }
            }
        default:
            dayOfMonth = rng.int(1...28)
            let now = LocalDay(ordinal: today)
            var candidate = LocalDay(year: now.year, month: now.month, day: dayOfMonth)!
            if candidate.ordinal < today {
                candidate = now.month == 12 ? LocalDay(year: now.year + 1, month: 1, day: dayOfMonth)!
                    : LocalDay(year: now.year, month: now.month + 1, day: dayOfMonth)!
            }
            due = candidate.ordinal
        }
        // Past due days, newest first.
        let wanted = Int((Double([60, 26, 26, 12][index % 4]) * factor).rounded())
        var pastDays: [Int] = []
        var cursor = LocalDay(ordinal: due)
        while pastDays.count < wanted {
            switch kind {
            case "daily": cursor = cursor.adding(days: -1)
            case "weekly":
                if weekdays.isEmpty {
                    cursor = cursor.adding(days: -7)
                } else {
                    repeat { cursor = cursor.adding(days: -1) } while ![1, 4].contains(cursor.weekday.isoNumber)
                }
            default:
                let month = cursor.month == 1 ? 12 : cursor.month - 1
                let year = cursor.month == 1 ? cursor.year - 1 : cursor.year
                cursor = LocalDay(year: year, month: month, day: min(dayOfMonth, LocalDay.daysIn(month: month, year: year)))!
            }
            if cursor.ordinal < today { pastDays.append(cursor.ordinal) }
        }
        let ids = (0...pastDays.count).map { _ in rng.uuid() }
        let seriesID = ids[0] // the oldest instance's id names the series
        var created = ((pastDays.last ?? due) - 1) * Generator.msPerDay + 20 * 3_600_000
        func instance(_ id: String, day: Int) -> TaskRow {
            TaskRow(id: id, title: title, notes: nil, due: day, effort: effort, importance: importance,
                    repeatKind: kind, repeatWeekdays: weekdays, repeatDayOfMonth: dayOfMonth, seriesID: seriesID,
                    createdAt: created, categoryID: category, modifiedAt: created)
        }
        for (offset, day) in pastDays.reversed().enumerated() {
            var task = instance(ids[offset], day: day)
            let doneDay = rng.chance(0.8) || day + 1 >= today ? day : day + 1
            let done = max(created + Generator.msPerMinute, time(on: doneDay, from: 7 * 60, to: 22 * 60))
            task.completedAt = done
            task.modifiedAt = done
            if doneDay > day {
                task.deferralCount = 1
                task.backlogSince = day
                try deferral(task: task.id, on: doneDay, to: doneDay, reason: "unspecified", at: time(on: doneDay, from: 6 * 60, to: 7 * 60))
            }
            try insert(task)
            created = done
        }
        var live = instance(ids[pastDays.count], day: due)
        if due < today {
            live.backlogSince = due
            live.deferralCount = 1
            let stamp = time(on: today, from: 6 * 60, to: 8 * 60)
            try deferral(task: live.id, on: today, to: today, reason: "unspecified", at: stamp)
            live.modifiedAt = max(created, stamp)
        }
        try insert(live)
        return pastDays.count
    }

    /// The bulk: tasks done over the past two years, some late (with the rollover's deferrals), some
    /// placed on their day's board, some timed with sessions; a few dropped.
    private func addHistory(_ count: Int) throws {
        for _ in 0..<count {
            let day = today - rng.int(1...config.historyDays)
            let done = time(on: day, from: 7 * 60, to: 22 * 60)
            let created = done - rng.int(0...30) * Generator.msPerDay - rng.int(0...(8 * 3_600_000))
            var task = newTask(created: created)
            task.completedAt = done
            task.modifiedAt = done
            let roll = rng.unit()
            if roll < 0.55 {
                task.due = day
                if rng.chance(0.7) {
                    let region = rng.int(0...2)
                    let bucket = rng.chance(0.15) ? 0 : rng.chance(0.4) ? 1 : 2
                    if let order = takeSlot(day: day, region: region, bucket: bucket) {
                        task.region = Generator.regions[region]
                        task.bucket = Generator.buckets[bucket]
                        task.sortOrder = order
                    }
                }
                if rng.chance(0.1) {
                    // Deferred by hand from earlier days to this one.
                    let times = rng.int(1...2)
                    task.deferralCount = times
                    for step in (1...times).reversed() {
                        let on = day - step * rng.int(1...3)
                        try deferral(task: task.id, on: on, to: on + 1, reason: rng.pick(["tooMuch", "notReady", "reschedule"]),
                                     at: time(on: on, from: 9 * 60, to: 22 * 60))
                    }
                    task.createdAt = min(task.createdAt, (day - 7) * Generator.msPerDay)
                }
            } else if roll < 0.70 {
                // Done late: the rollover carried it, one automatic deferral a day at most three.
                let late = rng.int(1...10)
                task.due = day - late
                task.backlogSince = day - late
                let times = min(3, late)
                task.deferralCount = times
                for step in 0..<times {
                    let on = day - late + 1 + step
                    try deferral(task: task.id, on: on, to: on, reason: "unspecified", at: time(on: on, from: 6 * 60, to: 8 * 60))
                }
                task.createdAt = min(task.createdAt, (day - late - 1) * Generator.msPerDay + 12 * 3_600_000)
            } else {
                task.backlogSince = task.createdAt / Generator.msPerDay
                if task.importance != "low" { task.due = day; task.backlogSince = nil }
            }
            if rng.chance(0.03) {
                // Dropped instead of done.
                task.completedAt = nil
                task.droppedAt = done
                task.region = nil
                task.bucket = nil
                task.sortOrder = 0
            } else if rng.chance(0.25) {
                let seconds = max(300, Int(Double((task.effort ?? 25) * 60) * (0.6 + rng.unit() * 0.8)))
                let paused = rng.chance(0.2) ? rng.int(60...900) : 0
                let start = max(day * Generator.msPerDay, done - (seconds + paused) * 1000)
                try session(task: task.id, window: nil, start: start, end: done, pausedSeconds: paused,
                            estimate: task.effort, outcome: "finished", actualSeconds: seconds)
                if rng.chance(0.3), start - 3_600_000 > day * Generator.msPerDay {
                    let earlier = start - 3_600_000
                    try session(task: task.id, window: nil, start: earlier, end: earlier + 600_000, estimate: task.effort,
                                outcome: "abandoned", actualSeconds: 600)
                }
            }
            try insert(task)
        }
    }

    // MARK: Habits

    struct HabitSpec {
        let title: String
        let kind: String
        let target: Int
        let windows: [(String, Int, Int)]
        let frequency: String
        let days: String
        let perWeek: Int
        var preset: String? = nil
        var effort: Int? = nil
        var group: Int? = nil
    }

    static let habitSpecs: [HabitSpec] = [
        HabitSpec(title: "Read", kind: "binary", target: 1, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, effort: 20),
        HabitSpec(title: "Meditate", kind: "timed", target: 10, windows: [("Morning", 360, 540), ("Evening", 1200, 1380)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, effort: 10, group: 0),
        HabitSpec(title: "Push-ups", kind: "counted", target: 30, windows: [("", 0, 1439)], frequency: "weekdays", days: "1,2,3,4,5", perWeek: 0, effort: 5, group: 1),
        HabitSpec(title: "Drink water", kind: "counted", target: 4, windows: [("Morning", 360, 720), ("Afternoon", 720, 1140)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, group: 1),
        HabitSpec(title: "No sugar", kind: "avoid", target: 0, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, group: 1),
        HabitSpec(title: "Running", kind: "timed", target: 30, windows: [("", 0, 1439)], frequency: "custom", days: "1,2,3,4,5,6,7", perWeek: 3, preset: "running", effort: 30, group: 1),
        HabitSpec(title: "Journal", kind: "binary", target: 1, windows: [("Evening", 1200, 1410)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, effort: 10, group: 0),
        HabitSpec(title: "Qur'an reading", kind: "timed", target: 15, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, preset: "quran", effort: 15),
        HabitSpec(title: "Stretch", kind: "binary", target: 1, windows: [("", 0, 1439)], frequency: "weekdays", days: "1,2,3,4,5", perWeek: 0, effort: 10, group: 1),
        HabitSpec(title: "Guitar practice", kind: "timed", target: 20, windows: [("", 0, 1439)], frequency: "custom", days: "2,4,6", perWeek: 0, effort: 20),
        HabitSpec(title: "No social media", kind: "avoid", target: 1, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0),
        HabitSpec(title: "Walk 10k steps", kind: "counted", target: 10, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, group: 1),
        HabitSpec(title: "Floss", kind: "binary", target: 1, windows: [("Night", 1260, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0),
        HabitSpec(title: "Language lessons", kind: "counted", target: 2, windows: [("Lunch", 720, 840), ("Evening", 1140, 1320)], frequency: "weekdays", days: "1,2,3,4,5", perWeek: 0, effort: 15),
        HabitSpec(title: "Vitamins", kind: "binary", target: 1, windows: [("Morning", 360, 600), ("Evening", 1080, 1320)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, group: 0),
        HabitSpec(title: "Gym", kind: "binary", target: 1, windows: [("", 0, 1439)], frequency: "custom", days: "1,2,3,4,5,6,7", perWeek: 3, effort: 60, group: 1),
        HabitSpec(title: "No coffee after 2pm", kind: "avoid", target: 0, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0),
        HabitSpec(title: "Call family", kind: "binary", target: 1, windows: [("", 0, 1439)], frequency: "custom", days: "7", perWeek: 0, effort: 30),
        HabitSpec(title: "Dhikr", kind: "counted", target: 33, windows: [("", 0, 1439)], frequency: "daily", days: "1,2,3,4,5,6,7", perWeek: 0, preset: "dhikr"),
        HabitSpec(title: "Plan tomorrow", kind: "binary", target: 1, windows: [("Evening", 1200, 1380)], frequency: "weekdays", days: "1,2,3,4,5", perWeek: 0, effort: 10, group: 0),
    ]

    private func addHabits() throws {
        let start = today - config.habitYears * 365
        var groupIDs: [String] = []
        for (index, title) in ["Mornings", "Health"].enumerated() {
            let id = rng.uuid()
            let created = StoreText.instant(start * Generator.msPerDay + 8 * 3_600_000)
            try db.run("INSERT INTO habit_groups (id, title, sort_order, is_archived, created_at, modified_at) VALUES (?, ?, ?, 0, ?, ?)",
                       [.text(id), .text(title), .integer(Int64(index)), .text(created), .text(created)])
            groupIDs.append(id)
        }
        for (index, spec) in Generator.habitSpecs.enumerated() {
            // Most habits are five years old; the last five were taken up over the years since.
            let createdDay = index < 15 ? start + rng.int(0...30) : today - rng.int(365...(4 * 365))
            let created = createdDay * Generator.msPerDay + rng.int(7...21) * 3_600_000
            let habitID = rng.uuid()
            try db.run(HabitRecordsSQL.habit, [
                .text(habitID), .text(spec.title), .null, Generator.optional(spec.preset), .text(spec.kind),
                .text(spec.frequency), .text(spec.days), .integer(Int64(spec.perWeek)), .integer(0),
                Generator.optional(spec.group.map { groupIDs[$0] }), .integer(Int64(index)),
                .text(StoreText.instant(created)), .text(StoreText.instant(created)),
            ])
            try db.run(HabitRecordsSQL.schedule, [
                .text(rng.uuid()), .text(habitID), .text(StoreText.day(createdDay)), .text(spec.frequency),
                .text(spec.days), .integer(Int64(spec.perWeek)), .text(StoreText.instant(created)),
            ])
            var pauses: [(Int, Int)] = []
            if index == 1 || index == 5 { pauses.append((today - 200, today - 186)) }
            if index == 8 { pauses.append((today - 400, today - 395)) }
            for (from, to) in pauses where from > createdDay {
                try db.run("INSERT INTO habit_pauses (id, habit_id, from_day, to_day, reason, modified_at) VALUES (?, ?, ?, ?, ?, ?)",
                           [.text(rng.uuid()), .text(habitID), .text(StoreText.day(from)), .text(StoreText.day(to)),
                            .text(index == 8 ? "illness" : "travel"), .text(StoreText.instant((from - 1) * Generator.msPerDay + 20 * 3_600_000))])
            }
            let scheduled = Set(spec.days.split(separator: ",").compactMap { Int($0) })
            let base = 0.55 + rng.unit() * 0.35
            let phase = rng.unit() * 6.28
            for (order, window) in spec.windows.enumerated() {
                let windowID = rng.uuid()
                let target = spec.windows.count > 1 && spec.kind == "counted" ? max(1, spec.target / 2) : spec.target
                try db.run(HabitRecordsSQL.window, [
                    .text(windowID), .text(habitID), .text(window.0), .integer(Int64(window.1)), .integer(Int64(window.2)),
                    .integer(Int64(target)), Generator.optional(spec.effort),
                    window.0.isEmpty ? .null : .integer(Int64(window.1 + 15)), .integer(Int64(order)),
                    .text(StoreText.instant(created)), .text(StoreText.instant(created)),
                ])
                if order == 0, spec.windows.count > 1, !picks.contains(where: { $0.0 == "gridHabitID" }) {
                    picks.append(("gridHabitID", habitID))
                }
                for day in createdDay...today {
                    if pauses.contains(where: { day >= $0.0 && day <= $0.1 }) { continue }
                    let weekday = LocalDay(ordinal: day).weekday.isoNumber
                    var p = min(0.97, max(0.05, base + 0.2 * sin(Double(day) / 37 + phase)))
                    if spec.perWeek > 0 { p *= Double(spec.perWeek) / 7 * 1.2 } else if !scheduled.contains(weekday) { continue }
                    if day == today {
                        guard window.1 < config.nowMinute else { continue }
                        p *= 0.5
                    }
                    try entry(spec: spec, window: windowID, target: target, day: day, range: (window.1, window.2), p: p)
                }
            }
        }
    }

    private func entry(spec: HabitSpec, window: String, target: Int, day: Int, range: (Int, Int), p: Double) throws {
        var amount = 0
        var completed: Int?
        let at = time(on: day, from: range.0, to: range.1)
        switch spec.kind {
        case "avoid":
            if rng.chance(0.12) {
                amount = rng.int(1...3)
            } else if day < today, rng.chance(0.25) {
                completed = time(on: day, from: 21 * 60, to: 23 * 60)
            } else {
                return
            }
        case "binary":
            guard rng.chance(p) else { return }
            if rng.chance(0.01) { amount = 0 } else { amount = 1; completed = at }
        default:
            guard rng.chance(p) else { return }
            let roll = rng.unit()
            if roll < 0.7 { amount = target }
            else if roll < 0.9 { amount = rng.int(1...max(1, target - 1)) }
            else { amount = target + rng.int(1...max(1, target / 3)) }
            if amount >= target { completed = at }
        }
        if spec.kind == "timed", amount > 0 {
            let seconds = amount * 60
            if rng.chance(0.3) {
                try session(task: nil, window: window, start: at, end: at, estimate: nil, outcome: "manual", actualSeconds: seconds)
            } else {
                let start = at - seconds * 1000
                try session(task: nil, window: window, start: max(day * Generator.msPerDay, start), end: at,
                            estimate: target, outcome: "finished", actualSeconds: seconds)
            }
        }
        try db.run(HabitRecordsSQL.entry, [
            .text(rng.uuid()), .text(window), .text(StoreText.day(day)), .integer(Int64(target)), .integer(Int64(amount)),
            Generator.instant(completed), .text(StoreText.instant(completed ?? at)),
        ])
    }

    // MARK: Night planning

    private func addNightPlanning() throws {
        for day in (today - config.historyDays)..<today where rng.chance(0.55) {
            let started = time(on: day, from: 21 * 60, to: 22 * 60 + 30)
            let ended = started + rng.int(3...25) * Generator.msPerMinute
            try db.run("""
                INSERT INTO night_planning (id, date, plan_day, state, started_at, ended_at, modified_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(rng.uuid()), .text(StoreText.day(day)), .text(StoreText.day(day + 1)),
                      .text(rng.chance(0.8) ? "closed" : "skipped"), .text(StoreText.instant(started)),
                      .text(StoreText.instant(ended)), .text(StoreText.instant(ended))])
        }
    }

    /// A JSON summary for bench/run: the clock, row counts, and ids the timed commands act on.
    func summaryJSON() -> String {
        var parts = [
            "\"tasks\": \(config.tasks)", "\"seed\": \(config.seed)",
            "\"today\": \"\(StoreText.day(today))\"", "\"now\": \"\(StoreText.instant(nowMs))\"",
        ]
        parts.append("\"counts\": {" + counts.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        parts += picks.map { "\"\($0.0)\": \"\($0.1)\"" }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// The habit tables' insert statements, column for column as `HabitRecords` writes them.
enum HabitRecordsSQL {
    static let habit = """
        INSERT INTO habits (id, title, notes, preset_key, kind, frequency, scheduled_days, target_per_week, is_archived, \
        group_id, sort_order, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let schedule = """
        INSERT INTO habit_schedules (id, habit_id, from_day, frequency, scheduled_days, target_per_week, modified_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """
    static let window = """
        INSERT INTO habit_windows (id, habit_id, label, start_minute, end_minute, target, effort_minutes, reminder_minute, \
        sort_order, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let entry = """
        INSERT INTO habit_entries (id, window_id, date, target, amount, completed_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        """
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
