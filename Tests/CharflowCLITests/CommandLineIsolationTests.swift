import CharflowTestSupport
import Foundation
import Testing

/// The command line run inside the test process, as every other suite of this target runs it: runs side
/// by side keep to their own streams, environment and home, and leave the process as they found it.
///
/// What a run must not touch is the process's: its umask (a file another run makes would get the wrong
/// mode), its working directory, its environment, and the files under the test process's own home.
@Suite("The command line in the test process: each run keeps to its own streams, environment and home")
struct CommandLineIsolationTests {
    /// The process's umask, read from /proc without setting it (setting it, even back, would race with
    /// the files other tests make meanwhile).
    static func processUmask() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        return try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") }.map(String.init))
    }

    @Test("Eight runners at once, each through a day of commands: every answer is its own, and the process's umask, working directory and environment are unchanged")
    func runsSideBySide() throws {
        let mask = try Self.processUmask()
        let folder = FileManager.default.currentDirectoryPath
        let environment = ProcessInfo.processInfo.environment
        let outcomes = try atOnce(8) { index -> [String] in
            let runner = try CharflowRunner(timeZone: index % 2 == 0 ? "Europe/London" : "America/New_York")
            defer { runner.removeFolder() }
            let id = try runner.add("Runner \(index)", ["--region", "morning"])
            try runner.ok(["done", id])
            try runner.ok(["settings", "color", "off"])
            let backup = runner.folder.appendingPathComponent("backup.json").path
            try runner.ok(["export", "--out", backup])
            let imported = try runner.run(["import", backup, "--dry-run", "--json"])
            expectEqual(imported.status, 0, "\(imported.stderr)")
            return JSONPath.titles(try runner.listTasks(all: true, now: "2026-11-30T09:00"))
        }
        expectEqual(outcomes, (0..<8).map { ["Runner \($0)"] }, "each store holds its own task only")
        try expectEqual(Self.processUmask(), mask)
        expectEqual(FileManager.default.currentDirectoryPath, folder)
        expectEqual(ProcessInfo.processInfo.environment, environment)
    }

    @Test("Y-27 two runs at once keep a hub's password in their own home's ~/.pgpass, sign in from it again, and never touch the test process's")
    func passwordFilesPerHome() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let processFile = NSHomeDirectory() + "/.pgpass"
        let before = FileManager.default.contents(atPath: processFile)
        let signIns = try (0..<2).map { try hub.requirePassword(for: "keeper\($0)", "Home-\($0)-pass") }
        let results = try atOnce(2) { index -> (kept: String?, first: Int32, again: Int32) in
            let device = try CharflowRunner()
            defer { device.removeFolder() }
            let first = try device.run(["sync", "--hub", signIns[index].url], now: "2026-03-10T08:0\(index)")
            let kept = try? String(contentsOfFile: device.folder.appendingPathComponent(".pgpass").path, encoding: .utf8)
            // The store keeps the URL without the password: this sync signs in from ~/.pgpass alone.
            try device.add("From device \(index)", now: "2026-03-10T08:1\(index)")
            let again = try device.run(["sync"], now: "2026-03-10T08:2\(index)")
            return (kept, first.status, again.status)
        }
        for (index, result) in results.enumerated() {
            #expect(result.first == 0 && result.again == 0, "device \(index): \(result.first), \(result.again)")
            expectEqual(result.kept, "127.0.0.1:\(hub.port):\(hub.database):\(signIns[index].role):Home-\(index)-pass\n", "device \(index): \(result.kept ?? "no file")")
        }
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations WHERE value LIKE '%From device%'"), "2")
        expectEqual(FileManager.default.contents(atPath: processFile), before, "the test process's ~/.pgpass is untouched")
    }
}
