import CharflowApp
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
        #expect(looks >= 1 && looks <= 2, "\(looks) looks in 2 s")
    }

    @Test("Y-28 with a hub an idle loop looks at the store twice a second and waits on the hub's announcements between")
    func idleWithHub() throws {
        let hub = try PostgresHub.initialised(at: "2026-11-30T08:00")
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.syncJSON(hub, now: "2026-11-30T08:01")
        let looks = try Self.looks(runner, hub: nil, seconds: 2)
        #expect(looks >= 1 && looks <= 7, "\(looks) looks in 2 s")
    }
}
