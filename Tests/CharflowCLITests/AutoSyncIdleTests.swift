import CharflowApp
import CharflowTestSupport
import Foundation
import Testing

/// The automatic sync loop at rest (`AutoSync`): how often it looks at the store when nothing happens.
@Suite("Automatic sync at rest", .serialized)
struct AutoSyncIdleTests {
    /// Runs a loop over `runner`'s store for `seconds` with nothing happening; answers how often it looked.
    static func looks(_ runner: CharflowRunner, hub: String?, seconds: TimeInterval) throws -> Int {
        let store = try StoreEnvironment(environment: runner.environment(), storeOption: nil)
        let loop = AutoSync(store: store, clock: { Date() }, environmentHub: hub)
        loop.start()
        Thread.sleep(forTimeInterval: seconds)
        let looks = loop.knowledge.looks
        loop.stop()
        return looks
    }

    @Test("Y-28 without a hub an idle loop looks at the store once in five seconds, not every 10 ms (issue 39, item 12)")
    func idleWithoutHub() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.add("Something")
        let looks = try Self.looks(runner, hub: nil, seconds: 2)
        expectTrue(looks >= 1 && looks <= 2, "\(looks) looks in 2 s")
    }

    @Test("Y-28 with a hub an idle loop reads the store once, not twice a second, and still sees a command's change at once (issue 39, item 12)")
    func idleWithHub() throws {
        let hub = try PostgresHub.initialised(at: "2026-11-30T08:00")
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.syncJSON(hub, now: "2026-11-30T08:01")
        let store = try StoreEnvironment(environment: runner.environment(), storeOption: nil)
        let loop = AutoSync(store: store, clock: { Date() }, environmentHub: nil)
        loop.start()
        defer { loop.stop() }
        Thread.sleep(forTimeInterval: 2)
        let idle = loop.knowledge
        #expect(idle.looks == 1 || idle.looks == 2, "\(idle.looks) reads of the store in 2 s with nothing happening")
        // A command beside the loop writes: the loop reads the log, sees the change and sends it.
        let id = try runner.add("Written beside the loop", now: "2026-11-30T09:00")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try hub.value("SELECT count(*) FROM hub_fields WHERE row_id = '\(id)'") == "0" {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try expectNotEqual(hub.value("SELECT count(*) FROM hub_fields WHERE row_id = '\(id)'"), "0", "the change never reached the hub")
        expectTrue(loop.knowledge.looks > idle.looks)
    }
}
