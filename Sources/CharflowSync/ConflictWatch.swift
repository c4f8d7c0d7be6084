import CharflowCore
import CharflowStore

/// Which values a merge replaced that this device changed since its last sync (spec D19 "Conflicts
/// are visible", rule Y-24): those are recorded (`ConflictRepository`), for `sync` to count and
/// `charflow conflicts` to list and put back.
///
/// A field's value is this device's change since its last sync when the clock it holds carries this
/// device's id and is later than the device's clock when that sync ended (a seeded default's zero
/// clock never is). Only the fields a person sets and would miss are watched; bookkeeping
/// (`modified_at`), counts the records make and habit days' sums are not, and notes merge by lines,
/// so nothing of theirs is replaced. A task's placement is one value (rule Y-19) and one conflict.
struct ConflictWatch {
    let device: String
    /// The device's clock when its last sync ended (ms and counter); nil: every change of its own counts.
    let since: String?
    let now: String
    let conflicts: ConflictRepository

    /// The fields watched, by table.
    static let watched: [String: Set<String>] = [
        "tasks": ["title", "effort_minutes", "importance", "is_completed", "dropped_at", "repeat_kind",
                  "repeat_weekdays", "repeat_day_of_month", "category_id"],
        "categories": ["name", "color_key", "is_archived"],
        "habits": ["title", "is_archived"],
        "habit_groups": ["title", "is_archived"],
        "habit_windows": ["label", "target"],
        "anchors": ["title", "is_archived"],
    ]

    /// The watch of the store's device at `now`; nil when the store is not a device.
    static func open(_ db: Database, now: String) throws -> ConflictWatch? {
        guard let state = try OperationLog.state(db) else { return nil }
        let conflicts = ConflictRepository(db: db)
        return ConflictWatch(device: state.deviceID, since: try conflicts.syncedClock(), now: now, conflicts: conflicts)
    }

    /// Whether `clock` (a field's held clock) is a change this device made since its last sync.
    func isMine(_ clock: String?) -> Bool {
        guard let clock, clock.hasSuffix("-" + device), let held = HybridLogicalClock(text: clock), held.milliseconds > 0 else {
            return false
        }
        guard let since else { return true }
        return String(clock.prefix(since.count)) > since
    }

    /// Records each watched field of an existing row that `winning` replaces while it holds a change
    /// of this device's since its last sync, and the row's placement when it wins as one (`together`).
    func noteReplaced(table: String, id: String, winning: [(key: String, value: (hlc: String, value: String))],
                      held: [String: String], together: [String], _ db: Database) throws {
        let watched = ConflictWatch.watched[table] ?? []
        let incoming = Dictionary(winning.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (field, change) in winning where watched.contains(field) && isMine(held[field]) {
            let current = try db.scalar("SELECT json_quote(\(field)) FROM \(table) WHERE id = ?", [.text(id)])?.text ?? "null"
            guard !same(current, change.value, db) else { continue }
            try conflicts.record(table: table, rowID: id, field: field, replaced: current, winner: change.value,
                                 clock: change.hlc, at: now)
        }
        let group = together.filter { incoming[$0] != nil }
        guard !group.isEmpty, isMine(together.compactMap { held[$0] }.max()) else { return }
        let pairs = together.map { "'\($0)', \($0)" }.joined(separator: ", ")
        let current = try db.scalar("SELECT json_object(\(pairs)) FROM \(table) WHERE id = ?", [.text(id)])?.text ?? "{}"
        var winner = current
        for field in group {
            winner = try db.scalar("SELECT json_set(?, '$.' || ?, json(?))", [.text(winner), .text(field), .text(incoming[field]?.value ?? "null")])?.text ?? winner
        }
        guard winner != current, let clock = group.compactMap({ incoming[$0]?.hlc }).max() else { return }
        try conflicts.record(table: table, rowID: id, field: ConflictRepository.placementField, replaced: current,
                             winner: winner, clock: clock, at: now)
    }

    /// Whether two JSON texts hold the same value (`1` and `1.0`, say, as SQLite reads them).
    private func same(_ a: String, _ b: String, _ db: Database) -> Bool {
        a == b || (try? db.scalar("SELECT json_extract(?, '$') IS json_extract(?, '$')", [.text(a), .text(b)]))?.integer == 1
    }
}
