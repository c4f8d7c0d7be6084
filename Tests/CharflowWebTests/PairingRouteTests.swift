import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// `POST /api/pairing`, Settings' "Pair a phone" (spec D24, rule M-2): on this machine's server only.
@Suite("serve · Settings' pairing link (M-2)", .serialized)
struct PairingRouteTests {
    @Test("M-2 this machine's page makes a one-time pairing link once the store is served on the network; a read or a missing token makes none")
    func loopback() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let early = try local.post("/api/pairing", "{}")
        expectEqual(early.status, 409)
        expectEqual(early.error()?.code, "not_listening")
        try NetworkRecord(url: "https://planner.home:8443", fingerprint: "AB:CD").write(to: local.state.networkPath)
        try expectEqual(local.send("GET", "/api/pairing").status, 405)
        try expectEqual(local.send("POST", "/api/pairing", json: "{}", token: .some(nil)).status, 403)
        let made = try local.post("/api/pairing", "{}")
        expectEqual(made.status, 200, "\(made.body)")
        let json = try made.json()
        let url = try #require(json["url"] as? String)
        expectTrue(url.hasPrefix("https://planner.home:8443/pair?code="))
        expectEqual(json["fingerprint"] as? String, "AB:CD")
        let qr = try #require(json["qr"] as? [String: Any])
        expectEqual((qr["path"] as? String)?.hasPrefix("M"), true)
        let code = String(url.split(separator: "=").last ?? "")
        expectTrue(local.state.pairingCodes.consume(code, now: Date()), "the link's code does not pair")
    }

    @Test("M-2, M-4 a paired phone cannot make pairing links: on the network the address names nothing")
    func network() throws {
        let network = try NetworkServer()
        defer { network.stop() }
        let cookie = try #require(try network.pair())
        let page = try network.curl("/", ["-H", "Cookie: \(cookie)"])
        let token = try #require(page.body.firstMatch(of: /[0-9a-f]{64}/)).output
        let answer = try network.curl("/api/pairing", ["-H", "Cookie: \(cookie)", "-H", "X-Charflow-Token: \(token)",
                                                       "-H", "Content-Type: application/json", "-d", "{}"])
        expectEqual(answer.status, 404)
        let codes = (try? String(contentsOfFile: network.state.pairingCodes.path, encoding: .utf8)) ?? ""
        expectEmpty(codes, "a pairing code was kept: \(codes)")
    }
}
