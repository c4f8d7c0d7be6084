import CharflowApp
import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// Rule Y-13: three devices, thousands of seeded random actions, random partitions, duplicated and
/// reordered deliveries and skewed clocks, against a real hub; after full sync rounds every store is
/// identical, the habit increments sum to what was done, and no (series, occurrence) repeats.
///
/// Actions run in-process through `CharflowApp` (a `StoreEnvironment` per device, its clock given per
/// call); syncs run the real `charflow sync`. Extra deliveries read operations from the hub and hand
/// them to `OperationMerge.apply` again: from an older cursor, shuffled within a batch, a batch twice.
/// A failure names its seed; `CHARFLOW_SYNC_SEED` and `CHARFLOW_SYNC_STEPS` replay or lengthen a run.
@Suite("Sync convergence (Y-13)", .serialized)
struct SyncConvergenceTests {
    static let zone = TimeZone(identifier: "Europe/London")!
    static let titles = ["Call mum", "Pay rent", "Water plants", "Write report", "Book dentist", "Fix bike",
                         "Read chapter", "Sort receipts", "Plan trip", "Clean desk"]

    /// One device: its store, its clock skew, and what its actions did to the habit increments.
    final class Device {
        let runner: CharflowRunner
        let environment: StoreEnvironment
        /// Seconds this device's clock runs off the shared time (within the 5-minute bound).
        let skew: Int

        init(skew: Int) throws {
            runner = try CharflowRunner(timeZone: SyncConvergenceTests.zone.identifier)
            environment = StoreEnvironment(path: runner.storePath, timeZone: SyncConvergenceTests.zone, localeFirstWeekday: .monday)
            self.skew = skew
        }
    }

    /// The shared time, moving forward; each device reads it through its skew.
    struct Clock {
        var time: Date

        func local(_ device: Device) -> Date { time.addingTimeInterval(TimeInterval(device.skew)) }

