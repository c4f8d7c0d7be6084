import CharflowCore
import CharflowStore
import Foundation

/// The merge of other devices' operations into one store (spec D18, rule Y-3): per field the value
/// with the latest clock wins, a `_deleted` removes the row for good, and nothing brings a removed row
/// back.
///
/// The store keeps the records this reads and writes (the operation log, the field clocks, the
/// tombstones, the device's state, in `OperationLog`); what wins, what a removal takes with it and
/// which habit days to settle is decided here.
package enum OperationMerge {
    struct RowKey: Hashable {
        let table: String
        let id: String
    }

    /// Applies `operations` in one transaction and moves the cursor to `cursor`. Applying the same
    /// operations again, or in another order, gives the same store (rule Y-3).
    ///
    /// The device's own clock moves past every clock it applies up to `notAfter` (ms; the hub's clock
    /// and the bound, rule Y-22), never to one far ahead; an undoable action whose rows it
    /// changed is marked so its undo says why it can't (rule Y-25), and a value of this device's it
    /// replaced is recorded as a conflict (rule Y-24). Returns how many fields and rows changed.
    ///
    /// An operation this store cannot apply (rule Y-23) is set aside with its reason and the rest goes
    /// on: one of an unknown table or field, or with a value of the wrong kind, before anything is
    /// written; a row whose write breaks a constraint, with the changes it came with, when the whole
    /// delivery is tried again row by row.
    ///
    /// `fromState` says the operations are the hub's current state (a device starting with no cursor),
    /// not its log: a field merged by lines then comes with the base of its last change only, which
    /// this device may never have seen, so it is merged against the value this device last shared.
    @discardableResult
    package static func apply(_ operations: [RemoteOperation], cursor: Int64, now: String, notAfter: Int64 = .max,
                              fromState: Bool = false, _ db: Database) throws -> Int {
        do {
            return try apply(operations, cursor: cursor, now: now, notAfter: notAfter, fromState: fromState, guarded: false, db)
        } catch let failure as DatabaseError where OperationFit.cannotApply(failure) {
            return try apply(operations, cursor: cursor, now: now, notAfter: notAfter, fromState: fromState, guarded: true, db)
        }
    }

    /// The merge itself; `guarded` writes each row in a savepoint of its own and sets aside a row that
    /// fails, which costs two statements a row, so it runs only after a delivery failed whole.
    private static func apply(_ operations: [RemoteOperation], cursor: Int64, now: String, notAfter: Int64,
                              fromState: Bool, guarded: Bool, _ db: Database) throws -> Int {
        try db.write {
            try OperationLog.setApplying(true, db)
            try db.execute("PRAGMA defer_foreign_keys = ON")
            try OperationLog.beginMergedClocks(db)
            let fit = try OperationFit(db)
            var delivered: [RowKey: [RemoteOperation]] = [:]
            let watch = try ConflictWatch.open(db, now: now)
            var touched: [UndoAcrossSync.Row] = []
            // The rows written, in the order they came, each with its winning fields and, by field, every
            // change of a watched field with what its writer had seen of it (rule Y-24); `slots` finds a
            // row's place, and the last one found is kept, since a row's fields come one after another.
            var order: [RowKey] = []
            var winners: [[String: (hlc: String, value: String)]] = []
            var seen: [[String: [ConflictWatch.Change]]] = []
            var slots: [RowKey: Int] = [:]
            var lastSlot: (key: RowKey, slot: Int)?
            var removed: [RowKey] = []
            var latest: HybridLogicalClock?
            // The text of the last clock read: a row's fields mostly share one, and each is read once.
            var lastClockText: String?
            // Every change of a field merged by lines, with the base it was sent with, by row and field.
            var byLines: [RowKey: [String: [LineChange]]] = [:]
            var bases: [BaseKey: String] = [:]
            for op in operations {
                // Shared settings are merged by `SettingsMerge` below, by their name: they are not rows of
                // a synced table, so taking them here set each one aside as "unknown table" while it was
                // applied all the same (issue 39, item 7).
                if op.table == OperationLog.settingsTable { continue }
                if let reason = fit.reason(op) {
                    try OperationLog.setAside(.init(hlc: op.hlc, table: op.table, rowID: op.rowID, field: op.field,
                                                    value: op.value, reason: reason), db)
                    continue
                }
                if op.hlc != lastClockText {
                    lastClockText = op.hlc
                    if let clock = HybridLogicalClock(text: op.hlc), clock.milliseconds <= notAfter,
                       latest.map({ clock > $0 }) ?? true { latest = clock }
                }
                let key = RowKey(table: op.table, id: op.rowID)
                if guarded { delivered[key, default: []].append(op) }
                if op.field == OperationLog.deletedField {
                    removed.append(key)
                    continue
                }
                if op.field.hasSuffix(OperationLog.baseSuffix) {
                    let field = String(op.field.dropLast(OperationLog.baseSuffix.count))
                    bases[BaseKey(row: key, field: field, hlc: op.hlc)] = op.value
                    continue
                }
                if OperationLog.mergesByLines(op.table, op.field) {
                    byLines[key, default: [:]][op.field, default: []].append(LineChange(hlc: op.hlc, value: op.value, base: nil))
                }
                let slot: Int
                if let last = lastSlot, last.key == key {
                    slot = last.slot
                } else if let known = slots[key] {
                    slot = known
                } else {
                    slot = order.count
                    slots[key] = slot
                    order.append(key)
                    winners.append([:])
                    seen.append([:])
                }
                lastSlot = (key, slot)
                if watch != nil, ConflictWatch.watches(op.table, op.field) {
                    seen[slot][op.field, default: []].append(.init(hlc: op.hlc, base: op.base))
                }
                if let held = winners[slot][op.field], held.hlc > op.hlc { continue }
                winners[slot][op.field] = (op.hlc, op.value)
            }
            // Shared settings are keyed by their name, not an id (rule Y-26).
            var changed = try SettingsMerge.apply(operations, db)
            // Habit days whose amount is a sum of rows this merge touches, settled once it is done.
            var habitDays = Set<HabitIncrements.Day>()
            // Tasks whose deferral count is the number of records the merge touches, counted once it is done.
            var counted = Set<String>()
            for key in removed where try !OperationLog.isRemoved(table: key.table, id: key.id, db) {
                if let day = try HabitIncrements.day(of: key.table, id: key.id, db: db) { habitDays.insert(day) }
                if let task = try DeferralCounts.task(of: key.table, id: key.id, db: db) { counted.insert(task) }
                try db.run("DELETE FROM \(key.table) WHERE id = ?", [.text(key.id)])
                try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES (?, ?, ?)",
                           [.text(key.table), .text(key.id), .text(now)])
                changed += 1
                touched.append(UndoAcrossSync.Row(table: key.table, id: key.id))
            }
            let gone = touched
            // What the store holds of the rows to write, read in a few statements, and each table's shape.
            let held = try HeldRows(order, db)
            var shapes: [String: TableShape] = [:]
            // The clocks of the rows new to clock keeping, written together once the rows are.
            var newRows: [OperationLog.NewRowClocks] = []
            for (slot, key) in order.enumerated() {
                guard !held.isRemoved(key) else { continue }
                var fields = winners[slot]
                let exists = held.exists(key)
                var lineFields: [String: [LineChange]] = [:]
                if let changes = byLines[key] {
                    if exists {
                        for (field, list) in changes {
                            let shared = fromState ? try OperationLog.sharedBase(table: key.table, id: key.id, field: field, db) : nil
                            lineFields[field] = list.map {
                                LineChange(hlc: $0.hlc, value: $0.value,
                                           base: fromState ? shared : bases[BaseKey(row: key, field: field, hlc: $0.hlc)])
                            }
                            fields[field] = nil
                        }
                    } else {
                        // The row is new here and takes its fields as they come; each of these changes is
                        // then merged, so one delivered again later is not merged by lines a second time.
                        for (field, list) in changes {
                            for change in list {
                                _ = try OperationLog.markLineChangeMerged(table: key.table, id: key.id, field: field,
                                                                          hlc: change.hlc, db)
                            }
                        }
                    }
                }
                var wrote = 0
                // A row with no record of clocks here (none held, none kept for it) that the store does
                // not hold: its clocks need no merge with held ones, and are written with the others.
                let known = Known(held: held.clocks(key), exists: exists, isNew: !exists && !held.isTracked(key))
                var newClocks: OperationLog.NewRowClocks?
                let write = {
                    if !fields.isEmpty {
                        wrote += try merge(key, fields, seen[slot], watch, known: known, shapes: &shapes, newClocks: &newClocks, db)
                    }
                    for (field, list) in lineFields.sorted(by: { $0.key < $1.key }) {
                        wrote += try mergeByLines(key, field, list, db)
                    }
                }
                // A row that failed whole is written a field at a time; what it wrote is settled like any other.
                var apart = false
                if !guarded {
                    try write()
                } else {
                    do {
                        try db.write(write)
                    } catch let failure as DatabaseError where OperationFit.cannotApply(failure) {
                        wrote = try writeApart(key, fields, lineFields, delivered[key] ?? [], failure, seen[slot], watch, db)
                        apart = true
                    }
                }
                if !apart, let newClocks { newRows.append(newClocks) }
                changed += wrote
                if wrote > 0 { touched.append(UndoAcrossSync.Row(table: key.table, id: key.id)) }
                if let day = try HabitIncrements.day(of: key.table, id: key.id, db: db) { habitDays.insert(day) }
                if let task = try DeferralCounts.task(of: key.table, id: key.id, db: db) { counted.insert(task) }
                if key.table == "tasks", fields["deferral_count"] != nil { counted.insert(key.id) }
            }
            try OperationLog.settleMergedClocks(db, newRows: newRows)
            // Only the rows this merge wrote can hold a broken link: a row it removed took its children
            // with it by the store's own foreign-key actions, deferred checks or not.
            changed += try settleBrokenLinks(db, writtenRows: order)
            try HabitDaySettlement.settle(habitDays, db: db)
            try DeferralCounts.settle(counted, db: db)
            if let latest { try OperationLog.receive(latest, db) }
            try UndoAcrossSync.markChanged(touched, removed: gone, at: now, db)
            // A removed row's text stays in no file (rule Y-27): the undo images of it go, while the
            // actions that captured it stay, marked, so their undo still says why it can't.
            try UndoAcrossSync.forgetImages(of: gone, db)
            try OperationLog.setApplying(false, db)
            try OperationLog.advanceCursor(to: cursor, db)
            return changed
        }
    }

    /// Writes one row's changes field by field (a placement whole) after they failed together, each in
    /// a savepoint, and sets aside with its reason each change that fails alone (rule Y-23); a row new
    /// here cannot be made in part, so all its changes wait. Returns 1 when the row changed.
    private static func writeApart(_ key: RowKey, _ fields: [String: (hlc: String, value: String)],
                                   _ lineFields: [String: [LineChange]], _ delivered: [RemoteOperation],
                                   _ failure: DatabaseError, _ seen: [String: [ConflictWatch.Change]],
                                   _ watch: ConflictWatch?, _ db: Database) throws -> Int {
        var changed = 0
        var failed: [String: String] = [:]
        if try db.scalar("SELECT 1 FROM \(key.table) WHERE id = ?", [.text(key.id)]) != nil {
            let together = OperationLog.mergedTogether[key.table] ?? []
            var parts = fields.keys.filter { !together.contains($0) }.sorted().map { [$0] }
            if fields.keys.contains(where: together.contains) { parts.append(together) }
            for part in parts {
                do {
                    try db.write {
                        var none: [String: TableShape] = [:]
                        var unused: OperationLog.NewRowClocks?
                        changed = max(changed, try merge(key, fields.filter { part.contains($0.key) }, seen, watch, known: nil,
                                                         shapes: &none, newClocks: &unused, db))
                    }
                } catch let alone as DatabaseError where OperationFit.cannotApply(alone) {
                    for field in part { failed[field] = alone.message }
                }
            }
            for (field, list) in lineFields.sorted(by: { $0.key < $1.key }) {
                do {
                    try db.write { changed = max(changed, try mergeByLines(key, field, list, db)) }
                } catch let alone as DatabaseError where OperationFit.cannotApply(alone) {
                    failed[field] = alone.message
                }
            }
        } else {
            for field in fields.keys { failed[field] = failure.message }
            for field in lineFields.keys { failed[field] = failure.message }
        }
        for op in delivered where op.field != OperationLog.deletedField {
            let field = op.field.hasSuffix(OperationLog.baseSuffix) ? String(op.field.dropLast(OperationLog.baseSuffix.count)) : op.field
            guard let reason = failed[field] else { continue }
            try OperationLog.setAside(.init(hlc: op.hlc, table: op.table, rowID: op.rowID, field: op.field,
                                            value: op.value, reason: reason), db)
        }
        return changed
    }

    private struct BaseKey: Hashable {
        let row: RowKey
        let field: String
        let hlc: String
    }

    /// One change of a field merged by lines: its clock, its value and the base it was made from
    /// (JSON text; nil when it came without one, and then the later clock wins as for any field).
    private struct LineChange {
        let hlc: String
        let value: String
        let base: String?
    }

    /// Merges each change of a field held here by lines, oldest first, against the base it was sent
    /// with (rule Y-17). When the result is neither side's value as the later clock has it, it is
    /// queued as this device's own change, so every device and the hub's state come to it.
    /// Returns 1 when the row changed.
    private static func mergeByLines(_ key: RowKey, _ field: String, _ delivered: [LineChange], _ db: Database) throws -> Int {
        // A change merged before (a page delivered again) is not merged twice.
        var changes: [LineChange] = []
        for change in delivered.sorted(by: { $0.hlc < $1.hlc })
        where try OperationLog.markLineChangeMerged(table: key.table, id: key.id, field: field, hlc: change.hlc, db) {
            changes.append(change)
        }
        guard !changes.isEmpty else { return 0 }
        var clock = try OperationLog.fieldClocks(table: key.table, id: key.id, db)[field]
        let start = try db.scalar("SELECT json_quote(\(field)) FROM \(key.table) WHERE id = ?", [.text(key.id)])?.text ?? "null"
        var value = start
        // The value every other device holds under `clock`: the later change's, or this row's own as
        // it was shared. When the merged value is another, it is queued as this device's change.
        var carried = start
        var lastIncoming = start
        for change in changes {
            lastIncoming = change.value
            guard let held = clock else {
                // Nothing held here to merge with: the value comes as it is.
                value = change.value
                clock = change.hlc
                carried = change.value
                continue
            }
            if change.hlc > held { carried = change.value }
            clock = max(held, change.hlc)
            guard change.value != value else { continue }
            // A change sent without a base (its device never shared a value of the field) is merged
            // against none: both sides' lines are kept, since neither is known to have removed any.
            let base = try change.base.flatMap { try text($0, db) }
            let mine = try text(value, db), theirs = try text(change.value, db)
            let merged = change.hlc > held
                ? NotesMerge.merge(base: base, earlier: mine, later: theirs)
                : NotesMerge.merge(base: base, earlier: theirs, later: mine)
            value = try db.scalar("SELECT json_quote(?)", [merged.map(SQLValue.text) ?? .null])?.text ?? "null"
        }
        if value != carried {
            try OperationLog.queue(table: key.table, id: key.id, field: field, value: value, base: lastIncoming, db)
        }
        if let clock { try OperationLog.recordFieldClock(table: key.table, id: key.id, field: field, hlc: clock, db) }
        try OperationLog.recordBase(table: key.table, id: key.id, field: field, value: lastIncoming, db)
        guard value != start else { return 0 }
        try db.run("UPDATE \(key.table) SET \(field) = json_extract(?, '$') WHERE id = ?", [.text(value), .text(key.id)])
        return 1
    }

    /// The text a JSON value holds (nil for `null`).
    private static func text(_ json: String, _ db: Database) throws -> String? {
        try db.scalar("SELECT json_extract(?, '$')", [.text(json)])?.text
    }

    /// What the store held of one row before a merge wrote it: its field clocks, whether it holds the
    /// row, and whether the row is new to clock keeping too (`OperationLog.NewRowClocks`).
    private struct Known {
        let held: [String: String]
        let exists: Bool
        let isNew: Bool
    }

    /// A synced table's columns and the ones a new row must be given, read once a merge.
    private struct TableShape {
        let columns: Set<String>
        let required: [String]

        init(_ table: String, _ db: Database) throws {
            columns = Set(try db.columns(of: table))
            required = try db.rows("SELECT name FROM pragma_table_info(?) WHERE \"notnull\" = 1 AND dflt_value IS NULL AND pk = 0",
                                   [.text(table)]).compactMap { $0[0].text }
        }
    }

    /// Writes the fields of one row whose clocks are later than the ones the row holds; inserts the
    /// row when it is new here. Returns 1 when anything was written.
    ///
    /// `known` is what the store held of the row, read with the delivery's other rows (nil: read it
    /// here). A row new to clock keeping gives its clocks back in `newClocks`, for the caller to
    /// write with the others once the row is in; any other row's are held (`holdMergedClocks`).
    private static func merge(_ key: RowKey, _ fields: [String: (hlc: String, value: String)],
                              _ seen: [String: [ConflictWatch.Change]], _ watch: ConflictWatch?, known: Known?,
                              shapes: inout [String: TableShape], newClocks: inout OperationLog.NewRowClocks?,
                              _ db: Database) throws -> Int {
        let held = try known?.held ?? OperationLog.fieldClocks(table: key.table, id: key.id, db)
        let shape: TableShape
        if let cached = shapes[key.table] {
            shape = cached
        } else {
            shape = try TableShape(key.table, db)
            shapes[key.table] = shape
        }
        let columns = shape.columns
        // Fields merged together (a task's placement, rule Y-19) win or lose as one: by the latest clock
        // of the group on either side, so two moves never mix into a placement nobody chose.
        let together = OperationLog.mergedTogether[key.table] ?? []
        let groupWins = together.compactMap { fields[$0]?.hlc }.max().map { incoming in
            together.compactMap { held[$0] }.max().map { incoming > $0 } ?? true
        } ?? false
        let winning = fields.filter { field, incoming in
            guard columns.contains(field), field != "id" else { return false }
            if together.contains(field) { return groupWins }
            return held[field].map { incoming.hlc > $0 } ?? true
        }.sorted { $0.key < $1.key }
        guard !winning.isEmpty else { return 0 }
        var wrote = 1
        let exists = try known?.exists ?? (db.scalar("SELECT 1 FROM \(key.table) WHERE id = ?", [.text(key.id)]) != nil)
        if !exists {
            // Later changes to a row this device no longer holds, though it has no tombstone: a row that
            // followed its purged parent (a session of a task purged elsewhere). Every device removed it
            // alike; its remaining fields cannot make a row again.
            let required = shape.required
            let given = Set(winning.map(\.key))
            if required.contains(where: { !given.contains($0) }) {
                // Changes to a row that was set aside here wait with it (rule Y-23).
                if try OperationLog.hasSetAside(db), try OperationLog.hasSetAside(table: key.table, id: key.id, db) {
                    for (field, incoming) in winning {
                        try OperationLog.setAside(.init(hlc: incoming.hlc, table: key.table, rowID: key.id, field: field,
                                                        value: incoming.value, reason: "its row was set aside"), db)
                    }
                }
                return 0
            }
        }
        let values = winning.map { SQLValue.text($0.value.value) }
        if exists {
            try watch?.noteReplaced(table: key.table, id: key.id, winning: winning, held: held, together: together,
                                    seen: seen, db)
            let assignments = winning.enumerated().map { "\($1.key) = json_extract(?\($0 + 2), '$')" }.joinedText(separator: ", ")
            // A change whose value the row holds already (two devices made the same edit, or seeded the
            // same row) is written but not counted: a count says what a person would see changed, so
            // the times a row keeps of itself do not count alone (issue 39, item 8).
            let seen = winning.filter { !OperationMerge.rowTimes.contains($0.key) }
            let differs = seen.enumerated().map { "\($1.key) IS NOT json_extract(?\($0 + 2), '$')" }.joinedText(separator: " OR ")
            wrote = seen.isEmpty ? 0 : try db.scalar("SELECT count(*) FROM \(key.table) WHERE id = ?1 AND (\(differs))",
                                                     [.text(key.id)] + seen.map { SQLValue.text($0.value.value) })?.int ?? 1
            try db.run("UPDATE \(key.table) SET \(assignments) WHERE id = ?1", [.text(key.id)] + values)
        } else {
            let names = (["id"] + winning.map(\.key)).joinedText(separator: ", ")
            let slots = (["?1"] + winning.indices.map { "json_extract(?\($0 + 2), '$')" }).joinedText(separator: ", ")
            try db.run("INSERT INTO \(key.table) (\(names)) VALUES (\(slots))", [.text(key.id)] + values)
        }
        if known?.isNew == true {
            newClocks = OperationLog.NewRowClocks(table: key.table, id: key.id, clocks: winning.map { ($0.key, $0.value.hlc) })
        } else {
            try OperationLog.holdMergedClocks(table: key.table, id: key.id, winning.map { ($0.key, $0.value.hlc) }, db)
        }
        for (field, incoming) in winning {
            // What arrived is what this device now shares: the base of its next change of the field.
            if OperationLog.mergesByLines(key.table, field) {
                try OperationLog.recordBase(table: key.table, id: key.id, field: field, value: incoming.value, db)
            }
        }
        return wrote
    }

    /// The times a row keeps of itself, which change with every edit on every device: merged like any
    /// field, never counted as a change on their own.
    static let rowTimes: Set<String> = ["created_at", "modified_at"]

    /// Rows that point at a row another device removed for good (they arrived before or after its
    /// tombstone) follow their foreign key's rule, as a local removal would have: deleted with it, or
    /// their link cleared. Every device does the same, so all end alike.
    ///
    /// Checks each link of the rows `writtenRows` names, by key: a table-wide check cost as much as
    /// the table is large whatever the merge's size (9.4 M of a one-task pull's 58 M instructions on
    /// a 10,000-task store). A row deleted here takes its own children by the foreign key's action.
    private static func settleBrokenLinks(_ db: Database, writtenRows: [RowKey]) throws -> Int {
        var settled = 0
        for (table, keys) in Dictionary(grouping: writtenRows, by: \.table).sorted(by: { $0.key < $1.key }) {
            let links = try db.rows("SELECT \"table\", \"from\", coalesce(\"to\", 'id'), on_delete FROM pragma_foreign_key_list(?)",
                                    [.text(table)])
            for link in links {
                guard let parent = link[0].text, let column = link[1].text, let key = link[2].text else { continue }
                for start in stride(from: 0, to: keys.count, by: 500) {
                    let chunk = keys[start..<min(start + 500, keys.count)]
                    let marks = Array(repeating: "?", count: chunk.count).joinedText(separator: ", ")
                    let broken = try db.rows("""
                        SELECT t.rowid FROM \(table) t WHERE t.id IN (\(marks)) AND t.\(column) IS NOT NULL
                        AND NOT EXISTS (SELECT 1 FROM \(parent) p WHERE p.\(key) = t.\(column))
                        """, chunk.map { .text($0.id) }).compactMap { $0[0].integer }
                    for rowid in broken {
                        if link[3].text == "SET NULL" {
                            try db.run("UPDATE \(table) SET \(column) = NULL WHERE rowid = ?", [.integer(rowid)])
                        } else {
                            try db.run("DELETE FROM \(table) WHERE rowid = ?", [.integer(rowid)])
                        }
                        settled += 1
                    }
                }
            }
        }
        return settled
    }
}
