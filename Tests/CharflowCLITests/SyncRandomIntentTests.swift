import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Three devices through a real PostgreSQL hub, many short seeded runs of what people do to a task, a
/// daily repeating task and a habit — note lines (some undone at once), ticks, deferrals, completing
/// the repeat, importing one backup, a purge with late notes on the purged task — with syncs in random
/// order, checked against a reference of what the people did (spec D19, issue 39): no line lost,
/// doubled or brought back after its undo, every tick kept, one deferral a day carrying the later
/// choice, the repeat completed once with one next instance, the imported task once, the purged text
/// in no file of any device nor on the hub, every store equal.
///
/// Each run stays within one logical day (rollover at 04:00) that crosses its zone's change of clocks
/// (Berlin from Monday on 28–29 March, New York from Sunday on 7–8 March). A failure names its seed;
/// `CHARFLOW_INTENT_SEEDS` sets how many runs (100 by default: a run costs 0.6 s of CPU, and the
/// suite's time is its CPU on two cores; run 600 before a change to merging lands) and
/// `CHARFLOW_INTENT_SEED` replays one.
///
/// The runs are dealt to four test cases that go at once: a run waits on the hub most of its time, so one
/// after another they left the machine idle for minutes at the end of the suite.
@Suite("Sync keeps what three people did, over many seeded runs")
struct SyncRandomIntentTests {
    /// How many shares the seeds are dealt into, each a test case of its own.
    static let shares = 4

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["CHARFLOW_INTENT_SEED"].flatMap({ UInt64($0) }) { return [one] }
        let count = environment["CHARFLOW_INTENT_SEEDS"].flatMap { Int($0) } ?? 100
        return (0..<UInt64(max(1, count))).map { 39_000 + $0 }
    }

    /// One zone's run: when it starts (late in the evening, so its three hours cross the change of clocks
    /// before the 04:00 rollover) and its first weekday.
    struct Place {
        let zone: String
        let start: String
        let firstWeekday: String
    }

    static let places = [Place(zone: "Europe/Berlin", start: "2026-03-28T22:00:00Z", firstWeekday: "monday"),
                         Place(zone: "America/New_York", start: "2026-03-08T04:30:00Z", firstWeekday: "sunday")]

    /// What the people did, which every store must show in the end.
    struct Reference {
        var lines: [String] = []
        /// Lines written and undone at once, which no store may show.
        var undone: [String] = []
        /// Whether someone completed the repeating task's first instance.
        var repeatDone = false
        /// Whether someone imported the backup.
        var imported = false
        var ticked = false
        var deferredTo: String?
        var purged = false
        var secrets: [String] = []
    }

    @Test("Y-17 Y-18 Y-20 Y-25 Y-27 D19: three devices, note lines, undos, ticks, deferrals, a repeat, an import and a purge in random order over seeded runs end as the people meant",
          arguments: 0..<shares)
    func seededRuns(share: Int) throws {
        // A hub of its own for each run: a device's clock moves past every clock it receives, so runs
        // sharing a hub would order one run's changes by another's clocks, not by when people made them.
        for (index, seed) in Self.seeds.enumerated() where index % Self.shares == share {
            try run(seed: seed, hub: try PostgresHub.initialised(at: "2026-03-01T07:00"))
        }
    }

    /// One seeded run over `hub`, with three new devices and a task, a task to purge and a habit of its own.
    func run(seed: UInt64, hub: PostgresHub) throws {
        var random = SeededRandom(seed: seed)
        let place = Self.places[Int(seed % UInt64(Self.places.count))]
        let devices = try (0..<3).map { _ in try CharflowRunner(timeZone: place.zone) }
        defer { devices.forEach { $0.removeFolder() } }
        var instant = try #require(ISO8601DateFormatter().date(from: place.start))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: place.zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        func now() -> String { formatter.string(from: instant) }
        func tick(minutes: Double = 6) { instant.addTimeInterval(minutes * 60) }
        let day = String(now().prefix(10))
        let context = "seed \(seed) (\(place.zone))"

        var reference = Reference()
        let secret = "Zqx\(seed)purge"
        reference.secrets.append(secret)
        let first = devices[0]
        try first.ok(["settings", "first-weekday", place.firstWeekday], now: now())
        try first.ok(["settings", "rollover-time", "04:00"], now: now())
        let task = try first.add("Plan the trip \(seed)", ["--region", "evening"], now: now())
        let doomed = try first.add("Old plan \(seed)", ["--notes", secret, "--region", "evening"], now: now())
        let habit = try first.addHabit("Stretch \(seed)", [], now: now())
        let series = try first.add("Water the plants \(seed)", ["--repeat", "daily", "--due", "today", "--region", "morning"], now: now())
        // A backup of another store, with one task, that any device may import (more than one may).
        let source = try CharflowRunner(timeZone: place.zone)
        defer { source.removeFolder() }
        let importedTitle = "Imported \(seed)"
        try source.add(importedTitle, ["--notes", "from the old laptop"], now: now())
        let backup = source.folder.appendingPathComponent("backup.json").path
        try source.ok(["export", "--out", backup], now: now())
        for device in devices {
            tick()
            try device.syncJSON(hub, now: now())
        }
        // What happened, told when a check fails.
        var story: [String] = []
        for step in 0..<20 {
            tick()
            let index = Int.random(in: 0..<3, using: &random)
            let device = devices[index]
            let roll = Int.random(in: 0..<100, using: &random)
            story.append("\(now()) device \(index) roll \(roll)")
            switch roll {
            case 0..<27:
                let line = "s\(seed) step \(step) on \(index)"
                try device.ok(["note", task, line], now: now())
                reference.lines.append(line)
            case 27..<31:
                // A line written and taken back at once, before any sync.
                let line = "s\(seed) step \(step) on \(index) undone"
                try device.ok(["note", task, line], now: now())
                try device.ok(["undo"], now: now())
                reference.undone.append(line)
            case 31..<35:
                // The first instance is due today; a device that shows it open completes it.
                if let open = try instances(device, series).first(where: { !$0.done && $0.due == day }) {
                    try device.ok(["done", open.id], now: now())
                    reference.repeatDone = true
                } else {
                    try device.ok(["import", backup], now: now())
                    reference.imported = true
                }
            case 35..<47:
                // A tick where this device does not show the day done yet (a second tick would untick).
                if try amount(device, habit, day) == 0 {
                    try device.ok(["habit", "log", habit], now: now())
                    reference.ticked = true
                }
            case 47..<57:
                // Always later than any day the task is due on: a deferral moves it to a later day.
                let target = "2026-04-\(10 + step)"
                try device.ok(["defer", task, "--to", target], now: now())
                reference.deferredTo = target
            case 57..<63:
                if !reference.purged, try device.holdsTask(doomed) {
                    try device.ok(["purge", doomed], now: now())
                    reference.purged = true
                }
            case 63..<70:
                // A late note on the task to be purged, by a device that has not heard of the purge.
                if try device.holdsTask(doomed) {
                    let late = "Zqx\(seed)late\(step)"
                    try device.ok(["note", doomed, late], now: now())
                    reference.secrets.append(late)
                }
            default:
                try device.syncJSON(hub, now: now())
            }
        }
        // Whoever had not purged it yet does so at the end, so the check is the same in every run.
        if !reference.purged {
            tick()
            try devices[0].ok(["purge", doomed], now: now())
            reference.purged = true
        }
        // Everyone syncs until a whole round receives nothing: a merge of lines another device has not
        // seen is sent on as a change of its own, so the last word can take a round more.
        var quiet = false
        var rounds = 0
        while !quiet, rounds < 6 {
            rounds += 1
            quiet = true
            // A minute between these syncs, so that the rounds end before the 04:00 rollover, which
            // would defer the task and send more.
            for device in devices {
                tick(minutes: 1)
                let report = try device.syncJSON(hub, now: now())
                let pulled = report["pulled"] as? Int ?? 0, pushed = report["pushed"] as? Int ?? 0
                story.append("\(now()) device \(devices.firstIndex { $0.folder == device.folder } ?? -1) synced: pulled \(pulled), pushed \(pushed)")
                if pulled > 0 || pushed > 0 { quiet = false }
            }
        }
        expectTrue(quiet, "\(context): the devices kept exchanging changes; \(story)")
        tick()
        let records = try devices.map { try $0.syncedRecords(eachRemovalOnce: true) }
        if Set(records).count != 1 {
            let lines = records.map { $0.split(separator: "\n") }
            let first = lines[0]
            let differing = lines.dropFirst().flatMap { other in Set(other).symmetricDifference(Set(first)) }
            Issue.record("\(context): the stores differ: \(differing.prefix(6))")
            for device in devices {
                Issue.record("\(context): \(String(describing: try device.json(["show", task], now: now())["notes"]))")
            }
        }
        for (index, device) in devices.enumerated() {
            let shown = try device.json(["show", task], now: now())
            // Each line as written, without the time `note` puts before it.
            let lines = ((shown["notes"] as? String) ?? "").split(separator: "\n").map { line in
                line.range(of: " — ").map { String(line[$0.upperBound...]) } ?? String(line)
            }
            expectEqual(lines.sorted(), reference.lines.sorted(), "\(context): device \(index) holds \(lines), the people wrote \(reference.lines) and undid \(reference.undone); \(story)")
            let held = try instances(device, series)
            let expected: [Instance] = reference.repeatDone
                ? [Instance(id: "", due: day, done: true), Instance(id: "", due: try nextDay(day), done: false)]
                : [Instance(id: "", due: day, done: false)]
            expectEqual(held.map { [$0.due, "\($0.done)"] }, expected.map { [$0.due, "\($0.done)"] }, "\(context): device \(index) holds the repeat as \(held); completed: \(reference.repeatDone)")
            let importedCount = try Database(path: device.storePath, readOnly: true)
                .scalar("SELECT count(*) FROM tasks WHERE title = ?", [.text(importedTitle)])?.int ?? -1
            #expect(importedCount == (reference.imported ? 1 : 0), "\(context): device \(index) holds the imported task \(importedCount) times")
            let deferrals = (shown["deferrals"] as? [[String: Any]]) ?? []
            #expect(deferrals.count == (reference.deferredTo == nil ? 0 : 1), "\(context): device \(index) \(deferrals)")
            expectEqual(shown["deferralCount"] as? Int, deferrals.count, "\(context): device \(index)")
            if let target = reference.deferredTo {
                expectEqual(shown["dueDate"] as? String, target, "\(context): device \(index) is due \(String(describing: shown["dueDate"])), the last deferral chose \(target); \(story)")
            }
            #expect(try amount(device, habit, day) == (reference.ticked ? 1 : 0), "\(context): device \(index)")
            expectTrue(try !device.holdsTask(doomed), "\(context): device \(index) still holds the purged task")
            let left = SyncPrivacyTests.storeBytesHold(device, reference.secrets)
            expectEmpty(left, "\(context): device \(index) keeps \(left)")
        }
        let like = reference.secrets.map { "value LIKE '%\($0)%'" }.joined(separator: " OR ")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations WHERE \(like)"), "0", "\(context): the hub's log keeps purged text")
        try expectEqual(hub.value("SELECT count(*) FROM hub_fields WHERE \(like)"), "0", "\(context): the hub's state keeps purged text")
    }

    /// One task of a repeating series as a device holds it.
    struct Instance: Equatable, CustomStringConvertible {
        let id: String
        let due: String
        let done: Bool
        var description: String { "\(due)\(done ? " done" : "")" }
    }

    /// The instances of the series that `first` began, as `device` holds them, by due day.
    func instances(_ device: CharflowRunner, _ first: String) throws -> [Instance] {
        let db = try Database(path: device.storePath, readOnly: true)
        let rows = try db.rows("""
            SELECT id, coalesce(due_date, ''), is_completed FROM tasks
            WHERE series_id = (SELECT series_id FROM tasks WHERE id = ?) AND dropped_at IS NULL ORDER BY due_date, is_completed DESC
            """, [.text(first)])
        return rows.map { Instance(id: $0[0].text ?? "", due: $0[1].text ?? "", done: $0[2].int == 1) }
    }

    /// The day after `day` (`YYYY-MM-DD`), by the calendar.
    func nextDay(_ day: String) throws -> String {
        try #require(LocalDay(day)).adding(days: 1).description
    }

    /// The habit's amount on `day` as `device` holds it (0 when the day has no entry).
    func amount(_ device: CharflowRunner, _ habit: String, _ day: String) throws -> Int {
        let db = try Database(path: device.storePath, readOnly: true)
        return try db.scalar("""
            SELECT coalesce(max(e.amount), 0) FROM habit_entries e JOIN habit_windows w ON w.id = e.window_id
            WHERE w.habit_id = ? AND e.date = ?
            """, [.text(habit), .text(day)])?.int ?? 0
    }
}
