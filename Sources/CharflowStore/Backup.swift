import CharflowCore
import Foundation

/// The lossless JSON backup: every record of every table, and its import by replace or merge.
///
/// A backup is `{"format": "charflow-backup", "version": 1, "tables": {TABLE: [ROW, ...]}}` with each row
/// an object of the table's columns as stored. Import into an empty store reproduces it exactly;
/// into a store with data it merges by id (the newer `modified_at` wins), honours tombstones both ways
/// and then applies the spec's dedup rules.
package enum Backup {
    package static let format = ImportFormat.backupFormat
    package static let version = 1

    /// Record tables in the order they can be inserted (parents before children), with their key column.
    package static let tables: [(name: String, key: String)] = [
        ("settings", "key"), ("categories", "id"), ("habit_groups", "id"), ("tasks", "id"), ("deferrals", "id"),
        ("habits", "id"), ("habit_schedules", "id"), ("habit_windows", "id"), ("habit_entries", "id"),
        ("habit_pauses", "id"), ("sessions", "id"), ("night_planning", "id"), ("nudge_log", "id"),
        ("anchors", "id"), ("anchor_resolutions", "id"), ("habit_offers", "id"), ("tombstones", "id"),
    ]

    /// What an import did (or, dry, would do), per table.
    package struct Report: Sendable, Equatable {
        package var replaced = false
        package var inserted: [String: Int] = [:]
        package var updated: [String: Int] = [:]
        package var unchanged: [String: Int] = [:]
        /// Rows left out because this store deleted them later than they last changed.
        package var skipped: [String: Int] = [:]
        /// Rows of this store removed by the file's tombstones or by the dedup rules.
        package var removed: [String: Int] = [:]
        package var sessionsStopped = 0

        package init() {}

        package var totalInserted: Int { inserted.values.reduce(0, +) }
        package var totalUpdated: Int { updated.values.reduce(0, +) }
    }

    /// Column values of one table as the file gives them, checked and converted; throws `ImportError`
    /// naming the table, row and column at fault.
    static func convert(_ value: Any, table: String, row: Int, column: ColumnInfo, vetting: some BackupVetting) throws -> SQLValue {
        let place = "\(table)[\(row + 1)].\(column.name)"
        if value is NSNull {
            guard !column.notNull else { throw ImportError(place: place, message: "must not be null") }
            return .null
        }
        if column.isInteger {
            // JSONSerialization gives NSNumber for numbers and booleans alike; its type code tells them apart.
            guard let number = value as? NSNumber, !["c", "B", "d", "f"].contains(String(cString: number.objCType)),
                  abs(number.doubleValue) < 9e15 else {
                throw ImportError(place: place, message: "must be a whole number")
            }
            let integer = number.int64Value
            if column.name.hasPrefix("is_"), integer != 0, integer != 1 {
                throw ImportError(place: place, message: "must be 0 or 1")
            }
            return .integer(integer)
        }
        guard let text = value as? String else { throw ImportError(place: place, message: "must be text") }
        try vetting.checkText(text, place: place)
        switch column.shape {
        case .day:
            guard LocalDay(text) != nil else { throw ImportError(place: place, message: "'\(text)' is not a date (YYYY-MM-DD)") }
            guard LocalDay(entered: text) != nil else {
                throw ImportError(place: place, message: "'\(text)' is outside the years Charflow keeps (1900 to 2999)")
            }
        case .instant:
            guard Instant.parseStorageText(text) != nil else {
                throw ImportError(place: place, message: "'\(text)' is not an instant (YYYY-MM-DDTHH:MM:SS.sssZ)")
            }
            try vetting.checkInstantYear(text, place: place)
        case .uuid:
            guard UUID(recordText: text) != nil, text == text.lowercased() else {
                throw ImportError(place: place, message: "'\(text)' is not a lower-case UUID")
            }
        case .oneOf(let allowed):
            guard allowed.contains(text) else {
                throw ImportError(place: place, message: "'\(text)' is not one of \(allowed.sorted().joinedText(separator: ", "))")
            }
        case .text:
            break
        }
        return .text(text)
    }

    /// What a column holds, from its name and declared type.
    struct ColumnInfo {
        enum Shape {
            case text, day, instant, uuid
            case oneOf(Set<String>)
        }

        let name: String
        let isInteger: Bool
        let notNull: Bool
        let shape: Shape

        init(table: String, name: String, type: String, notNull: Bool) {
            self.name = name
            self.notNull = notNull
            isInteger = type.uppercased() == "INTEGER"
            shape = ColumnInfo.shape(table: table, column: name)
        }

        static func shape(table: String, column: String) -> Shape {
            let days: Set = ["due_date", "occurrence_day", "completed_day", "backlog_since", "day", "date", "from_day", "to_day", "deferred_to", "plan_day"]
            if days.contains(column) { return table == "nudge_log" ? .text : .day }
            if column.hasSuffix("_at") || column == "deferred_on" { return .instant }
            if table == "tombstones" { return column == "table_name" ? .oneOf(Set(Backup.tables.map(\.name))) : .text }
            if table == "settings" { return .text }
            if column == "id" || column.hasSuffix("_id") { return table == "nudge_log" && column != "id" ? .text : .uuid }
            switch (table, column) {
            case ("tasks", "importance"): return .oneOf(Set(Importance.allCases.map(\.rawValue)))
            case ("tasks", "repeat_kind"): return .oneOf(Set(RepeatKind.allCases.map(\.rawValue)))
            case ("tasks", "region"): return .oneOf(Set(Region.allCases.map(\.rawValue)))
            case ("tasks", "bucket"): return .oneOf(Set(Bucket.allCases.map(\.rawValue)))
            case ("deferrals", "reason"): return .oneOf(Set(DeferralReason.allCases.map(\.rawValue)))
            case ("sessions", "outcome"): return .oneOf(Set(SessionOutcome.allCases.map(\.rawValue)))
            case ("habits", "kind"): return .oneOf(Set(HabitKind.allCases.map(\.rawValue)))
            case ("habits", "frequency"), ("habit_schedules", "frequency"): return .oneOf(Set(HabitFrequency.allCases.map(\.rawValue)))
            case ("habit_pauses", "reason"): return .oneOf(Set(PauseReason.allCases.map(\.rawValue)))
            case ("night_planning", "state"): return .oneOf(Set(PlanningState.allCases.map(\.rawValue)))
            case ("anchors", "schedule_kind"): return .oneOf(Set(AnchorRecords.scheduleKinds))
            case ("anchors", "prayer"): return .oneOf(Set(Prayer.allCases.map(\.word)))
            case ("anchor_resolutions", "outcome"): return .oneOf(Set(AnchorOutcome.allCases.map(\.rawValue)))
            default: return .text
            }
        }
    }
}

