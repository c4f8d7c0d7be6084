import CharflowTestSupport
import Foundation
import Testing

/// `charflow serve` against framing, idle sockets, a second Host and a reused link (README D21, W-26),
/// and the two files it serves without a sign-in; the server in the test process, over loopback.
@Suite("serve · framing, connections, Host, one-time links (W-26)")
struct ServeHardeningTests {
    /// A request written byte for byte, with `headers` exactly as given (no Host added).
    func raw(_ server: ServedCharflow, _ method: String, _ path: String, headers: [(String, String)], body: String = "") throws -> HTTPAnswer {
        try HTTPClient(port: server.port).exchange(method: method, path: path, headers: headers, body: Array(body.utf8))
    }

    @Test("W-26: every kind of answer forbids framing: frame-ancestors 'none' and X-Frame-Options DENY")
    func noFraming() throws {
        try ServedCharflow.withBoard { server in
            let fresh = try ServedCharflow(server.runner, signIn: false)
            defer { fresh.stop() }
            let answers: [(String, HTTPAnswer)] = [
                ("page", try server.send("GET", "/")),
                ("script", try server.send("GET", "/main.mjs")),
                ("API read", try server.send("GET", "/api/today")),
                ("API write", try server.send("POST", "/api/tasks", json: #"{"title": "Framed?"}"#)),
                ("API refusal", try server.send("GET", "/api/tasks/ffffffff")),
                ("no cookie", try server.send("GET", "/", cookie: .some(nil))),
                ("no token", try server.send("POST", "/api/tasks", json: "{}", token: .some(nil))),
                ("foreign Host", try server.send("GET", "/", host: "evil.example")),
                ("two Hosts", try raw(server, "GET", "/", headers: [("Host", server.host), ("Host", server.host), ("Cookie", server.cookie)])),
                ("too large", try server.send("POST", "/api/tasks", json: String(repeating: " ", count: 70_000))),
                ("sign-in", try fresh.send("GET", "/?token=" + fresh.link, cookie: .some(nil))),
                ("used link", try fresh.send("GET", "/?token=" + fresh.link, cookie: .some(nil))),
                ("manifest", try server.send("GET", "/manifest.webmanifest", cookie: .some(nil))),
                ("icon", try server.send("GET", "/icon.svg", cookie: .some(nil))),
            ]
            let statuses = answers.map(\.1.status)
            expectEqual(statuses, [200, 200, 200, 200, 404, 401, 403, 421, 400, 413, 303, 401, 200, 200], "\(statuses)")
            for (kind, answer) in answers {
                // The used link's page and the sign-in page allow their own inline style by a nonce, merged
                // into the one policy.
                let policy = answer.header("Content-Security-Policy") ?? ""
                let own = kind == "used link" || kind == "no cookie" ? policy.split(separator: ";").first.map(String.init) ?? "" : ""
                expectTrue(own.isEmpty || own.hasPrefix("style-src 'nonce-"), "\(kind): \(policy)")
                #expect(policy == (own.isEmpty ? "" : own + "; ") + ServedCharflow.policy, "\(kind): \(policy)")
                expectEqual(answer.header("X-Frame-Options"), "DENY", "\(kind)")
            }
        }
    }

    @Test("W-26: 100 idle connections do not lock a new client out; it is answered at once")
    func idleConnectionsLockNobodyOut() throws {
        try ServedCharflow.withBoard { server in
            let client = HTTPClient(port: server.port)
            var idle: [Int32] = []
            defer { idle.forEach { close($0) } }
            for _ in 0..<100 { idle.append(try client.connect()) }
            // Twenty more that began a request and stalled, as a slow or hostile client would.
            for _ in 0..<20 {
                let socket = try client.connect()
                idle.append(socket)
                HTTPClient.write(socket, Array("GET /api/today HTTP/1.1\r\nHost: \(server.host)\r\n".utf8))
            }
            for attempt in 0..<3 {
                let started = Date()
                let answer = try server.send("GET", "/api/changes")
                let took = Date().timeIntervalSince(started)
                expectEqual(answer.status, 200, "attempt \(attempt): \(answer.status)")
                expectTrue(took < 2, "attempt \(attempt) took \(took) s")
            }
            // The idle ones were taken, not turned away: none has been closed by the server yet.
            let closed = idle.prefix(100).filter { HTTPClient.readable($0, milliseconds: 0) }
            expectEmpty(closed, "\(closed.count) idle connections were closed at once")
        }
    }

    @Test("W-26: a request with more than one Host is refused (400) and changes nothing")
    func duplicatedHost() throws {
        try ServedCharflow.withBoard { server in
            let before = server.storeBytes()
            let write: [(String, String)] = [("Cookie", server.cookie), ("X-Charflow-Token", server.token),
                                             ("Content-Type", "application/json")]
            for hosts in [[server.host, server.host], [server.host, "evil.example"], ["evil.example", server.host],
                          [server.host, "localhost:\(server.port)"]] {
                let headers = hosts.map { ("Host", $0) }
                let read = try raw(server, "GET", "/api/today", headers: headers + [("Cookie", server.cookie)])
                expectEqual(read.status, 400, "\(hosts): \(read.status)")
                try expectEqual(read.errorCode(), "duplicate_host")
                let added = try raw(server, "POST", "/api/tasks", headers: headers + write, body: #"{"title": "Twice hosted"}"#)
                expectEqual(added.status, 400, "\(hosts): \(added.status) \(added.body)")
            }
            // The name's case does not hide a second one.
            let mixed = try raw(server, "GET", "/api/today", headers: [("Host", server.host), ("HOST", server.host), ("Cookie", server.cookie)])
            expectEqual(mixed.status, 400)
            expectEqual(server.storeBytes(), before)
            try expectEqual(server.send("GET", "/api/today").status, 200)
        }
    }

    @Test("W-25: the manifest and the icon are served without a sign-in; every other path is refused without one")
    func publicFiles() throws {
        try ServedCharflow.withBoard { server in
            let manifest = try server.send("GET", "/manifest.webmanifest", cookie: .some(nil))
            expectEqual(manifest.status, 200)
            expectEqual(manifest.header("Content-Type"), "application/manifest+json")
            let document = try manifest.json()
            expectEqual(document["start_url"] as? String, "/")
            let icons = try #require(document["icons"] as? [[String: Any]])
            expectEqual(icons.compactMap { $0["src"] as? String }, ["/icon.svg", "/icon-192.png", "/icon-512.png", "/icon-maskable-512.png"])
            for png in ["/icon-180.png", "/icon-192.png", "/icon-512.png", "/icon-maskable-512.png"] {
                let answer = try server.send("GET", png, cookie: .some(nil))
                expectEqual(answer.status, 200, "\(png)")
                expectEqual(answer.header("Content-Type"), "image/png", "\(png)")
            }
            let icon = try server.send("GET", "/icon.svg", cookie: .some(nil))
            expectEqual(icon.status, 200)
            expectEqual(icon.header("Content-Type"), "image/svg+xml")
            expectTrue(icon.body.hasPrefix("<svg"))
            try expectEqual(server.send("HEAD", "/icon.svg", cookie: .some(nil)).status, 200)
            // The repository's copy for the desktop entry is the same icon.
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let shipped = try String(contentsOf: source.appendingPathComponent("contrib/charflow.svg"), encoding: .utf8)
            expectEqual(shipped, icon.body)
            // The page names both, so a browser asks for no /favicon.ico.
            let page = try server.send("GET", "/")
            #expect(page.body.contains(#"<link rel="icon" href="/icon.svg" type="image/svg+xml">"#))
            #expect(page.body.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            for path in ["/main.mjs", "/app.css", "/detail.mjs", "/api/today", "/api/changes", "/api/privacy", "/favicon.ico",
                         "/manifest.webmanifest/", "/manifest.webmanifest.bak", "/icon.svg/", "/Icon.svg", "/icon.svg/../api/today",
                         "/static/icon.svg", "/nowhere"] {
                let answer = try server.send("GET", path, cookie: .some(nil))
                expectEqual(answer.status, 401, "\(path): \(answer.status)")
                try expectEqual(answer.errorCode(), "no_cookie", "\(path)")
            }
            for method in ["POST", "PUT", "DELETE"] {
                let answer = try server.send(method, "/manifest.webmanifest", cookie: .some(nil))
                expectEqual(answer.status, 401, "\(method): \(answer.status)")
            }
            // Public does not mean rebindable: a foreign Host is still refused.
            try expectEqual(server.send("GET", "/icon.svg", host: "evil.example", cookie: .some(nil)).status, 421)
        }
    }
}
