import CharflowTestSupport
@testable import CharflowWeb
import Foundation
import Testing

/// No other page may frame the app (README D21, rule W-26): every answer the server gives carries one
/// policy with `frame-ancestors 'none'` and `X-Frame-Options: DENY`, and a response's own policy is
/// merged with it rather than sent beside it.
@Suite("serve · no page may frame the app (W-26)")
struct FramingHeadersTests {
    @Test("W-26: every kind of answer carries exactly one policy with frame-ancestors 'none' and one X-Frame-Options DENY")
    func everyAnswerRefusesFraming() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let link = try local.state.links.mint()
        let answers: [(String, LocalServer.Answer)] = [
            ("page", try local.send("GET", "/")),
            ("script", try local.send("GET", "/main.mjs")),
            ("API read", try local.send("GET", "/api/today")),
            ("API write", try local.post("/api/tasks", #"{"title": "Framed?"}"#)),
            ("not found", try local.send("GET", "/api/tasks/ffffffff")),
            ("no cookie", try local.send("GET", "/", cookie: .some(nil))),
            ("no token", try local.send("POST", "/api/tasks", json: "{}", token: .some(nil))),
            ("two Hosts", try local.exchange(method: "GET", path: "/", headers: [("Host", local.host), ("Host", local.host)], body: [])),
            ("sign-in", try local.send("GET", "/?token=" + link.text, cookie: .some(nil))),
            ("used link", try local.send("GET", "/?token=" + link.text, cookie: .some(nil))),
            ("manifest", try local.send("GET", "/manifest.webmanifest", cookie: .some(nil))),
            ("icon", try local.send("GET", "/icon.svg", cookie: .some(nil))),
        ]
        expectEqual(answers.map(\.1.status), [200, 200, 200, 200, 404, 401, 403, 400, 303, 401, 200, 200])
        for (kind, answer) in answers {
            let policies = answer.values("Content-Security-Policy")
            expectEqual(policies.count, 1, "\(kind): \(policies)")
            expectEqual(policies.first?.contains("frame-ancestors 'none'"), true, "\(kind): \(policies)")
            expectEqual(answer.values("X-Frame-Options"), ["DENY"], "\(kind)")
        }
        // The used link's page brings a policy of its own (a nonce for its inline style): merged, not added.
        let used = try #require(answers.first { $0.0 == "used link" }?.1)
        let policy = try #require(used.values("Content-Security-Policy").first)
        let nonce = String(policy.dropFirst("style-src 'nonce-".count).prefix { $0 != "'" })
        expectEqual(nonce.count, 64, "\(policy)")
        expectEqual(policy, "style-src 'nonce-\(nonce)'; default-src 'self'; frame-ancestors 'none'")
        expectContains(used.body, "<style nonce=\"\(nonce)\">")
    }

    @Test("W-26: a response's own policy is merged with the default one: one header, its directives kept, frame-ancestors forced to 'none'")
    func ownPolicyMerged() {
        let own = WebResponse(status: 200, contentType: "text/html", body: [], headers: [
            ("content-security-policy", "script-src 'none'; frame-ancestors *"),
            ("X-Other", "kept"),
        ])
        let policies = own.allHeaders.filter { $0.0.lowercased() == "content-security-policy" }.map(\.1)
        expectEqual(policies, ["script-src 'none'; default-src 'self'; frame-ancestors 'none'"])
        expectTrue(own.allHeaders.contains { $0 == ("X-Other", "kept") })
        expectEqual(own.allHeaders.filter { $0.0 == "X-Frame-Options" }.map(\.1), ["DENY"])
        // Its own default-src wins over the default's; a second policy header of its own is merged too.
        let two = WebResponse.mergedPolicy(["default-src 'none'; img-src data:", "Frame-Ancestors 'self'; style-src 'self'"])
        expectEqual(two, "default-src 'none'; img-src data:; style-src 'self'; frame-ancestors 'none'")
        // Without a policy of its own an answer sends the default, unchanged.
        let plain = WebResponse.json("{}").allHeaders.filter { $0.0 == "Content-Security-Policy" }.map(\.1)
        expectEqual(plain, ["default-src 'self'; frame-ancestors 'none'"])
    }
}
