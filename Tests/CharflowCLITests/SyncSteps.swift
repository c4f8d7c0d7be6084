import CharflowStore
import Foundation
import Testing

/// The two steps every sync suite takes: a new hub made ready by `hub init`, and a device's
/// `sync --json` against it at a given moment.
extension PostgresHub {
    /// A new cluster made a hub by `hub init` from a store of its own, at `now`.
    static func initialised(at now: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PostgresHub {
        let hub = try PostgresHub()
        let result = try CharflowRunner().run(["hub", "init", hub.url], now: now)
        try #require(result.status == 0, "hub init failed: \(result.stderr)", sourceLocation: sourceLocation)
        return hub
    }
}

extension CharflowRunner {
    /// `sync --hub URL --json` at `now`, expected to succeed; its JSON answer.
    @discardableResult
    func syncJSON(_ hub: PostgresHub, now: String, extra: [String] = [],
                  sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(["sync", "--hub", hub.url, "--json"] + extra, now: now)
        #expect(result.status == 0, "sync failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try result.json()
    }

    /// The device id the store syncs under (it must be a device already).
    func deviceID() throws -> String {
        try #require(try Database(path: storePath, readOnly: true).scalar("SELECT device_id FROM sync_state WHERE id = 1")?.text)
    }

    /// Whether the store holds the task `id`, read without writing.
    func holdsTask(_ id: String) throws -> Bool {
        try Database(path: storePath, readOnly: true).scalar("SELECT count(*) FROM tasks WHERE id = ?", [.text(id)])?.int == 1
    }
}
