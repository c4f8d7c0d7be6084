import CharflowTestSupport
import Foundation
import Testing

/// The access checks come before any route or body: without the cookie nothing is answered, without
/// the token header nothing is written, and a refused request leaves the store as it was.
@Suite struct AccessGuardTests {
    static let add = #"{"title": "Planted", "region": "morning"}"#

    @Test("W-2: without the cookie every page and API answer is 401, and a write changes nothing")
    func noCookie() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let before = local.storeBytes()
        for (method, path) in [("GET", "/api/today"), ("GET", "/main.mjs"), ("POST", "/api/tasks"), ("POST", "/api/nowhere"), ("POST", "/")] {
            let answer = try local.send(method, path, json: method == "POST" ? Self.add : nil, cookie: .some(nil))
            expectEqual(answer.status, 401, "\(method) \(path): \(answer.body)")
            expectEqual(answer.error()?.code, "no_cookie", "\(method) \(path)")
        }
        // The page a person opens is refused in words, as a page (401 still).
        let page = try local.send("GET", "/", cookie: .some(nil))
        #expect(page.status == 401 && page.body.contains(#"data-code="no_cookie""#), "\(page.body)")
        expectEqual(local.storeBytes(), before)
    }

    @Test("W-26: a HEAD of a sign-in link spends nothing; the GET after it signs in once")
    func headKeepsTheLink() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let link = try local.state.links.mint()
        let head = try local.send("HEAD", "/?token=\(link.text)", cookie: .some(nil))
        expectEqual(head.status, 200, "\(head.body)")
        let first = try local.send("GET", "/?token=\(link.text)", cookie: .some(nil))
        expectEqual(first.status, 303, "\(first.body)")
        let again = try local.send("GET", "/?token=\(link.text)", cookie: .some(nil))
        expectEqual(again.status, 401, "\(again.body)")
    }

    @Test("W-2: a wrong token in the cookie is 401 and changes nothing")
    func wrongCookie() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let before = local.storeBytes()
        let wrong = "charflow-\(local.server.port)=\(String(local.secret.cookie.text.reversed()))"
        for (method, path) in [("GET", "/api/today"), ("POST", "/api/tasks")] {
            let answer = try local.send(method, path, json: method == "POST" ? Self.add : nil, cookie: .some(wrong))
            expectEqual(answer.status, 401, "\(method) \(path): \(answer.body)")
            expectEqual(answer.error()?.code, "wrong_token")
        }
        expectEqual(local.storeBytes(), before)
    }

    @Test("W-3: a write without the token header, or with another token, is 403 before its body is read")
    func noTokenHeader() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let before = local.storeBytes()
        for token in [nil, String(local.secret.write.text.reversed())] {
            // A body the strict decoder would refuse: the access check answers first.
            for body in [Self.add, #"{"title": "x", "region": ["morning"]}"#] {
                let answer = try local.send("POST", "/api/tasks", json: body, token: .some(token))
                expectEqual(answer.status, 403, "\(answer.body)")
                expectEqual(answer.error()?.code, "no_token")
            }
        }
        expectEqual(local.storeBytes(), before)
        // With the header the same write goes through.
        try expectEqual(local.post("/api/tasks", Self.add).status, 200)
        expectNotEqual(local.storeBytes(), before)
    }
}