        func text(_ device: Device) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = SyncConvergenceTests.zone
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
            return formatter.string(from: local(device))
        }
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["CHARFLOW_SYNC_SEED"].flatMap { UInt64($0) } ?? 20_260_310
    }

    static var steps: Int {
        ProcessInfo.processInfo.environment["CHARFLOW_SYNC_STEPS"].flatMap { Int($0) } ?? 2_400
    }

    @Test("Y-13 Y-3 Y-6 Y-7 Y-8: three devices, random actions, partitions, repeated and reordered deliveries, skewed clocks end identical")
    func randomisedConvergence() throws {
        let seed = Self.seed
        var random = SeededRandom(seed: seed)
        let hub = try PostgresHub()
        let devices = try [Device(skew: 0), Device(skew: -170), Device(skew: 230)]
        var clock = Clock(time: Self.start)
        // Each increment row the actions left, by id: the step and action that last wrote it, its day, its amount.
        var made: [String: (step: Int, action: String, day: String, amount: Int)?] = [:]
        var unexpected: [String] = []
        var tally: [String: Int] = [:]

        // A shared start: habits and repeating tasks every device has, so the devices contend for them.
        let first = devices[0]
        let app = try first.environment.open(now: clock.local(first))
        _ = try app.addHabit(AddHabit.Input(title: "Water", kind: .counted, target: 6))
        _ = try app.addHabit(AddHabit.Input(title: "Pushups", kind: .counted, target: 20))
        _ = try app.addHabit(AddHabit.Input(title: "Read", kind: .timed, target: 30))
        for (title, rule) in [("Take vitamins", "daily"), ("Weekly review", "weekly"), ("Stretch", "daily")] {
            var input = AddTask.Input(title: title)
            input.repeat = try RepeatChoice.reading(rule)
            input.due = .today
            input.region = .morning
            _ = try app.addTask(input)
        }
        expectTrue(try hub.initHub(first, clock))
        for device in devices { try sync(device, hub, clock) }

        for step in 0..<Self.steps {
            clock.time.addTimeInterval(TimeInterval(random.int(1...25) * 60))
            let deviceIndex = random.int(0...2)
            let device = devices[deviceIndex]
            let roll = random.int(0...99)
            var what = "partition"
            if roll < 12 {
                // A partition: some devices sync, in a random order.
                for index in [0, 1, 2].shuffled(using: &random) where random.int(0...1) == 1 {
                    try sync(devices[index], hub, clock)
                    tally["sync", default: 0] += 1
                }
            } else if roll < 16 {
                try redeliver(to: device, hub, clock, &random)
                tally["redeliver", default: 0] += 1
                what = "redeliver to device \(deviceIndex)"
            } else {
                let before = try increments(device)
                let name = try act(device, clock, &random, &unexpected)
                tally[name, default: 0] += 1
                what = "\(name) on device \(deviceIndex)"
                let after = try increments(device)
                for id in Set(before.keys).union(after.keys) where before[id]?.amount != after[id]?.amount {
                    made[id] = after[id].map { (step, name, $0.day, $0.amount) }
                }
            }
            // A task's deferral count is its number of records on every device after every step (rule Y-18).
            for (index, device) in devices.enumerated() {
                for row in try Database(path: device.runner.storePath, readOnly: true).rows("""
                    SELECT t.id, t.deferral_count, count(d.id) FROM tasks t JOIN deferrals d ON d.task_id = t.id
                    GROUP BY t.id HAVING count(d.id) != t.deferral_count
                    """) {
                    unexpected.append("step \(step) (\(what)): device \(index) counts \(row[1].int ?? -1) deferrals of \(row[0].text ?? "") with \(row[2].int ?? -1) records")
                }
            }
            if step % 500 == 499 { try #require(unexpected.isEmpty, "seed \(seed): \(unexpected.prefix(5))") }
        }

        // Full sync rounds until a whole round moves nothing; every device at the same moment.
        clock.time.addTimeInterval(3600)
        var rounds = 0
        while rounds < 8 {
            rounds += 1
            var moved = 0
            for device in devices {
                let report = try sync(device, hub, clock)
                moved += (report["pushed"] as? Int ?? 0) + (report["pulled"] as? Int ?? 0)
            }
            if moved == 0 { break }
        }
        expectTrue(rounds < 8, "seed \(seed): the devices kept exchanging changes")
        expectEmpty(unexpected, "seed \(seed): \(unexpected.prefix(5))")

        let reference = try devices[0].runner.syncedRecords(eachRemovalOnce: true)
        let exported = try export(devices[0], clock)
        for device in devices.dropFirst() {
            let mine = try device.runner.syncedRecords(eachRemovalOnce: true)
            if mine != reference {
                let difference = zip(reference.split(separator: "\n"), mine.split(separator: "\n")).first { $0 != $1 }
                Issue.record("seed \(seed): stores differ, first at \(String(describing: difference))\n\(try explain(difference?.0, devices, hub))")
            }
            try expectEqual(export(device, clock), exported, "seed \(seed): exports differ")
        }
        var expected: [String: Int] = [:]
        for case let (_, row?) in made { expected[row.day, default: 0] += row.amount }
        for device in devices {
            let held = try increments(device)
            for (id, row) in made where held[id]?.amount != row?.amount {
                Issue.record("seed \(seed): increment \(id) is \(String(describing: held[id])) here, the actions left \(String(describing: row))")
            }
            for (id, row) in held where made[id] == nil {
                Issue.record("seed \(seed): increment \(id) \(row) was made by no action")
            }
            let db = try Database(path: device.runner.storePath)
            // Each day's amount is the sum of its increments, and that sum is what the actions did.
            // A timed day's amount is its closed sessions' minutes.
            for row in try db.rows("""
                SELECT e.window_id || '|' || e.date, e.amount, (SELECT coalesce(sum(actual_seconds), 0) FROM sessions s
                WHERE s.habit_window_id = e.window_id AND s.day = e.date AND s.ended_at IS NOT NULL)
                FROM habit_entries e JOIN habit_windows w ON w.id = e.window_id JOIN habits h ON h.id = w.habit_id
                WHERE h.kind = 'timed'
                """) {
                let seconds = row[2].int ?? 0
                expectEqual(row[1].int, Int((Double(seconds) / 60).rounded(.toNearestOrAwayFromZero)), "seed \(seed): timed day \(row[0]) shows \(row[1]) for \(seconds) s")
            }
            for row in try db.rows("""
                SELECT e.window_id || '|' || e.date, e.amount, (SELECT coalesce(sum(amount), 0) FROM habit_increments i
                WHERE i.window_id = e.window_id AND i.date = e.date) FROM habit_entries e
                JOIN habit_windows w ON w.id = e.window_id JOIN habits h ON h.id = w.habit_id WHERE h.kind = 'counted'
                """) {
                let day = row[0].text ?? ""
                expectEqual(row[1].int, row[2].int, "seed \(seed): \(day) shows \(row[1]) of increments summing to \(row[2])")
                expectEqual(row[2].int, expected[day] ?? 0, "seed \(seed): \(day) sums to \(row[2]), the actions made \(expected[day] ?? 0)")
            }
            // One instance per (series, occurrence) (D19): two due the same day are fine when one was moved there.
            let repeats = try db.rows("""
                SELECT series_id, occurrence_day FROM tasks WHERE series_id IS NOT NULL AND occurrence_day IS NOT NULL
                AND due_date IS NOT NULL GROUP BY series_id, occurrence_day HAVING count(*) > 1
                """)
            expectEmpty(repeats, "seed \(seed): (series, occurrence) repeats: \(repeats)")
            expectTrue(try db.scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int ?? 0 <= 1)
        }
        // The run exercised what it claims to.
        for name in ["sync", "redeliver", "add", "title", "drop", "purge", "complete", "habit", "timed", "begin", "undo"] {
            expectTrue(tally[name, default: 0] > 0, "seed \(seed): no \(name) in \(tally)")
        }
        expectTrue(expected.values.contains { $0 > 0 })
    }

    static let start: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 2, day: 2, hour: 7))!
    }()

    // MARK: Actions

    /// One random action on `device` through the application layer; a refusal (the task is gone, the
    /// region is full) is part of the game, anything else is recorded as unexpected. Returns its name.
    func act(_ device: Device, _ clock: Clock, _ random: inout SeededRandom, _ unexpected: inout [String]) throws -> String {
        let app = try device.environment.open(now: clock.local(device))
        let ids = try Database(path: device.runner.storePath)
            .rows("SELECT id FROM tasks WHERE completed_at IS NULL AND dropped_at IS NULL ORDER BY id").compactMap { $0[0].text }
        let task = ids.isEmpty ? "none" : ids[random.int(0...(ids.count - 1))]
        let title = Self.titles[random.int(0...(Self.titles.count - 1))]
        let region = ["morning", "afternoon", "evening"][random.int(0...2)]
        let roll = random.int(0...99)
        let name: String
        do {
            switch roll {
            case 0..<14:
                name = "add"
                var input = AddTask.Input(title: title)
                if random.int(0...2) != 0 { input.region = try Region.reading(region) }
                if random.int(0...1) == 0 { input.bucket = try Bucket.reading(["must", "complementary", "misc"][random.int(0...2)]) }
                if random.int(0...5) == 0 { input.repeat = RepeatChoice(kind: .daily); input.due = .today }
                _ = try app.addTask(input)
            case 14..<28:
                name = "title"
                var edit = EditTask.Input(task: try TaskRef.reading(task))
                edit.title = title + " \(random.int(1...9))"
                _ = try app.editTask(edit)
            case 28..<34:
                name = "notes"
                var edit = EditTask.Input(task: try TaskRef.reading(task))
                edit.notes = "note \(random.int(1...99))"
                _ = try app.editTask(edit)
            case 34..<40:
                name = "move"
                _ = try app.moveTask(MoveTask.Input(task: try TaskRef.reading(task),
                                                    to: .board(region: try Region.reading(region), bucket: nil, day: nil)))
            case 40..<45:
                name = "drop"
                _ = try app.dropTask(DropTask.Input(task: try TaskRef.reading(task)))
            case 45..<47:
                name = "purge"
                _ = try app.purgeTask(PurgeTask.Input(task: try TaskRef.reading(task)))
            case 47..<58:
                name = "complete"
                _ = try app.completeTask(CompleteTask.Input(task: try TaskRef.reading(task)))
            case 58..<70:
                name = "habit"
                let habit = random.int(0...1) == 0 ? "Water" : "Pushups"
                let input = try random.int(0...3) == 0
                    ? LogHabit.Input(habit: HabitRef.reading(habit), log: .undo)
                    : LogHabit.Input(habit: HabitRef.reading(habit), log: .count(random.int(1...4)))
                _ = try app.logHabit(input)
            case 70..<76:
                name = "timed"
                let input = try random.int(0...3) == 0
                    ? LogHabit.Input(habit: HabitRef.reading("Read"), log: .undo)
                    : LogHabit.Input(habit: HabitRef.reading("Read"), log: .minutes(random.int(1...20)))
                _ = try app.logHabit(input)
            case 76..<84:
                name = "begin"
                _ = try app.beginSession(BeginSession.Input(task: try TaskRef.reading(task), settle: .stop))
            case 84..<90:
                name = "finish"
                _ = try app.finishSession(FinishSession.Input(random.int(0...1) == 0 ? .done : .stop))
            case 90..<95:
                name = "defer"
                _ = try app.deferTask(DeferTask.Input(task: try TaskRef.reading(task)))
            default:
                name = "undo"
                _ = try app.undo(UndoAction.Input())
            }
        } catch is PlannerError {
            return "refused"
        } catch is UsageRefusal {
            return "refused"
        } catch {
            unexpected.append("\(error)")
            return "failed"
        }
        return name
    }

    /// The increment rows of `device`, by id: their day and amount.
    func increments(_ device: Device) throws -> [String: (day: String, amount: Int)] {
        var rows: [String: (day: String, amount: Int)] = [:]
        for row in try Database(path: device.runner.storePath)
            .rows("SELECT id, window_id || '|' || date, amount FROM habit_increments") {
            rows[row[0].text ?? ""] = (row[1].text ?? "", row[2].int ?? 0)
        }
        return rows
    }

    /// What each device and the hub hold of the row a difference starts at (its id is the row's first
    /// value): the notes, their clocks and bases, the line changes merged, and the hub's log and state.
    func explain(_ row: Substring?, _ devices: [Device], _ hub: PostgresHub) throws -> String {
        guard let row, let start = row.range(of: "text(\""), let end = row[start.upperBound...].range(of: "\")") else { return "" }
        let id = String(row[start.upperBound..<end.lowerBound])
        var lines: [String] = []
        for (index, device) in devices.enumerated() {
            let db = try Database(path: device.runner.storePath, readOnly: true)
            let notes = try db.scalar("SELECT json_quote(notes) FROM tasks WHERE id = ?", [.text(id)])?.text ?? "-"
            let clocks = try OperationLog.fieldClocks(table: "tasks", id: id, db).filter { $0.key == "notes" }
            let bases = try db.rows("SELECT field, value FROM sync_bases WHERE row_id = ?", [.text(id)]).map { "\($0[0].text ?? "") \($0[1].text ?? "")" }
            let merged = try db.rows("SELECT field, hlc FROM sync_line_changes WHERE row_id = ? ORDER BY hlc", [.text(id)]).map { "\($0[0].text ?? "") \($0[1].text ?? "")" }
            lines.append("device \(index) \(try OperationLog.state(db)?.deviceID ?? ""): notes \(notes) clock \(clocks) bases \(bases) merged \(merged)")
            let counted = try db.scalar("SELECT deferral_count FROM tasks WHERE id = ?", [.text(id)])?.int ?? -1
            let countClock = try OperationLog.fieldClocks(table: "tasks", id: id, db)["deferral_count"] ?? "-"
            let records = try db.rows("SELECT id, deferred_on, day, deferred_to FROM deferrals WHERE task_id = ? ORDER BY id", [.text(id)])
                .map { $0.map { $0.text ?? "null" }.joined(separator: " ") }
            lines.append("  deferral_count \(counted) clock \(countClock) records \(records)")
        }
        lines.append("hub state: " + (try hub.rows("SELECT field, hlc, value FROM hub_fields WHERE row_id = '\(id)' AND field LIKE 'notes%'").joined(separator: " ; ")))
        lines.append("hub log: " + (try hub.rows("SELECT hub_seq, device_id, field, hlc, value FROM hub_operations WHERE row_id = '\(id)' AND field LIKE 'notes%' ORDER BY hub_seq").joined(separator: " ; ")))
        lines.append("hub count log: " + (try hub.rows("SELECT hub_seq, device_id, field, hlc, value FROM hub_operations WHERE row_id = '\(id)' AND field IN ('deferral_count', '_deleted') ORDER BY hub_seq").joined(separator: " ; ")))
        lines.append("hub deferrals: " + (try hub.rows("SELECT hub_seq, device_id, row_id, field, hlc, value FROM hub_operations WHERE table_name = 'deferrals' AND (value LIKE '%\(id)%' OR row_id IN (SELECT row_id FROM hub_operations WHERE table_name = 'deferrals' AND value LIKE '%\(id)%')) ORDER BY hub_seq").joined(separator: " ; ")))
        return lines.joined(separator: "\n")
    }

    // MARK: Syncing and delivering

    /// `charflow sync` on `device` at the shared time, which must succeed; its JSON report.
    @discardableResult
    func sync(_ device: Device, _ hub: PostgresHub, _ clock: Clock) throws -> [String: Any] {
        let result = try device.runner.run(["sync", "--hub", hub.url, "--json"], now: clock.text(device))
        try #require(result.status == 0, "sync failed: \(result.stderr) \(result.stdout)")
        return try result.json()
    }

    /// Hands `device` operations it already had again: from an older cursor up to its own, shuffled
    /// within each batch, one batch twice. Nothing may change by it.
    func redeliver(to device: Device, _ hub: PostgresHub, _ clock: Clock, _ random: inout SeededRandom) throws {
        let db = try Database(path: device.runner.storePath)
        guard let state = try OperationLog.state(db), state.cursor > 0 else { return }
        let from = Int64(random.int(0...Int(state.cursor - 1)))
        let text = try hub.rows("""
            SELECT coalesce(json_agg(json_build_object('h', hlc, 't', table_name, 'r', row_id, 'f', field, 'v', value)
            ORDER BY hub_seq)::text, '[]') FROM hub_operations
            WHERE hub_seq > \(from) AND hub_seq <= \(state.cursor) AND device_id <> '\(state.deviceID)'
            """).joined(separator: "\n")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])
        var operations = objects.map {
            RemoteOperation(hlc: $0["h"] ?? "", table: $0["t"] ?? "", rowID: $0["r"] ?? "", field: $0["f"] ?? "", value: $0["v"] ?? "null")
        }
        guard !operations.isEmpty else { return }
        let before = try device.runner.syncedRecords(eachRemovalOnce: true)
        operations.shuffle(using: &random)
        let now = Instant.storageText(clock.local(device))
        let size = random.int(1...max(1, operations.count))
        var start = 0
        while start < operations.count {
            let batch = Array(operations[start..<min(start + size, operations.count)])
            try OperationMerge.apply(batch, cursor: state.cursor, now: now, db)
            if random.int(0...3) == 0 { try OperationMerge.apply(batch, cursor: state.cursor, now: now, db) }
            start += size
        }
        let after = try device.runner.syncedRecords(eachRemovalOnce: true)
        expectEqual(after, before, "a repeated delivery changed the store")
    }

    // MARK: Comparing

    /// `charflow export` of a store without what stays per device: settings, the nudge log, and when
    /// each tombstone was learned.
    func export(_ device: Device, _ clock: Clock) throws -> String {
        let result = try device.runner.run(["export"], now: clock.text(device))
        try #require(result.status == 0, "export failed: \(result.stderr)")
        var document = try result.json()
        var tables = document["tables"] as? [String: Any] ?? [:]
        tables["settings"] = nil
        tables["nudge_log"] = nil
        let tombstones = (tables["tombstones"] as? [[String: Any]] ?? []).map { "\($0["table_name"] ?? "")|\($0["id"] ?? "")" }
        tables["tombstones"] = Array(Set(tombstones)).sorted()
        document["tables"] = tables
        document["exported_at"] = nil
        // Each device signs the clocks it stamped; what the clocks say is compared through the stores.
        document["fieldClocks"] = nil
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

extension PostgresHub {
    /// `hub init` from `device`'s store at the shared time.
    func initHub(_ device: SyncConvergenceTests.Device, _ clock: SyncConvergenceTests.Clock) throws -> Bool {
        try device.runner.run(["hub", "init", url], now: clock.text(device)).status == 0
    }
}