extension Store {
    /// Streams one record table's rows in the backup's stable order, read in place; returns its column
    /// names.
    @discardableResult
    package func forEachRawBackupRow(of table: String, _ body: (RawRow) throws -> Void) throws -> [String] {
        guard let key = Backup.tables.first(where: { $0.name == table })?.key else { return [] }
        let columns = try db.columns(of: table)
        guard !columns.isEmpty else { return [] }
        let order = table == "tombstones" ? "table_name, id, deleted_at" : key
        // Tombstones of sync's own rows (habit increments) stay out: a backup holds records only.
        let only = table == "tombstones"
            ? "WHERE table_name IN (" + Backup.tables.map { "'\($0.name)'" }.joinedText(separator: ", ") + ")" : ""
        try db.forEachRawRow("SELECT \(columns.joinedText(separator: ", ")) FROM \(table) \(only) ORDER BY \(order)", [], body)
        return columns
    }

    /// Imports a backup file read row by row: replaces an empty store's content exactly, or merges into
    /// one with data. One transaction; with `dryRun` it is rolled back and only the report is kept.
    /// Each row is checked as it is read, so a file wrong from its first row is refused at once.
    ///
    /// A merge ends with `settle`, inside the same transaction: the rules the layer above applies to what
    /// a merge may leave (a series' duplicate instances, two live sessions); it answers how many running
    /// sessions it stopped.
    package func importBackup(_ document: BackupDocument, dryRun: Bool, vetting: some BackupVetting,
                              settle: () throws -> Int) throws -> Backup.Report {
        guard document.format as? String == Backup.format else {
            throw ImportError(place: "format", message: "not a Charflow backup (expected \"\(Backup.format)\")")
        }
        guard let version = document.version as? Int, version <= Backup.version, version >= 1 else {
            throw ImportError(place: "version", message: "this Charflow reads backup version \(Backup.version) or older")
        }
        guard let tables = document.tables else {
            throw ImportError(place: "tables", message: "missing or not an object")
        }
        if let unknown = tables.keys.sorted().first(where: { name in !Backup.tables.contains { $0.name == name } }) {
            throw ImportError(place: "tables.\(unknown)", message: "not a table Charflow knows")
        }
        // Check and convert every value before touching the store.
        var converted: [String: [[String: SQLValue]]] = [:]
        for table in Backup.tables {
            guard tables[table.name] != nil else { continue }
            let infos = try db.rows("SELECT name, type, \"notnull\" FROM pragma_table_info(?)", [.text(table.name)]).map {
                Backup.ColumnInfo(table: table.name, name: $0[0].text ?? "", type: $0[1].text ?? "", notNull: $0[2].int == 1)
            }
            var list: [[String: SQLValue]] = []
            var seen: [SQLValue: Int] = [:]
            try document.forEachRow(of: table.name) { index, item in
                guard let object = item as? [String: Any] else {
                    throw ImportError(place: "\(table.name)[\(index + 1)]", message: "must be an object")
                }
                if let extra = object.keys.first(where: { key in !infos.contains { $0.name == key } }) {
                    throw ImportError(place: "\(table.name)[\(index + 1)].\(extra)", message: "not a column of \(table.name)")
                }
                var row: [String: SQLValue] = [:]
                for info in infos {
                    guard let value = object[info.name] else {
                        if info.notNull { throw ImportError(place: "\(table.name)[\(index + 1)].\(info.name)", message: "missing") }
                        row[info.name] = .null
                        continue
                    }
                    row[info.name] = try Backup.convert(value, table: table.name, row: index, column: info, vetting: vetting)
                }
                let place = "\(table.name)[\(index + 1)]"
                // The rules the commands apply, so the import stores nothing they would refuse.
                try vetting.checkRow(BackupRowRules.Row(text: { row[$0]?.text }, integer: { row[$0]?.integer }),
                                     table: table.name, place: place)
                // Tombstones may repeat an id (a row deleted twice); every other table's key is unique.
                if table.name != "tombstones", let key = row[table.key] {
                    if let first = seen[key] {
                        throw ImportError(place: place + "." + table.key, message: "the same as \(table.name)[\(first)]: each record appears once")
                    }
                    seen[key] = index + 1
                }
                list.append(row)
            }
            converted[table.name] = list
        }
        var kinds: [String: String] = [:]
        for row in try db.rows("SELECT id, kind FROM habits") { if let id = row[0].text { kinds[id] = row[1].text } }
        for row in converted["habits"] ?? [] { if let id = row["id"]?.text { kinds[id] = row["kind"]?.text } }
        try vetting.checkWindowTargets((converted["habit_windows"] ?? []).map { ($0["habit_id"]?.text, $0["target"]?.integer) },
                                       kinds: kinds)
        // Each field's own change time, when a sync device wrote the backup (rule Y-15).
        var fieldClocks: [(table: String, row: String, field: String, clock: String)] = []
        let clocked = Set(Backup.tables.map(\.name)).subtracting(["tombstones"])
        try document.forEachFieldClock { table, row, field, clock in
            let place = "fieldClocks.\(table).\(row).\(field)"
            guard clocked.contains(table) else { throw ImportError(place: place, message: "not a table Charflow knows") }
            guard OperationLog.isFieldClock(clock) else {
                throw ImportError(place: place, message: "not a clock (eighteen digits, a dash, six digits)")
            }
            fieldClocks.append((table, row, field, clock))
        }
        try vetting.checkBoards((converted["tasks"] ?? []).map {
            ($0["due_date"]?.text, $0["region"]?.text, $0["bucket"]?.text, $0["dropped_at"]?.text != nil)
        }, fromDevice: !fieldClocks.isEmpty)
        // The file alone keeps the rules a merge would otherwise settle (two names made one, a second
        // timer stopped): no command makes such a file.
        func fileRecords(_ table: String) -> [BackupCrossRowRules.Record] {
            (converted[table] ?? []).enumerated().map { index, row in
                BackupCrossRowRules.Record(id: row["id"]?.text ?? "", place: "\(table)[\(index + 1)]",
                                           text: row.compactMapValues(\.text), integer: row.compactMapValues(\.integer))
            }
        }
        try vetting.checkAcrossRows(BackupRecordsAcross(categories: fileRecords("categories"),
                                                        liveSessions: fileRecords("sessions").filter { $0.text["ended_at"] == nil }))
        var report = Backup.Report()
        forgetReads()
        defer { forgetReads() }
        // The settings as the store holds them after the import (as before it, after a dry run or a refusal).
        defer { try? reloadSettings() }
        try db.transaction(dryRun ? .rollback : .commit) {
            try db.execute("PRAGMA defer_foreign_keys = ON")
            try journaled {
                // A store that syncs is never replaced whole, empty or not: its tombstones and its newer
                // shared settings are what the hub knows, and a replace would bring back, on this device
                // alone and for good, what was removed since the file was made (issue 39, item 6). It
                // merges, as any store holding tasks does.
                if try storeIsEmpty(), try OperationLog.state(db) == nil {
                    report.replaced = true
                    for table in Backup.tables.reversed() { try db.run("DELETE FROM \(table.name)") }
                    for table in Backup.tables {
                        for row in converted[table.name] ?? [] {
                            try insert(row, into: table.name)
                            report.inserted[table.name, default: 0] += 1
                        }
                    }
                    // A backup from before occurrences were kept: each instance gets the one it was made for.
                    try SeriesOccurrence.fill(db)
                } else {
                    try merge(converted, report: &report, settle: settle)
                    try checkMergedBoards(converted["tasks"] ?? [], fromDevice: !fieldClocks.isEmpty, vetting: vetting)
                }
                // A backup from before completions kept their day: each done task gets the one its time
                // falls on under the rollover time the store holds now (the file's, when it replaced them).
                try reloadSettings()
                try fillCompletionDays(quietly: false)
                try checkAcrossRows(converted, vetting: vetting)
            }
            if let broken = try db.rows("PRAGMA foreign_key_check").first {
                let table = broken[0].text ?? "?"
                throw ImportError(place: table, message: "a row points at a \(broken[2].text ?? "record") that is neither in the file nor in the store")
            }
            // What the backup restores travels with each field's own time where a sync device wrote
            // it, else with its rows' own times (rule Y-15). A store restored from a device's backup
            // keeps field clocks from now on, so its changes before it joins a hub are told apart from
            // the backup's.
            if !fieldClocks.isEmpty {
                if try OperationLog.state(db) == nil { try OperationLog.enable(db, stampingRowTimes: false) }
                try OperationLog.stampWithFieldClocks(fieldClocks, db)
            }
            try OperationLog.stampWithRowTimes(db)
        }
        if !dryRun { foldAfterImport() }
        return report
    }

