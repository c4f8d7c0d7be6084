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
    func runsSideBySide() async throws {
        let mask = try Self.processUmask()
        let folder = FileManager.default.currentDirectoryPath
        let environment = ProcessInfo.processInfo.environment
        let outcomes = try await withThrowingTaskGroup(of: (String, [String]).self) { group in
            for index in 0..<8 {
                group.addTask {
                    let runner = try CharflowRunner(timeZone: index % 2 == 0 ? "Europe/London" : "America/New_York")
                    defer { runner.removeFolder() }
                    let title = "Runner \(index)"
                    let id = try runner.add(title, ["--region", "morning"])
                    try runner.ok(["done", id])
                    try runner.ok(["settings", "color", "off"])
                    let backup = runner.folder.appendingPathComponent("backup.json").path
                    try runner.ok(["export", "--out", backup])
                    let imported = try runner.run(["import", backup, "--dry-run", "--json"])
                    #expect(imported.status == 0, "\(imported.stderr)")
                    let titles = JSONPath.titles(try runner.listTasks(all: true, now: "2026-11-30T09:00"))
                    return (title, titles)
                }
            }
            var all: [(String, [String])] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == 8)
        for (title, titles) in outcomes {
            #expect(titles == [title], "each store holds its own task only: \(titles)")
        }
        #expect(try Self.processUmask() == mask)
        #expect(FileManager.default.currentDirectoryPath == folder)
        #expect(ProcessInfo.processInfo.environment == environment)
    }

    @Test("Y-27 two runs at once keep a hub's password in their own home's ~/.pgpass, sign in from it again, and never touch the test process's")
    func passwordFilesPerHome() async throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let processFile = NSHomeDirectory() + "/.pgpass"
        let before = FileManager.default.contents(atPath: processFile)
        let results = try await withThrowingTaskGroup(of: (Int, String?, Int32, Int32).self) { group in
            for index in 0..<2 {
                let password = "Home-\(index)-pass"
                let url = try hub.requirePassword(for: "keeper\(index)", password)
                group.addTask {
                    let device = try CharflowRunner()
                    defer { device.removeFolder() }
                    let first = try device.run(["sync", "--hub", url], now: "2026-03-10T08:0\(index)")
                    let kept = try? String(contentsOfFile: device.folder.appendingPathComponent(".pgpass").path, encoding: .utf8)
                    // The store keeps the URL without the password: this sync signs in from ~/.pgpass alone.
                    try device.add("From device \(index)", now: "2026-03-10T08:1\(index)")
                    let again = try device.run(["sync"], now: "2026-03-10T08:2\(index)")
                    return (index, kept, first.status, again.status)
                }
            }
            var all: [(Int, String?, Int32, Int32)] = []
            for try await result in group { all.append(result) }
            return all
        }
        for (index, kept, first, again) in results {
            #expect(first == 0 && again == 0, "device \(index): \(first), \(again)")
            #expect(kept == "127.0.0.1:\(hub.port):postgres:keeper\(index):Home-\(index)-pass\n", "device \(index): \(kept ?? "no file")")
        }
        #expect(try hub.value("SELECT count(*) FROM hub_operations WHERE value LIKE '%From device%'") == "2")
        #expect(FileManager.default.contents(atPath: processFile) == before, "the test process's ~/.pgpass is untouched")
    }
}
