import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Migrations run with foreign keys off and end with a foreign key check (A-5)")
struct MigrationRebuildTests {
    /// A store with deferrals (counted and refined), finished and live sessions, and a category label.
    func populated(_ store: TempStore) throws -> (deferred: TaskItem, timed: TaskItem, running: TaskItem) {
        let planner = try store.open("2026-03-02", "09:00")
        var work = Store.NewTask(title: "deferred one")
        work.region = .morning
        work.category = "Work"
        let deferred = try planner.add(work)
        try planner.deferTask(deferred.id.uuidString, to: nil, reason: .notReady, note: nil)
        let timed = try planner.add("timed", region: .afternoon)
        try planner.recordBegin(.task(timed.id))
        try planner.recordClose()
        let running = try planner.add("running", region: .evening)
        try planner.recordBegin(.task(running.id))
        return (deferred, timed, running)
    }

    /// The textbook table rebuild of `tasks`: create the new table, copy, drop the old, rename, and
    /// make the indexes again; the new table gains a column, as a real schema change would.
    func rebuildTasks(_ db: Database) throws -> Migration {
        let table = try #require(try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'tasks'")?.text)
        let indexes = try db.rows("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tasks' AND sql IS NOT NULL")
            .compactMap { $0[0].text }
        expectTrue(table.hasPrefix("CREATE TABLE tasks ("))
        let columns = try db.columns(of: "tasks").joined(separator: ", ")
        var created = table.replacingOccurrences(of: "CREATE TABLE tasks (", with: "CREATE TABLE tasks_rebuilt (")
        created = String(created.dropLast()) + ", rebuilt INTEGER NOT NULL DEFAULT 1\n)"
        let sql = [created,
                   "INSERT INTO tasks_rebuilt (\(columns)) SELECT \(columns) FROM tasks",
                   "DROP TABLE tasks",
                   "ALTER TABLE tasks_rebuilt RENAME TO tasks"] + indexes
        return Migration("9001-rebuild-tasks", sql.joined(separator: ";\n") + ";")
    }

    /// Every row of the child tables and the tasks, as text, in a stable order.
    func children(_ db: Database) throws -> [String] {
        var lines: [String] = []
        for (table, order) in [("deferrals", "id"), ("sessions", "id"), ("tasks", "id"), ("categories", "id")] {
            let names = try db.columns(of: table).filter { $0 != "rebuilt" }.joined(separator: ", ")
            for row in try db.rows("SELECT \(names) FROM \(table) ORDER BY \(order)") {
                lines.append(table + ": " + row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines
    }

    @Test("A-5 a migration that rebuilds the tasks table loses no deferral, session or label")
    func rebuildKeepsChildren() throws {
        let store = try TempStore()
        let (deferred, timed, running) = try populated(store)
        let before: [String]
        let migration: Migration
        do {
            let db = try Database(path: store.path)
            before = try children(db)
            migration = try rebuildTasks(db)
        }
        expectEqual(before.filter { $0.hasPrefix("deferrals") }.count, 1)
        expectEqual(before.filter { $0.hasPrefix("sessions") }.count, 2)

        let migrator = Migrator(Schema.migrator.migrations + [migration])
        let planner = try Store(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday,
                                  now: try store.instant("2026-03-02", "10:00"), migrator: migrator)
        try expectEqual(migrator.appliedNames(planner.db).last, "9001-rebuild-tasks")
        try expectEqual(planner.db.columns(of: "tasks").last, "rebuilt", "the rebuild ran")
        try expectEqual(children(planner.db), before, "no child row lost or changed")
        expectTrue(try planner.db.rows("PRAGMA foreign_key_check").isEmpty)
        try expectEqual(planner.db.scalar("PRAGMA foreign_keys")?.int, 1, "enforcement is back on after the migration")
        try expectEqual(planner.deferrals(of: planner.reload(deferred)).map(\.reason), [.notReady])
        try expectEqual(planner.sessions.sessions(ofTask: timed.id).count, 1)
        try expectEqual(planner.sessions.live()?.subject, .task(running.id))
        try expectNotEqual(planner.reload(deferred).categoryID, nil)

        // Foreign keys still hold on the rebuilt table: removing a task for good takes its rows with it.
        try planner.purge(timed.id.uuidString)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM sessions WHERE task_id = ?",
                                    [.text(timed.id.uuidString.lowercased())]) == 0)
    }

    @Test("A-5 the same rebuild with foreign keys on would have deleted the children: the test can fail")
    func rebuildWithKeysOnLosesChildren() throws {
        let store = try TempStore()
        _ = try populated(store)
        let db = try Database(path: store.path)
        let migration = try rebuildTasks(db)
        try expectEqual(db.scalar("PRAGMA foreign_keys")?.int, 1)
        try db.write { try db.execute(migration.sql) }
        try expectEqual(db.scalar("SELECT count(*) FROM deferrals")?.int, 0)
        try expectEqual(db.scalar("SELECT count(*) FROM sessions")?.int, 0)
    }

    @Test("A-5 a migration that leaves a row pointing at a missing parent is refused and rolled back")
    func orphanRefused() throws {
        let store = try TempStore()
        _ = try populated(store)
        let db = try Database(path: store.path)
        let before = try children(db)
        let names = try Schema.migrator.appliedNames(db)
        let migrator = Migrator(Schema.migrator.migrations + [
            Migration("9002-orphans", "DELETE FROM tasks WHERE title = 'deferred one'"),
        ])
        do {
            try migrator.migrate(db, now: "2026-03-02T10:00:00.000Z")
            Issue.record("a migration that orphans deferrals was applied")
        } catch let error as DatabaseError {
            expectEqual(error.result, .constraintForeignKey)
            expectTrue(error.message.contains("9002-orphans") && error.message.contains("deferrals"))
        }
        try expectEqual(children(db), before, "nothing changed")
        try expectEqual(migrator.appliedNames(db), names, "not recorded")
        try expectEqual(db.scalar("PRAGMA foreign_keys")?.int, 1, "enforcement restored after a refusal")
        expectTrue(!db.isInTransaction)
    }
}