    /// Runs an import's changes as one undoable action (D8): every record row is captured before, and
    /// the rows it added after, so `undo` puts the store back as it was and the actions before stay
    /// undoable. Tombstones, whose ids may repeat, are keyed by rowid.
    package func journaled(_ body: () throws -> Void) throws {
        var journal = try UndoJournal(db: db, label: "import", at: nowText)
        for table in Backup.tables {
            try journal.captureAll(table.name, keyColumn: table.name == "tombstones" ? "rowid" : table.key)
        }
        try body()
        for table in Backup.tables {
            try journal.captureAdded(table.name, keyColumn: table.name == "tombstones" ? "rowid" : table.key)
        }
    }

    /// Refuses a merge that overfills a bucket the file places tasks in: the file's tasks and this
    /// store's together keep the 1–3–5 rule (B-4) on every day the file touches. A sync device's
    /// backup may itself hold a bucket a merge overfilled (Y-9); the import makes it no fuller.
    private func checkMergedBoards(_ tasks: [[String: SQLValue]], fromDevice: Bool, vetting: some BackupVetting) throws {
        var places: [[String]: Int] = [:]
        for task in tasks where task["dropped_at"]?.text == nil {
            guard let due = task["due_date"]?.text, let region = task["region"]?.text, let bucket = task["bucket"]?.text else { continue }
            places[[due, region, bucket], default: 0] += 1
        }
        for (place, inFile) in places.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let count = try db.scalar("SELECT count(*) FROM tasks WHERE due_date = ? AND region = ? AND bucket = ? AND dropped_at IS NULL",
                                      place.map { SQLValue.text($0) })?.int ?? 0
            try vetting.checkMergedBoard(due: place[0], region: place[1], bucket: place[2], count: count, inFile: inFile,
                                         fromDevice: fromDevice)
        }
    }

    /// Holds the store as the import leaves it to the rules the commands apply across records
    /// (asked of `vetting`), naming the file's row at fault; the transaction then rolls back.
    private func checkAcrossRows(_ converted: [String: [[String: SQLValue]]], vetting: some BackupVetting) throws {
        var places: [String: [String: String]] = [:]
        for (table, rows) in converted {
            for (index, row) in rows.enumerated() {
                if let id = row["id"]?.text { places[table, default: [:]][id] = "\(table)[\(index + 1)]" }
            }
        }
        func records(_ table: String, _ sql: String, text: [String] = [], integer: [String] = []) throws -> [BackupCrossRowRules.Record] {
            try db.rows(sql).map { row in
                let id = row[0].text ?? ""
                var texts: [String: String] = [:], integers: [String: Int64] = [:]
                for (offset, name) in text.enumerated() { texts[name] = row[1 + offset].text }
                for (offset, name) in integer.enumerated() { integers[name] = row[1 + text.count + offset].integer }
                return BackupCrossRowRules.Record(id: id, place: places[table]?[id], text: texts, integer: integers)
            }
        }
        let categories = try records("categories", "SELECT id, name, is_archived FROM categories ORDER BY created_at, id",
                                     text: ["name"], integer: ["is_archived"])
        var across = BackupRecordsAcross(categories: categories,
                                         liveSessions: try records("sessions", "SELECT id FROM sessions WHERE ended_at IS NULL"))
        across.habits = try records("habits", "SELECT id, title FROM habits", text: ["title"])
        across.groups = try records("habit_groups", "SELECT id, title FROM habit_groups", text: ["title"])
        across.habitKinds = (
            habits: try records("habits", "SELECT id, kind, target_per_week FROM habits", text: ["kind"], integer: ["target_per_week"]),
            schedules: try records("habit_schedules", "SELECT id, habit_id, target_per_week FROM habit_schedules",
                                   text: ["habit_id"], integer: ["target_per_week"]),
            windows: try records("habit_windows", "SELECT id, habit_id, label, start_minute, end_minute FROM habit_windows ORDER BY sort_order, created_at",
                                 text: ["habit_id", "label"], integer: ["start_minute", "end_minute"]),
            habitSessions: try records("sessions", "SELECT id, habit_window_id FROM sessions WHERE habit_window_id IS NOT NULL",
                                       text: ["habit_window_id"]))
        across.miscountedDeferrals = try records("tasks", """
            SELECT t.id, t.deferral_count, count(d.id) FROM tasks t JOIN deferrals d ON d.task_id = t.id
            GROUP BY t.id HAVING count(d.id) != t.deferral_count
            """, integer: ["deferral_count", "records"])
        try vetting.checkAcrossRows(across)
    }

    /// No tasks, habits, groups, sessions, planning or anchors, and only the untouched default categories.
    private func storeIsEmpty() throws -> Bool {
        for table in ["tasks", "habits", "habit_groups", "sessions", "night_planning", "deferrals", "habit_entries", "anchors",
                      "anchor_resolutions"] {
            if try db.scalar("SELECT count(*) FROM \(table)")?.int != 0 { return false }
        }
        let touched = try db.scalar("SELECT count(*) FROM categories WHERE preset_key IS NULL OR modified_at != created_at")?.int
        return touched == 0
    }

    private func insert(_ row: [String: SQLValue], into table: String) throws {
        let columns = try db.columns(of: table)
        let marks = Array(repeating: "?", count: columns.count).joinedText(separator: ", ")
        try db.run("INSERT INTO \(table) (\(columns.joinedText(separator: ", "))) VALUES (\(marks))",
                   columns.map { row[$0] ?? .null })
    }

    private func merge(_ converted: [String: [[String: SQLValue]]], report: inout Backup.Report,
                       settle: () throws -> Int) throws {
        for table in Backup.tables where table.name != "tombstones" {
            let columns = try db.columns(of: table.name)
            let hasModified = columns.contains("modified_at")
            for row in converted[table.name] ?? [] {
                guard let key = row[table.key] else { continue }
                // This store's own bookkeeping (its rollover marker, pending notices) is not merged.
                if table.name == "settings", let name = key.text, !PlannerSettings.storedKeys.contains(name),
                   name != CategoryRepository.todayFilterKey {
                    report.unchanged[table.name, default: 0] += 1
                    continue
                }
                let local = try db.rows("SELECT \(hasModified ? "modified_at" : table.key) FROM \(table.name) WHERE \(table.key) = ?",
                                        [key]).first
                let incoming = row["modified_at"]?.text ?? ""
                if let local {
                    if hasModified, let mine = local[0].text, incoming > mine {
                        let sets = columns.map { "\($0) = ?" }.joinedText(separator: ", ")
                        try db.run("UPDATE \(table.name) SET \(sets) WHERE \(table.key) = ?", columns.map { row[$0] ?? .null } + [key])
                        report.updated[table.name, default: 0] += 1
                    } else {
                        report.unchanged[table.name, default: 0] += 1
                    }
                    continue
                }
                let deletedHere = try db.scalar("SELECT max(deleted_at) FROM tombstones WHERE table_name = ? AND id = ?",
                                                [.text(table.name), key])?.text
                if let deletedHere, !hasModified || deletedHere >= incoming {
                    report.skipped[table.name, default: 0] += 1
                    continue
                }
                try insert(row, into: table.name)
                report.inserted[table.name, default: 0] += 1
            }
        }
        // The file's deletions reach this store's rows that did not change after them.
        for tombstone in converted["tombstones"] ?? [] {
            guard let table = tombstone["table_name"]?.text, let id = tombstone["id"], let deletedAt = tombstone["deleted_at"]?.text,
                  let key = Backup.tables.first(where: { $0.name == table })?.key else { continue }
            let known = try db.scalar("SELECT count(*) FROM tombstones WHERE table_name = ? AND id = ? AND deleted_at = ?",
                                      [.text(table), id, .text(deletedAt)])?.int ?? 0
            if known == 0 {
                try insert(tombstone, into: "tombstones")
                report.inserted["tombstones", default: 0] += 1
            }
            let hasModified = try db.columns(of: table).contains("modified_at")
            let condition = hasModified ? " AND modified_at <= ?" : ""
            try db.run("DELETE FROM \(table) WHERE \(key) = ?\(condition)", hasModified ? [id, .text(deletedAt)] : [id])
            if db.changes > 0 { report.removed[table, default: 0] += db.changes }
        }
        try mergeCategoriesByName(report: &report)
        let seriesBefore = try db.scalar("SELECT count(*) FROM tasks")?.int ?? 0
        let stopped = try settle()
        let seriesRemoved = seriesBefore - (try db.scalar("SELECT count(*) FROM tasks")?.int ?? 0)
        if seriesRemoved > 0 { report.removed["tasks", default: 0] += seriesRemoved }
        report.sessionsStopped = stopped
    }

    /// Category names are unique ignoring case: two that collide after a merge become the older one.
    private func mergeCategoriesByName(report: inout Backup.Report) throws {
        let all = try categories.all().sorted { $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id.sorts(before: $1.id) }
        var kept: [String: TaskCategory] = [:]
        for category in all {
            let key = category.name.lowercased()
            guard let keeper = kept[key] else { kept[key] = category; continue }
            try db.run("UPDATE tasks SET category_id = ?, modified_at = ? WHERE category_id = ?",
                       [.text(keeper.id.lowercasedText), .text(nowText), .text(category.id.lowercasedText)])
            try Tombstone.remove("categories", id: category.id.lowercasedText, at: nowText, in: db)
            report.removed["categories", default: 0] += 1
        }
    }
}

extension Store {
    /// Folds the write-ahead log into the store after an import, so the next commands read the store
    /// itself rather than thousands of logged pages; a fold that has to wait is left for later.
    package func foldAfterImport() {
        try? db.checkpoint()
    }
}
