import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Who can read Charflow's files, and what a purge leaves behind (issue 17, item 14).
@Suite("Privacy: owner-only files, purge means gone")
struct PrivacyFileTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test("P-9 a new store, its -wal and -shm are 0600 and the folders made for it 0700")
    func ownerOnlyStore() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let folder = cf.folder.appendingPathComponent("new/charflow").path
        let store = folder + "/charflow.sqlite"
        let result = try cf.run(["add", "Private thought"], extra: ["CHARFLOW_DB": store])
        expectEqual(result.status, 0, "\(result.stderr)")
        // A connection held open keeps -wal and -shm in place while their modes are read.
        let reader = try Database(path: store)
        _ = try reader.rows("SELECT count(*) FROM tasks")
        for path in [store, store + "-wal", store + "-shm"] {
            try expectEqual(Self.mode(path), 0o600, "\(path)")
        }
        withExtendedLifetime(reader) {}
        try expectEqual(Self.mode(folder), 0o700)
        try expectEqual(Self.mode(cf.folder.appendingPathComponent("new").path), 0o700)
    }

    @Test("P-9 X-1 an export to a new file is 0600")
    func ownerOnlyExport() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Private thought")
        for format in ["json", "csv", "ics"] {
            let out = cf.folder.appendingPathComponent("backup." + format).path
            let result = try cf.run(["export", "--format", format, "--out", out])
            expectEqual(result.status, 0, "\(result.stderr)")
            try expectEqual(Self.mode(out), 0o600, "\(format)")
        }
    }

    @Test("B-9 P-9 a purged task's title and notes are in no byte of the store, its -wal or -shm")
    func purgeLeavesNoTrace() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let title = "Zqx-secret-title-4471", notes = "Zqx-secret-notes-9902"
        try cf.add("Keep this one", ["--region", "morning"])
        let id = try cf.add(title, ["--notes", notes, "--region", "morning"])
        // Changes that write before-images of the row into the undo history and more WAL frames.
        try cf.run(["edit", id, "--notes", notes + " and more"])
        try cf.run(["begin", id])
        try cf.run(["finish", "--stop", "--note", notes], now: "2026-11-30T09:30")
        try cf.run(["note", id, notes], now: "2026-11-30T09:31")
        try cf.run(["delete", id], now: "2026-11-30T09:32")
        let purged = try cf.run(["purge", id], now: "2026-11-30T09:33")
        expectEqual(purged.status, 0, "\(purged.stderr)")
        let reader = try Database(path: cf.storePath)
        _ = try reader.rows("SELECT count(*) FROM tasks")
        for path in [cf.storePath, cf.storePath + "-wal", cf.storePath + "-shm"] {
            let bytes = try #require(FileManager.default.contents(atPath: path), "\(path)")
            for secret in [title, notes, "Zqx-secret"] {
                expectEqual(bytes.range(of: Data(secret.utf8)), nil, "\(secret) is still in \(path)")
            }
        }
        withExtendedLifetime(reader) {}
        let list = try cf.json(["list", "--all"], now: "2026-11-30T09:34")
        expectEqual(JSONPath.titles(JSONPath.tasks(list, "tasks")), ["Keep this one"])
    }

    @Test("P-9 privacy says exactly what erase leaves: exports and copies stay")
    func privacySaysWhatStays() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let text = try cf.run(["privacy"]).stdout
        expectContains(text, "exports you saved", "\(text)")
        expectContains(text, "stay", "\(text)")
        expectLacks(text, "removes all of it", "\(text)")
    }
}
