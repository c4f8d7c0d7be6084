import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("One transaction API: savepoints, commit and roll back (A-6)")
struct TransactionTests {
    /// A bare SQLite file with one table, opened through `Database` as the store opens it.
    func scratch(_ store: TempStore) throws -> Database {
        let db = try Database(path: store.path)
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        return db
    }

    func texts(_ db: Database) throws -> [String] {
        try db.rows("SELECT text FROM notes ORDER BY id").compactMap { $0[0].text }
    }

    struct Refused: Error {}

    @Test("A-6 a nested write is a savepoint: when its body throws only its own changes roll back")
    func nestedThrowRollsBackOnlyItsLevel() throws {
        let store = try TempStore()
        let db = try scratch(store)
        try db.write {
            try db.run("INSERT INTO notes (text) VALUES ('outer before')")
            #expect(throws: Refused.self) {
                try db.write {
                    try db.run("INSERT INTO notes (text) VALUES ('inner')")
                    throw Refused()
                }
            }
            try db.write { try db.run("INSERT INTO notes (text) VALUES ('inner kept')") }
            try db.run("INSERT INTO notes (text) VALUES ('outer after')")
        }
        try expectEqual(texts(db), ["outer before", "inner kept", "outer after"])
        expectTrue(!db.isInTransaction)
    }

    @Test("A-6 an outer body that throws rolls back everything, savepoints already released included")
    func outerThrowRollsBackAll() throws {
        let store = try TempStore()
        let db = try scratch(store)
        try db.write { try db.run("INSERT INTO notes (text) VALUES ('kept')") }
        #expect(throws: Refused.self) {
            try db.write {
                try db.write { try db.run("INSERT INTO notes (text) VALUES ('released savepoint')") }
                try db.run("INSERT INTO notes (text) VALUES ('outer')")
                throw Refused()
            }
        }
        try expectEqual(texts(db), ["kept"])
        expectTrue(!db.isInTransaction)
    }

    @Test("A-6 a dry run returns its body's result and leaves nothing behind, nested or outermost")
    func dryRunDiscards() throws {
        let store = try TempStore()
        let db = try scratch(store)
        let seen = try db.dryRun {
            try db.run("INSERT INTO notes (text) VALUES ('tried')")
            return try texts(db)
        }
        expectEqual(seen, ["tried"], "the body sees its own changes")
        try expectEmpty(texts(db))
        try db.write {
            try db.run("INSERT INTO notes (text) VALUES ('committed')")
            let inner = try db.dryRun {
                try db.run("INSERT INTO notes (text) VALUES ('only tried')")
                return try db.scalar("SELECT count(*) FROM notes")?.int
            }
            expectEqual(inner, 2)
        }
        try expectEqual(texts(db), ["committed"])
        try expectEqual(db.transaction(.rollback) { try db.run("DELETE FROM notes"); return 7 }, 7)
        try expectEqual(texts(db), ["committed"])
    }

    @Test("A-6 another connection sees a transaction's changes only once it commits, and never a dry run's")
    func otherConnectionSeesCommitsOnly() throws {
        let store = try TempStore()
        let db = try scratch(store)
        let other = try Database(path: store.path)
        try db.write {
            try db.run("INSERT INTO notes (text) VALUES ('pending')")
            try expectEqual(other.scalar("SELECT count(*) FROM notes")?.int, 0)
        }
        try expectEqual(other.scalar("SELECT count(*) FROM notes")?.int, 1)
        try db.dryRun { try db.run("INSERT INTO notes (text) VALUES ('never')") }
        try expectEqual(other.scalar("SELECT count(*) FROM notes")?.int, 1)
    }

    @Test("A-6 an import dry run (through the transaction API) changes nothing and reports what it would do")
    func importDryRunChangesNothing() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.add("already here", region: .morning)
        let before = try TempStore.contents(planner)
        let version = try planner.changeVersion()
        let incoming = TaskItem(title: "imported", createdAt: try store.instant("2026-03-01", "08:00"))
        let (report, _) = try planner.importTasks([ImportedTask(task: incoming, category: "Work", place: "task 1")], dryRun: true)
        expectEqual(report.inserted["tasks"], 1)
        try expectEqual(TempStore.contents(planner), before)
        try expectEqual(planner.changeVersion(), version)
        expectTrue(!planner.db.isInTransaction)
        let (kept, _) = try planner.importTasks([ImportedTask(task: incoming, category: "Work", place: "task 1")], dryRun: false)
        expectEqual(kept.inserted["tasks"], 1)
        try expectEqual(planner.list(all: false).map(\.title).sorted(), ["already here", "imported"])
    }
}
