import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The server of `charflow serve`, in the test process on a free port, driven over loopback (issue 13,
/// D17). The process itself (its URL, its signals, a port taken) is end to end (`EndToEndServeTests`).
///
/// Every refusal is checked to leave the store's files byte-identical.
@Suite("serve · access and transport (W-1..W-4)")
struct ServeAccessTests {
    /// Sends a request that must be refused with `status` and `code`, and checks the store is untouched.
    func expectRefused(
        _ server: ServedCharflow, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ send: () throws -> HTTPAnswer
    ) throws {
        let before = server.storeBytes()
        let answer = try send()
        #expect(answer.status == status, "\(answer.status) \(answer.body)", sourceLocation: sourceLocation)
        #expect(try answer.errorCode() == code, sourceLocation: sourceLocation)
        #expect(answer.header("Access-Control-Allow-Origin") == nil, sourceLocation: sourceLocation)
        #expect(answer.header("Content-Security-Policy") == ServedCharflow.policy, sourceLocation: sourceLocation)
        #expect(answer.header("X-Frame-Options") == "DENY", sourceLocation: sourceLocation)
        #expect(server.storeBytes() == before, "the store changed", sourceLocation: sourceLocation)
    }

    static let add = #"{"title": "Planted by a stranger", "region": "morning"}"#

    @Test("W-1: the printed URL trades its token for an HttpOnly SameSite=Strict cookie and redirects 303 to /")
    func cookieFlow() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        try runner.add("Water plants", ["--region", "morning"])
        let server = try ServedCharflow(runner, signIn: false)
        defer { server.stop() }
        let answer = try server.send("GET", "/?token=" + server.link, cookie: .some(nil))
        expectEqual(answer.status, 303)
        expectEqual(answer.header("Location"), "/")
        let cookie = try #require(answer.header("Set-Cookie"))
        let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let pair = try #require(parts.first?.split(separator: "=", maxSplits: 1).map(String.init))
        expectEqual(pair.first, "charflow-\(server.port)")
        let value = try #require(pair.last)
        #expect(value.count == 64 && value.allSatisfy(\.isHexDigit) && value != server.link)
        expectContains(parts, "HttpOnly")
        expectContains(parts, "SameSite=Strict")
        expectContains(parts, "Path=/")
        // With the cookie, the page answers, and carries a write token for its script (not the cookie).
        let page = try server.send("GET", "/", cookie: "charflow-\(server.port)=\(value)")
        expectEqual(page.status, 200)
        expectEqual(page.header("Content-Type")?.hasPrefix("text/html"), true)
        let meta = try #require(page.body.range(of: #"<meta name="charflow-token" content="[0-9a-f]{64}">"#, options: .regularExpression))
        expectTrue(!page.body[meta].contains(value))
        expectLacks(page.body, value)
        expectContains(page.body, "Water plants")
    }

    @Test("W-2: without the cookie every page and API answer is 401; a wrong token changes nothing")
    func noCookie() throws {
        try ServedCharflow.withBoard { server in
            for path in ["/api/changes", "/api/today", "/nowhere"] {
                try expectRefused(server, 401, "no_cookie") { try server.send("GET", path, cookie: .some(nil)) }
            }
            // The page itself is refused as a page in words a person can read, saying how to sign in.
            let page = try server.send("GET", "/", cookie: .some(nil))
            #expect(page.status == 401 && page.body.contains(#"data-code="no_cookie""#), "\(page.status) \(page.body)")
            expectEqual(page.header("Content-Type"), "text/html; charset=utf-8")
            expectTrue(page.body.contains("charflow open") && !page.body.contains("Water plants"))
            try expectRefused(server, 401, "no_cookie") { try server.send("POST", "/api/tasks", json: Self.add, cookie: .some(nil)) }
            let wrong = String(repeating: "0", count: 64)
            let before = server.storeBytes()
            let link = try server.send("GET", "/?token=" + wrong, cookie: .some(nil))
            #expect(link.status == 401 && link.body.contains(#"data-code="link_refused""#), "\(link.status) \(link.body)")
            expectEqual(link.header("Set-Cookie"), nil)
            expectEqual(server.storeBytes(), before)
            try expectRefused(server, 401, "wrong_token") {
                try server.send("POST", "/api/tasks", json: Self.add, cookie: "charflow-\(server.port)=\(wrong)", token: wrong)
            }
            // A cookie for another server's port is not this server's.
            try expectRefused(server, 401, "no_cookie") {
                try server.send("GET", "/api/today", cookie: "charflow-\(server.port + 1)=\(server.cookieValue)")
            }
        }
    }

    @Test("W-3: a foreign Host is answered 421, before any other check")
    func foreignHost() throws {
        try ServedCharflow.withBoard { server in
            for host in ["evil.example:\(server.port)", "127.0.0.1:\(server.port + 1)", "127.0.0.1", "localhost.evil.example:\(server.port)"] {
                try expectRefused(server, 421, "foreign_host") { try server.send("GET", "/api/changes", host: host) }
                try expectRefused(server, 421, "foreign_host") {
                    try server.send("POST", "/api/tasks", json: Self.add, host: host, cookie: .some(nil))
                }
            }
            for host in ["localhost:\(server.port)", "[::1]:\(server.port)", "LOCALHOST:\(server.port)"] {
                try expectEqual(server.send("GET", "/api/changes", host: host).status, 200, "\(host)")
            }
        }
    }

    @Test("W-3: a write without the token header, with a wrong one, a foreign Origin or not JSON is 403")
    func writeGuards() throws {
        try ServedCharflow.withBoard { server in
            try expectRefused(server, 403, "no_token") { try server.send("POST", "/api/tasks", json: Self.add, token: .some(nil)) }
            try expectRefused(server, 403, "no_token") {
                try server.send("POST", "/api/tasks", json: Self.add, token: String(server.token.reversed()))
            }
            for origin in ["http://evil.example", "http://127.0.0.1:\(server.port + 1)", "https://127.0.0.1:\(server.port)", "null"] {
                try expectRefused(server, 403, "foreign_origin") { try server.send("POST", "/api/tasks", json: Self.add, origin: origin) }
            }
            try expectRefused(server, 403, "not_json") {
                try server.send("POST", "/api/tasks", json: "title=Planted+by+a+form", contentType: "application/x-www-form-urlencoded")
            }
            try expectRefused(server, 403, "not_json") { try server.send("POST", "/api/tasks", json: Self.add, contentType: "text/plain") }
            try expectRefused(server, 403, "not_json") { try server.send("POST", "/api/tasks", json: Self.add, contentType: .some(nil)) }
            for method in ["PUT", "DELETE", "PATCH"] {
                try expectRefused(server, 403, "no_token") { try server.send(method, "/api/tasks", json: Self.add, token: .some(nil)) }
            }
            // The same write with every guard met goes through, with its own origin.
            let added = try server.send("POST", "/api/tasks", json: Self.add, origin: "http://\(server.host)",
                                        contentType: "application/json; charset=utf-8")
            expectEqual(added.status, 200, "\(added.body)")
            let today = try server.runner.json(["today"])
            expectContains(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")), "Planted by a stranger")
        }
    }

    @Test("W-3: GET never writes: reading every page leaves the store byte-identical")
    func getNeverWrites() throws {
        try ServedCharflow.withBoard { server in
            let before = server.storeBytes()
            for path in ["/", "/api/changes", "/api/changes", "/?token=" + server.link] {
                _ = try server.send("GET", path)
                _ = try server.send("HEAD", path)
            }
            // A GET to a write's address is no write either.
            try expectEqual(server.send("GET", "/api/tasks").status, 405)
            expectEqual(server.storeBytes(), before)
        }
    }

    @Test("W-4: a body over 64 KiB is answered 413, declared or chunked; 64 KiB itself is read")
    func bodyLimit() throws {
        try ServedCharflow.withBoard { server in
            let padding = String(repeating: "a", count: 64 * 1024 + 1 - #"{"title": ""}"#.count)
            let over = #"{"title": "\#(padding)"}"#
            expectEqual(over.utf8.count, 64 * 1024 + 1)
            try expectRefused(server, 413, "too_large") { try server.send("POST", "/api/tasks", json: over) }
            try expectRefused(server, 413, "too_large") {
                let headers = [("Host", server.host), ("Cookie", server.cookie), ("X-Charflow-Token", server.token),
                               ("Content-Type", "application/json")]
                return try HTTPClient(port: server.port).exchange(method: "POST", path: "/api/tasks", headers: headers,
                                                                  body: Array(over.utf8), chunkSize: 4096)
            }
            // Exactly 64 KiB passes the size check and reaches the API (which wants a title; an unknown
            // key would be refused before it).
            let exact = #"{"notes": "\#(padding.dropLast())"}"#
            expectEqual(exact.utf8.count, 64 * 1024)
            try expectRefused(server, 400, "empty_title") { try server.send("POST", "/api/tasks", json: exact) }
        }
    }

    @Test("W-4: malformed JSON is 400 with the CLI's error body")
    func malformedJSON() throws {
        try ServedCharflow.withBoard { server in
            for body in [#"{"title": "#, "not json", #"["a list"]"#, #"{"title": "x"} trailing"#] {
                try expectRefused(server, 400, "bad_json") { try server.send("POST", "/api/tasks", json: body) }
            }
        }
    }

    @Test("D17: unknown routes and path traversal attempts are 404 JSON errors; no request reaches a file")
    func unknownRoutes() throws {
        try ServedCharflow.withBoard { server in
            for path in ["/nowhere", "/../", "/%2e%2e/", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/api/../../etc/passwd",
                         "/static/..%2f..%2fetc%2fpasswd", "/api/today/../../../etc/passwd", "/%2fetc%2fpasswd"] {
                try expectRefused(server, 404, "not_found") { try server.send("GET", path) }
            }
        }
    }

    @Test("D17: every answer carries the CSP and safety headers, and never a CORS header")
    func safetyHeaders() throws {
        try ServedCharflow.withBoard { server in
            let answers = [
                try server.send("GET", "/", origin: "http://evil.example"),
                try server.send("GET", "/api/changes", origin: "http://evil.example"),
                try server.send("OPTIONS", "/api/tasks", origin: "http://evil.example",
                                extraHeaders: [("Access-Control-Request-Method", "POST")]),
                try server.send("GET", "/api/today", cookie: .some(nil)),
                try server.send("GET", "/", host: "evil.example"),
            ]
            for answer in answers {
                expectEqual(answer.header("Content-Security-Policy"), ServedCharflow.policy)
                expectEqual(answer.header("X-Frame-Options"), "DENY")
                expectEqual(answer.header("X-Content-Type-Options"), "nosniff")
                expectEqual(answer.header("Referrer-Policy"), "no-referrer")
                expectEqual(answer.header("Cache-Control"), "no-store")
                expectTrue(!answer.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
            }
        }
    }

    @Test("W-4: an idle connection is closed by the server after 10 seconds")
    func idleTimeout() throws {
        try ServedCharflow.withBoard { server in
            let socket = try HTTPClient(port: server.port).connect(timeoutSeconds: 60)
            defer { close(socket) }
            let started = Date()
            let received = HTTPClient.readAll(socket)
            let waited = Date().timeIntervalSince(started)
            expectEmpty(received)
            expectTrue(waited >= 8 && waited < 20, "closed after \(waited) s")
        }
    }
}
