import CharflowTestSupport
import Foundation
import Testing

/// The Settings screen's two routes that are not use cases: `GET /api/privacy` says what `charflow privacy`
/// says, and `POST /api/erase` does what `charflow erase --yes` does, refused without `yes`.
@Suite("serve · privacy and erase")
struct ServePrivacyEraseTests {
    @Test("GET /api/privacy is `charflow privacy --json` for the same store")
    func privacyMatchesCLI() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        try runner.add("Sort the loft")
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let answer = try server.send("GET", "/api/privacy")
        expectEqual(answer.status, 200)
        let web = try answer.json()
        expectTrue(NSDictionary(dictionary: web).isEqual(to: try runner.json(["privacy"])), "web: \(answer.body)")
        expectEqual(web["store"] as? String, runner.storePath)
    }

    @Test("POST /api/erase without yes is refused with the CLI's code and changes nothing; with yes the store is gone")
    func eraseNeedsYes() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        try runner.add("Finish proposal", ["--region", "morning", "--bucket", "must"])
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let before = server.storeBytes()
        for body in ["{}", "{\"yes\": false}"] {
            let refused = try server.send("POST", "/api/erase", json: body)
            expectEqual(refused.status, 409, "\(refused.body)")
            try expectEqual(refused.errorCode(), "needs_yes")
            expectEqual(server.storeBytes(), before)
        }
        // A read cannot erase.
        try expectEqual(server.send("GET", "/api/erase").status, 405)
        let cli = try runner.run(["erase", "--json"])
        expectEqual(cli.status, 1)
        let erased = try server.send("POST", "/api/erase", json: "{\"yes\": true}")
        expectEqual(erased.status, 200, "\(erased.body)")
        expectTrue(NSDictionary(dictionary: try erased.json()).isEqual(to: ["erased": true]))
        expectTrue(!FileManager.default.fileExists(atPath: runner.storePath))
        // The next request starts a fresh, empty store, as the next CLI command would.
        let today = try server.send("GET", "/api/list?all=1")
        expectEqual(today.status, 200)
        expectEqual((try today.json()["tasks"] as? [Any])?.isEmpty, true, "\(today.body)")
        expectEqual((try runner.json(["list", "--all"])["tasks"] as? [Any])?.isEmpty, true)
    }
}
