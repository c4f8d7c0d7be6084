import CharflowApp
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// The hub connection a sync loop keeps between its syncs (`KeptHubConnection`), through a real
/// PostgreSQL hub: one server process serves them all, and one the hub ended is made again.
@Suite("A sync loop keeps its hub connection", .serialized)
struct KeptHubConnectionTests {
    @Test("Y-28 a loop's syncs share one hub connection, and one the hub ended is made again by the next sync, which succeeds (issue 39, item 13)")
    func keptAcrossSyncs() throws {
        let hub = try PostgresHub.initialised(at: "2026-11-30T08:00")
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        try runner.syncJSON(hub, now: "2026-11-30T08:01")
        let store = try StoreEnvironment(environment: runner.environment(), storeOption: nil)
        let kept = KeptHubConnection()
        var input = SyncInput()
        input.keptHub = kept
        try expectEqual(kept.serverProcess(), nil, "nothing is kept before the first sync")
        var processes: [String] = []
        for (index, title) in ["Call the bank", "Water the plants", "Pay the rent"].enumerated() {
            try runner.add(title, now: "2026-11-30T09:0\(index)")
            let report = try store.open(now: Date()).syncWithHub(input)
            expectEqual(report.pushed, 1)
            processes.append(try #require(try kept.serverProcess()))
        }
        expectEqual(Set(processes).count, 1, "one server process for three syncs: \(processes)")
        // The hub ends the connection while the loop waits (a restart, an administrator).
        _ = try hub.value("SELECT pg_terminate_backend(\(processes[0]))")
        try runner.add("Book the dentist", now: "2026-11-30T09:05")
        let report = try store.open(now: Date()).syncWithHub(input)
        expectEqual(report.pushed, 1, "the sync after the drop succeeds over a new connection")
        let again = try #require(try kept.serverProcess())
        expectNotEqual(again, processes[0])
        let held = try hub.value("SELECT count(DISTINCT row_id) FROM hub_fields WHERE table_name = 'tasks'")
        expectEqual(held, "4", "the hub holds \(held) tasks")
    }
}
