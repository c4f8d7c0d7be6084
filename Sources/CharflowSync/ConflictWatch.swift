import CharflowCore
import CharflowStore

/// Which values a merge replaced that this device changed, without the writer of what replaced them
/// having seen them (spec D19 "Conflicts are visible", rule Y-24): those are recorded
/// (`ConflictRepository`), for `sync` to count and `charflow conflicts` to list and put back.
///
/// Each change carries the clock of the value it replaced on its device (its base: what its writer
/// had seen of the field). A value of this device's replaced by a change whose base is earlier than
/// the value's own clock was replaced without being seen — two people changed the field, neither
/// knowing of the other — however the two devices' syncs fell, so it is a conflict even when this
/// device shared its value before; a change whose base is that value (or later) is an ordinary edit
/// made after seeing it. A change with no base (an older build or hub, or the hub's state) is judged
/// as before bases: a conflict when the value is this device's change since its last sync, that is
/// when its clock carries this device's id and is later than the device's clock when that sync ended
/// (a seeded default's zero clock never is). Only the fields a person sets and would miss are
/// watched; bookkeeping (`modified_at`), counts the records make and habit days' sums are not, and
/// notes merge by lines, so nothing of theirs is replaced. A task's placement is one value (rule
/// Y-19) and one conflict.
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

    /// One delivered change of a watched field: its clock and its base (nil: not known).
    struct Change {
        let hlc: String
        let base: String?
    }

    /// Whether `field` of `table` is watched, alone or in its placement.
    static func watches(_ table: String, _ field: String) -> Bool {
        watched[table]?.contains(field) == true || OperationLog.mergedTogether[table]?.contains(field) == true
    }

    /// The watch of the store's device at `now`; nil when the store is not a device.
    static func open(_ db: Database, now: String) throws -> ConflictWatch? {
        guard let state = try OperationLog.state(db) else { return nil }
        let conflicts = ConflictRepository(db: db)
        return ConflictWatch(device: state.deviceID, since: try conflicts.syncedClock(), now: now, conflicts: conflicts)
    }

    /// Whether `clock` (a field's held clock) is a change this device made (never a seeded default's).
    func isOwn(_ clock: String?) -> Bool {
        guard let clock, clock.hasSuffix("-" + device), let held = HybridLogicalClock(text: clock), held.milliseconds > 0 else {
            return false
        }
        return true
    }

    /// Whether `clock` (a field's held clock) is a change this device made since its last sync.
    func isMine(_ clock: String?) -> Bool {
        guard let clock, isOwn(clock) else { return false }
        guard let since else { return true }
        return String(clock.prefix(since.count)) > since
    }

    /// Whether the delivered `changes` of a field replace the value this device holds under `clock`
    /// without having seen it: the earliest change later than it tells, by its base; without a base,
    /// whether the value is this device's change since its last sync.
    func replacedUnseen(_ clock: String?, by changes: [Change]) -> Bool {
        guard let clock, isOwn(clock) else { return false }
        let later = changes.filter { $0.hlc > clock }
        guard let first = later.min(by: { $0.hlc < $1.hlc }) else { return isMine(clock) }
        // A placement's fields share one clock: the latest base among them is what its writer had seen.
        let bases = later.filter { $0.hlc == first.hlc }.map(\.base)
        guard !bases.contains(where: { $0 == nil }) else { return isMine(clock) }
        return (bases.compactMap { $0 }.max() ?? "") < clock
    }

    /// Records each watched field of an existing row that `winning` replaces while it holds a value of
    /// this device's that the winner's writer had not seen (`seen`: every delivered change of each
    /// watched field, with its base), and the row's placement when it wins as one (`together`).
    func noteReplaced(table: String, id: String, winning: [(key: String, value: (hlc: String, value: String))],
                      held: [String: String], together: [String], seen: [String: [Change]], _ db: Database) throws {
        let watched = ConflictWatch.watched[table] ?? []
        let incoming = Dictionary(winning.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (field, change) in winning where watched.contains(field) && replacedUnseen(held[field], by: seen[field] ?? []) {
            let current = try db.scalar("SELECT json_quote(\(field)) FROM \(table) WHERE id = ?", [.text(id)])?.text ?? "null"
            guard !same(current, change.value, db) else { continue }
            try conflicts.record(table: table, rowID: id, field: field, replaced: current, winner: change.value,
                                 clock: change.hlc, at: now)
        }
        let group = together.filter { incoming[$0] != nil }
        guard !group.isEmpty,
              replacedUnseen(together.compactMap { held[$0] }.max(), by: together.flatMap { seen[$0] ?? [] }) else { return }
        let pairs = together.map { "'\($0)', \($0)" }.joinedText(separator: ", ")
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
