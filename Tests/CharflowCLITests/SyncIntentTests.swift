import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Rule D19 as a whole: three devices act at random against a real hub, with partitions, restores from
/// file copies, a device replaced by a fresh store restored from its export, a lost hub rebuilt from
/// the devices, and skewed clocks. After full sync rounds every store is identical, and every action's
/// effect that no later action undid is still there.
///
/// A reference model decides what must survive. Each action that leaves a mark (a task added, a note
/// line, a completion or drop, a deferral record, a counted habit log) is a fact, and the model tracks
/// who holds it: the device that made it; the hub once that device syncs; every device that syncs
/// after. A restore puts back what the copy held, so a fact only the restored device held is lost
/// legitimately; a lost hub drops what it held, and `hub switch` sends back whatever each device holds.
/// At the end a fact someone still held must be in every store, unless a purge that survived removed
/// its task. A failure names its seed; `CHARFLOW_SYNC_SEED` and `CHARFLOW_INTENT_STEPS` replay or
/// lengthen a run.
@Suite("Sync intent (D19)", .serialized)
struct SyncIntentTests {
    /// A zone with a DST change inside the run (8 March 2026), and weeks starting on Sunday.
    static let zone = TimeZone(identifier: "America/New_York")!

    static let start: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 3, day: 5, hour: 7))!
    }()

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["CHARFLOW_SYNC_SEED"].flatMap { UInt64($0) } ?? 20_261_201
    }

    static var steps: Int {
        ProcessInfo.processInfo.environment["CHARFLOW_INTENT_STEPS"].flatMap { Int($0) } ?? 1_500
    }

    /// Who holds a fact: a device (by index) or the hub.
    enum Holder: Hashable {
        case device(Int)
        case hub
    }

    /// What one action left that must still be there at the end.
    enum Mark: Hashable, CustomStringConvertible {
        /// The task exists.
        case task(String)
        /// The task's notes hold this line.
        case noteLine(task: String, token: String)
        /// The task is done or dropped, not open.
        case closed(String)
        /// The deferral record exists.
        case deferral(task: String, record: String)
        /// A counted log of Water, by this amount, on some day.
        case water(Int)

        var task: String? {
            switch self {
            case .task(let id), .closed(let id): return id
            case .noteLine(let id, _), .deferral(let id, _): return id
            case .water: return nil
            }
        }

        var description: String {
            switch self {
            case .task(let id): return "task \(id.prefix(8))"
            case .noteLine(let id, let token): return "note line \(token) of \(id.prefix(8))"
            case .closed(let id): return "\(id.prefix(8)) closed"
            case .deferral(let id, let record): return "deferral \(record.prefix(8)) of \(id.prefix(8))"
            case .water(let amount): return "Water +\(amount)"
            }
        }
    }

    struct Fact {
        let step: Int
        let device: Int
        let mark: Mark
        var holders: Set<Holder>
        /// Undone on purpose by a later action on the device that held it (a refined deferral).
        var superseded = false
    }

    /// One device: its runner (its store and home), its clock skew, and the copies made of it.
    final class Device {
        var runner: CharflowRunner
        var environment: StoreEnvironment
        let skew: Int
        /// A file copy of the store and the facts it held then.
        var copy: (path: String, held: Set<Int>)?
        /// Whether a sync since the copy pushed something (and so left a mark the copy does not know).
        var pushedSinceCopy = false
        /// An export of the store and the facts it held then.
        var export: (path: String, held: Set<Int>)?

        init(skew: Int) throws {
            runner = try CharflowRunner(timeZone: SyncIntentTests.zone.identifier)
            environment = SyncIntentTests.environment(runner)
            self.skew = skew
        }
    }

    static func environment(_ runner: CharflowRunner) -> StoreEnvironment {
        StoreEnvironment(path: runner.storePath, timeZone: zone, localeFirstWeekday: .sunday)
    }

    /// The model: every fact and, per device, which it made.
    struct Model {
        var facts: [Fact] = []
        /// Tasks a purge removed, with the purge's own holders (a lost purge removes nothing).
        var purges: [(task: String, holders: Set<Holder>)] = []

        mutating func made(_ mark: Mark, on device: Int, at step: Int) {
            facts.append(Fact(step: step, device: device, mark: mark, holders: [.device(device)]))
        }

        /// Facts `device` holds now, by index.
        func held(by device: Int) -> Set<Int> {
            Set(facts.indices.filter { facts[$0].holders.contains(.device(device)) })
        }

        /// A sync of `device`: the hub takes what it holds, then it takes what the hub holds.
        mutating func synced(_ device: Int) {
            for index in facts.indices where facts[index].holders.contains(.device(device)) {
                facts[index].holders.insert(.hub)
            }
            for index in facts.indices where facts[index].holders.contains(.hub) {
                facts[index].holders.insert(.device(device))
            }
            for index in purges.indices where purges[index].holders.contains(.device(device)) {
                purges[index].holders.insert(.hub)
            }
            for index in purges.indices where purges[index].holders.contains(.hub) {
                purges[index].holders.insert(.device(device))
            }
        }

        /// `device`'s store put back as it was when it held `held` (and the purges it held then).
        mutating func restored(_ device: Int, held: Set<Int>, purgesHeld: Set<Int>) {
            for index in facts.indices {
                if held.contains(index) { facts[index].holders.insert(.device(device)) } else { facts[index].holders.remove(.device(device)) }
            }
            for index in purges.indices {
                if purgesHeld.contains(index) { purges[index].holders.insert(.device(device)) } else { purges[index].holders.remove(.device(device)) }
            }
        }

        mutating func hubLost() {
            for index in facts.indices { facts[index].holders.remove(.hub) }
            for index in purges.indices { purges[index].holders.remove(.hub) }
        }

        func purgesHeld(by device: Int) -> Set<Int> {
            Set(purges.indices.filter { purges[$0].holders.contains(.device(device)) })
        }
    }

    @Test("D19 Y-14 Y-15 Y-16 Y-17 Y-18 Y-19: three devices, partitions, restores from copies and exports, a lost hub rebuilt, skewed clocks: every action's effect survives")
    func everyActionSurvives() throws {
        let seed = Self.seed
        var random = SeededRandom(seed: seed)
        var hub = try PostgresHub.initialised(at: "2026-03-05T06:00")
        var devices = try [Device(skew: 0), Device(skew: -140), Device(skew: 210)]
        var time = Self.start
        var model = Model()
        // Purges held by each copy or export, by the device's index, alongside the facts.
        var copyPurges: [Int: Set<Int>] = [:], exportPurges: [Int: Set<Int>] = [:]
        var unexpected: [String] = []
        /// The steps of copies, restores, replacements and hub losses, for a failure's message.
        var events: [String] = []
        var syncLog: [String] = []
        var tally: [String: Int] = [:]

        func text(_ device: Device) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = Self.zone
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
            return formatter.string(from: time.addingTimeInterval(TimeInterval(device.skew)))
        }

        func sync(_ index: Int) throws -> [String: Any] {
            let device = devices[index]
            let result = try device.runner.run(["sync", "--json"], now: text(device))
            try #require(result.status == 0, "seed \(seed): sync failed: \(result.stderr) \(result.stdout)")
            model.synced(index)
            let report = try result.json()
            // Read without writing, so the test's own reads fold no log into the store.
            let db = try Database(path: device.runner.storePath, readOnly: true)
            try db.keepWALOnClose()
            let cursor = try db.scalar("SELECT hub_cursor FROM sync_state")?.int ?? -1
            let aside = try db.scalar("SELECT count(*) FROM sync_set_aside")?.int ?? -1
            syncLog.append("\(text(device)) dev\(index) pushed \(report["pushed"] ?? "?") pulled \(report["pulled"] ?? "?") snap \(report["fromSnapshot"] ?? "?") cursor \(cursor) aside \(aside)")
            let gone = try missing(index, in: db)
            if let lostFact = model.facts.first(where: { fact in gone.contains { $0.hasPrefix("step \(fact.step) ") } }),
               let task = lostFact.mark.task {
                let record: String? = if case .deferral(_, let record) = lostFact.mark { record } else { nil }
                for (number, other) in devices.enumerated() {
                    let db = try Database(path: other.runner.storePath, readOnly: true)
                    let row = try db.rows("SELECT completed_at, dropped_at, replace(coalesce(notes, ''), char(10), ' / '), modified_at FROM tasks WHERE id = ?", [.text(task)])
                    let clocks = try db.rows("SELECT field, hlc FROM sync_fields WHERE row_id = ? AND field IN ('notes', 'completed_at', 'dropped_at')", [.text(task)])
                    print("DEVICE \(number): \(row) \(clocks)")
                    print("STATE \(number): \(try db.rows("SELECT device_id, hub_cursor, pushed_seq FROM sync_state"))")
                    if let record {
                        print("DEFERRALS \(number): \(try db.rows("SELECT id, deferred_on, day, deferred_to, modified_at FROM deferrals WHERE task_id = ?", [.text(task)]))")
                        print("TOMB \(number): \(try db.rows("SELECT * FROM tombstones WHERE id = ?", [.text(record)]))")
                    }
                }
                for line in try hub.rows("SELECT hub_seq, device_id, field, hlc, left(value, 200) FROM hub_operations WHERE row_id = '\(task)' AND field IN ('notes', 'completed_at', 'dropped_at') ORDER BY hub_seq") {
                    print("HUB \(line)")
                }
                if let record {
                    for line in try hub.rows("SELECT hub_seq, device_id, table_name, field, hlc, left(value, 80) FROM hub_operations WHERE row_id = '\(record)' ORDER BY hub_seq") {
                        print("HUBREC \(line)")
                    }
                    for line in try hub.rows("SELECT field, hlc FROM hub_fields WHERE row_id = '\(record)'") { print("HUBFIELD \(line)") }
                }
                for line in syncLog.suffix(30) { print("SYNCLOG \(line)") }
                print("LOST \(lostFact) synced device \(index) at \(text(device)); events \(events)")
            }
            try #require(gone.isEmpty, "seed \(seed): after \(device.runner.storePath.suffix(30))'s sync, \(gone.prefix(4)) are gone; events \(events.suffix(6))")
            if report["pushed"] as? Int ?? 0 > 0 { device.pushedSinceCopy = true }
            return report
        }

        /// What the model says `index` holds and its store (`db`) lacks, unless a purge it holds removed it.
        func missing(_ index: Int, in db: Database) throws -> [String] {
            let purged = Set(model.purges.filter { $0.holders.contains(.device(index)) }.map(\.task))
            var gone: [String] = []
            for fact in model.facts where fact.holders.contains(.device(index)) && !fact.superseded {
                if let task = fact.mark.task, purged.contains(task) { continue }
                if try !Self.holds(fact.mark, db) { gone.append("step \(fact.step) on \(fact.device): \(fact.mark)") }
            }
            return gone
        }

        let first = devices[0]
        let setup = try first.environment.open(now: time)
        _ = try setup.addHabit(AddHabit.Input(title: "Water", kind: .counted, target: 8))
        for (index, device) in devices.enumerated() {
            let result = try device.runner.run(["sync", "--hub", hub.url, "--json"], now: text(device))
            try #require(result.status == 0, "seed \(seed): first sync failed: \(result.stderr)")
            model.synced(index)
        }
        _ = try sync(0)

        for step in 0..<Self.steps {
            time.addTimeInterval(TimeInterval(random.int(2...30) * 60))
            let index = random.int(0...2)
            let device = devices[index]
            let roll = random.int(0...999)
            switch roll {
            case 0..<130:
                // A partition: some devices sync, in a random order.
                for other in [0, 1, 2].shuffled(using: &random) where random.int(0...1) == 1 {
                    _ = try sync(other)
                    tally["sync", default: 0] += 1
                }
            case 130..<142:
                // A file copy of the store, as a backup tool would make it.
                try? FileManager.default.removeItem(atPath: device.runner.storePath + ".copy")
                try Database(path: device.runner.storePath).execute("VACUUM INTO '\(device.runner.storePath).copy'")
                device.copy = (device.runner.storePath + ".copy", model.held(by: index))
                device.pushedSinceCopy = false
                copyPurges[index] = model.purgesHeld(by: index)
                tally["copy", default: 0] += 1
                events.append("\(step) copy \(index)")
            case 142..<150:
                // The copy put back; its first sync says it is a new device.
                guard let copy = device.copy else { break }
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: device.runner.storePath + suffix) }
                try FileManager.default.copyItem(atPath: copy.path, toPath: device.runner.storePath)
                model.restored(index, held: copy.held, purgesHeld: copyPurges[index] ?? [])
                device.copy = nil
                let known = device.pushedSinceCopy
                let report = try sync(index)
                if known {
                    expectTrue(report["newDevice"] is String, "seed \(seed): a restored copy synced as the same device")
                }
                tally["restore", default: 0] += 1
                events.append("\(step) restore \(index)")
            case 150..<158:
                let result = try device.runner.run(["export"], now: text(device))
                try #require(result.status == 0, "seed \(seed): export failed: \(result.stderr)")
                let path = device.runner.folder.appendingPathComponent("backup.json").path
                try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
                device.export = (path, model.held(by: index))
                exportPurges[index] = model.purgesHeld(by: index)
                tally["export", default: 0] += 1
                events.append("\(step) export \(index)")
            case 158..<163:
                // The machine is lost: a fresh store imports the export and joins the hub.
                guard let export = device.export else { break }
                let fresh = try Device(skew: device.skew)
                let imported = try fresh.runner.run(["import", export.path], now: text(fresh))
                try #require(imported.status == 0, "seed \(seed): import failed: \(imported.stderr)")
                devices[index] = fresh
                model.restored(index, held: export.held, purgesHeld: exportPurges[index] ?? [])
                let joined = try fresh.runner.run(["sync", "--hub", hub.url, "--json"], now: text(fresh))
                try #require(joined.status == 0, "seed \(seed): the restored machine's sync failed: \(joined.stderr)")
                model.synced(index)
                tally["replace", default: 0] += 1
                events.append("\(step) replace \(index)")
            case 163..<166 where tally["lost hub", default: 0] < 2:
                // The hub is lost; each device is switched to a new one, which it fills with what it holds.
                // (A file copy made before names the lost hub; restoring one is left to another test.)
                hub.stop()
                hub = try PostgresHub.initialised(at: text(devices[0]))
                model.hubLost()
                for other in devices { other.copy = nil }
                for other in [0, 1, 2].shuffled(using: &random) {
                    let switched = try devices[other].runner.run(["hub", "switch", hub.url], now: text(devices[other]))
                    try #require(switched.status == 0, "seed \(seed): hub switch failed: \(switched.stderr)")
                    _ = try sync(other)
                }
                tally["lost hub", default: 0] += 1
                events.append("\(step) lost hub")
            default:
                let name = try act(index, device, step, time, &model, &random, &unexpected)
                tally[name, default: 0] += 1
            }
            if step % 250 == 249 { try #require(unexpected.isEmpty, "seed \(seed): \(unexpected.prefix(5))") }
        }

        // Full sync rounds until a whole round moves nothing.
        time.addTimeInterval(3600)
        var rounds = 0
        while rounds < 8 {
            rounds += 1
            var moved = 0
            for index in devices.indices {
                let report = try sync(index)
                moved += (report["pushed"] as? Int ?? 0) + (report["pulled"] as? Int ?? 0)
            }
            if moved == 0 { break }
        }
        expectTrue(rounds < 8, "seed \(seed): the devices kept exchanging changes")
        expectEmpty(unexpected, "seed \(seed): \(unexpected.prefix(5))")

        let reference = try devices[0].runner.syncedRecords(eachRemovalOnce: true)
        for device in devices.dropFirst() {
            let mine = try device.runner.syncedRecords(eachRemovalOnce: true)
            if mine != reference {
                let difference = zip(reference.split(separator: "\n"), mine.split(separator: "\n")).first { $0 != $1 }
                Issue.record("seed \(seed): stores differ, first at \(String(describing: difference))")
            }
        }

        // Every fact someone still held is there, unless a purge someone still held removed its task.
        let purged = Set(model.purges.filter { !$0.holders.isEmpty }.map(\.task))
        let db = try Database(path: devices[0].runner.storePath)
        var water = 0
        var lost: [String] = []
        for fact in model.facts where !fact.holders.isEmpty && !fact.superseded {
            if let task = fact.mark.task, purged.contains(task) { continue }
            switch fact.mark {
            case .water(let amount):
                water += amount
                continue
            default:
                if try !Self.holds(fact.mark, db) { lost.append("step \(fact.step) on \(fact.device): \(fact.mark)") }
            }
        }
        expectEmpty(lost, "seed \(seed): \(lost.count) effects lost, first \(lost.prefix(8)); events \(events)")
        let total = try db.scalar("""
            SELECT coalesce(sum(e.amount), 0) FROM habit_entries e JOIN habit_windows w ON w.id = e.window_id
            JOIN habits h ON h.id = w.habit_id WHERE h.title = 'Water'
            """)?.int ?? 0
        expectEqual(total, water, "seed \(seed): Water sums to \(total), the surviving logs made \(water)")
        // A deferral count is its records.
        let miscounted = try db.rows("""
            SELECT t.id, t.deferral_count, (SELECT count(*) FROM deferrals d WHERE d.task_id = t.id) FROM tasks t
            WHERE t.deferral_count <> (SELECT count(*) FROM deferrals d WHERE d.task_id = t.id)
            """)
        expectEmpty(miscounted, "seed \(seed): deferral counts differ from their records: \(miscounted.prefix(3))")
        // Facts were lost legitimately too, and the run did what it claims to.
        expectTrue(model.facts.contains { $0.holders.isEmpty }, "seed \(seed): no restore ever lost an unsent action")
        for name in ["sync", "copy", "restore", "export", "replace", "lost hub", "add", "note", "close", "defer", "water", "purge", "move"] {
            expectTrue(tally[name, default: 0] > 0, "seed \(seed): no \(name) in \(tally)")
        }
    }

    /// Whether the store holds `mark`.
    static func holds(_ mark: Mark, _ db: Database) throws -> Bool {
        switch mark {
        case .task(let id):
            return try db.scalar("SELECT count(*) FROM tasks WHERE id = ?", [.text(id)])?.int == 1
        case .noteLine(let id, let token):
            return try db.scalar("SELECT count(*) FROM tasks WHERE id = ? AND instr(coalesce(notes, ''), ?) > 0",
                                 [.text(id), .text(token)])?.int == 1
        case .closed(let id):
            return try db.scalar("SELECT count(*) FROM tasks WHERE id = ? AND (completed_at IS NOT NULL OR dropped_at IS NOT NULL)",
                                 [.text(id)])?.int == 1
        case .deferral(_, let record):
            return try db.scalar("SELECT count(*) FROM deferrals WHERE id = ?", [.text(record)])?.int == 1
        case .water:
            return true
        }
    }

    // MARK: Actions

    /// One random action on device `index` through the application layer, recorded in the model when
    /// it leaves a mark; a refusal (the task is closed, the bucket is full) is part of the game.
    func act(_ index: Int, _ device: Device, _ step: Int, _ time: Date, _ model: inout Model,
             _ random: inout SeededRandom, _ unexpected: inout [String]) throws -> String {
        let app = try device.environment.open(now: time.addingTimeInterval(TimeInterval(device.skew)))
        let db = try Database(path: device.runner.storePath)
        let open = try db.rows("SELECT id FROM tasks WHERE completed_at IS NULL AND dropped_at IS NULL ORDER BY id")
            .compactMap { $0[0].text }
        let task = open.isEmpty ? nil : open[random.int(0...(open.count - 1))]
        let region = [Region.morning, .afternoon, .evening][random.int(0...2)]
        let roll = random.int(0...99)
        do {
            switch roll {
            case 0..<22:
                var input = AddTask.Input(title: "Task \(step)")
                if random.int(0...2) > 0 { input.region = region }
                if random.int(0...3) == 0 { input.due = .tomorrow }
                let added = try app.addTask(input)
                model.made(.task(added.task.id.lowercasedText), on: index, at: step)
                return "add"
            case 22..<40:
                guard let task, let id = UUID(uuidString: task) else { return "idle" }
                let token = "[n\(step)]"
                _ = try app.addNote(AddNote.Input(task: id, text: "line \(token)"))
                model.made(.noteLine(task: task, token: token), on: index, at: step)
                return "note"
            case 40..<52:
                guard let task, let id = UUID(uuidString: task) else { return "idle" }
                if random.int(0...2) == 0 {
                    _ = try app.dropTask(DropTask.Input(task: id))
                } else {
                    _ = try app.completeTask(CompleteTask.Input(task: id))
                }
                model.made(.closed(task), on: index, at: step)
                return "close"
            case 52..<66:
                guard let task, let id = UUID(uuidString: task) else { return "idle" }
                let before = Set(try db.rows("SELECT id FROM deferrals WHERE task_id = ?", [.text(task)]).compactMap { $0[0].text })
                let to = QuickDate.date(app.today.adding(days: random.int(1...6)))
                _ = try app.deferTask(DeferTask.Input(task: id, to: to))
                let after = Set(try db.rows("SELECT id FROM deferrals WHERE task_id = ?", [.text(task)]).compactMap { $0[0].text })
                for record in after.subtracting(before) { model.made(.deferral(task: task, record: record), on: index, at: step) }
                // A second choice the same day refines that day's record: the first is undone on purpose.
                for (offset, fact) in model.facts.enumerated() {
                    if case .deferral(_, let record) = fact.mark, before.subtracting(after).contains(record),
                       fact.holders.contains(.device(index)) {
                        model.facts[offset].superseded = true
                    }
                }
                return "defer"
            case 66..<78:
                guard let task else { return "idle" }
                _ = try app.moveTask(MoveTask.Input(task: try TaskRef.reading(task), to: .board(region: region, bucket: nil, day: nil)))
                return "move"
            case 78..<84:
                guard let task else { return "idle" }
                var edit = EditTask.Input(task: try TaskRef.reading(task))
                edit.title = "Renamed \(step)"
                _ = try app.editTask(edit)
                return "title"
            case 84..<96:
                let amount = random.int(1...3)
                _ = try app.logHabit(LogHabit.Input(habit: try HabitRef.reading("Water"), log: .count(amount)))
                model.made(.water(amount), on: index, at: step)
                return "water"
            default:
                guard let task, let id = UUID(uuidString: task) else { return "idle" }
                _ = try app.purgeTask(PurgeTask.Input(task: id))
                model.purges.append((task, [.device(index)]))
                return "purge"
            }
        } catch is PlannerError {
            return "refused"
        } catch is UsageRefusal {
            return "refused"
        } catch {
            unexpected.append("\(error)")
            return "failed"
        }
    }
}
