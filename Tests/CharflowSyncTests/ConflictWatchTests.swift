import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// Which replaced values a merge records as conflicts (spec D19 "Conflicts are visible", rule Y-24),
/// between two real SQLite stores with no hub between them: each change carries the clock of the value
/// it replaced on its device (its base), and a value replaced by a change whose writer had not seen it
/// is a conflict, whenever the devices shared it.
@Suite("A merge records a value replaced without being seen (Y-24)")
struct ConflictWatchTests {
    let task = "00000000-0000-4000-8000-0000000000c1"

    func waiting(_ store: SyncStore) throws -> [ConflictRepository.Conflict] {
        try ConflictRepository(db: try store.open().db).waiting()
    }

    func edit(_ store: SyncStore, _ time: String, _ assignment: String) throws {
        try store.write("2026-03-07", time, "UPDATE tasks SET \(assignment) WHERE id = ?", [.text(task)])
    }

    @Test("Y-24: each change keeps the clock of the value it replaced: empty for a new row, the held clock for an edit")
    func changesCarryTheirBase() throws {
        let a = try SyncStore()
        try a.becomeDevice()
        try a.addTask(task, "Rent", at: "2026-03-07", "09:00")
        let added = try a.takeOperations()
        expectEqual(added.filter { $0.field == "title" }.map(\.base), [""])
        let clock = try #require(added.first { $0.field == "title" }?.hlc)
        try edit(a, "09:10", "title = 'Pay rent'")
        let edited = try a.takeOperations()
        expectEqual(edited.filter { $0.field == "title" }.map(\.base), [clock])
    }

    @Test("Y-24: a title shared before and replaced by two changes made without seeing it is one conflict; an edit made after seeing it is none")
    func unseenAgainstSeen() throws {
        let a = try SyncStore(), b = try SyncStore()
        try a.becomeDevice()
        try b.becomeDevice()
        try a.addTask(task, "Rent", at: "2026-03-07", "09:00")
        try b.receive(try a.takeOperations())
        // A renames and shares it (its sync ends), B renames twice without having seen A's.
        try edit(a, "09:10", "title = 'bank'")
        let fromA = try a.takeOperations()
        try ConflictRepository(db: try a.open().db).markSynced()
        try edit(b, "09:20", "title = 'landlord'")
        try edit(b, "09:21", "title = 'landlord, by the 1st'")
        try a.receive(try b.takeOperations())
        try expectEqual(a.task(task, "title"), .text("landlord, by the 1st"))
        let recorded = try waiting(a)
        expectEqual(recorded.map(\.field), ["title"])
        expectEqual(recorded.first?.replaced, "\"bank\"")
        // B takes A's earlier change (it loses there), then A edits after seeing B's: no conflict on B.
        try b.receive(fromA)
        try ConflictRepository(db: try b.open().db).markSynced()
        try edit(a, "09:30", "title = 'bank again'")
        try b.receive(try a.takeOperations())
        try expectEqual(b.task(task, "title"), .text("bank again"))
        try expectEmpty(waiting(b))
    }

    /// "HH:MM" for `minute` minutes after 09:00.
    func time(_ minute: Int) -> String {
        String(format: "%02d:%02d", 9 + minute / 60, minute % 60)
    }

    @Test("Y-24: three devices edit one title and sync in a seeded random order; each records exactly the values of its own that a change made without seeing them first replaced",
          arguments: 0..<20)
    func seededRuns(_ seed: Int) throws {
        var random = SeededRandom(seed: 24_000 + UInt64(seed))
        let stores = try (0..<3).map { _ in try SyncStore() }
        for store in stores { try store.becomeDevice() }
        // The reference: each version of the title by number (a later number is a later clock), who
        // wrote it and which versions its writer knew then; what each device knows and has not sent.
        var writer: [Int: Int] = [0: 0]
        var knew: [Int: Set<Int>] = [0: []]
        var known: [Set<Int>] = [[0], [], []]
        var unsent: [[Int]] = [[0], [], []]
        var expected = [0, 0, 0]
        // The hub: batches in the order they were pushed, and how far each device pulled.
        var log: [(origin: Int, operations: [RemoteOperation], versions: [Int])] = []
        var cursors = [0, 0, 0]
        try stores[0].addTask(task, "v0", at: "2026-03-07", "08:00")
        var minute = 0
        for step in 0..<40 {
            let device = random.int(0...2)
            if random.int(0...1) == 0 {
                guard !known[device].isEmpty else { continue }
                minute += 1
                writer[minute] = device
                knew[minute] = known[device]
                known[device].insert(minute)
                unsent[device].append(minute)
                try edit(stores[device], time(minute), "title = 'v\(minute)'")
                continue
            }
            // A sync: push what waits, then pull the other devices' batches past the cursor in one delivery.
            let sent = try stores[device].takeOperations()
            if !sent.isEmpty { log.append((device, sent, unsent[device])) }
            unsent[device] = []
            let batches = log[cursors[device]...].filter { $0.origin != device }
            cursors[device] = log.count
            let delivered = batches.flatMap(\.versions)
            if let held = known[device].max(), writer[held] == device,
               let first = delivered.filter({ $0 > held }).min(), knew[first]?.contains(held) == false {
                expected[device] += 1
            }
            let operations = batches.flatMap(\.operations)
            if !operations.isEmpty { try stores[device].receive(operations) }
            known[device].formUnion(delivered)
            try ConflictRepository(db: try stores[device].open().db).markSynced()
            let recorded = try waiting(stores[device]).map(\.replaced)
            expectEqual(recorded.count, expected[device], "seed \(seed), step \(step), device \(device): \(recorded)")
            if let latest = known[device].max() {
                try expectEqual(stores[device].task(task, "title"), .text("v\(latest)"), "seed \(seed), step \(step)")
            }
        }
    }

    @Test("Y-24: a change without a base (an older build's) is judged as before: a value shared before is no conflict, one changed since is")
    func noBaseKeepsTheOldRule() throws {
        let a = try SyncStore()
        try a.becomeDevice()
        try a.addTask(task, "Rent", at: "2026-03-07", "09:00")
        _ = try a.takeOperations()
        try ConflictRepository(db: try a.open().db).markSynced()
        try edit(a, "09:10", "effort_minutes = 25")
        let later = HybridLogicalClock(milliseconds: 9_999_999_999_999, counter: 0, device: "zz").text
        try a.receive([
            RemoteOperation(hlc: later, table: "tasks", rowID: task, field: "title", value: "\"Theirs\""),
            RemoteOperation(hlc: later, table: "tasks", rowID: task, field: "effort_minutes", value: "40"),
        ])
        try expectEqual(a.task(task, "title"), .text("Theirs"))
        try expectEqual(waiting(a).map(\.field), ["effort_minutes"])
    }
}
