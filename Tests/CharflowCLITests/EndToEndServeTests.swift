import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `charflow serve` and `charflow open` as processes, with the built binary (D17, D21): the URL serve
/// prints and the loopback address it binds, the signals that stop it, a port already taken, the state
/// folder across restarts (a sign-in kept, a sign-out or a used link refused), `open` finding or starting
/// a server, and CLI processes writing beside it (W-6).
///
/// The API, the access checks and the pages are tested with the server in the test process
/// (`ServeAPITests`, `ServeAccessTests`, …).
@Suite("End to end · serve and open as processes (W-1, W-6, W-25, W-26)")
struct EndToEndServeTests {
    static let add = #"{"title": "Kept after a restart", "region": "morning"}"#

    @Test("W-1: serve binds 127.0.0.1 only and prints one URL with a fresh 32-byte token")
    func bindsLoopbackOnly() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let first = try ServedCharflow(runner, asProcess: true)
        defer { first.stop() }
        let second = try ServedCharflow(runner, asProcess: true)
        defer { second.stop() }
        #expect(first.link.count == 64 && first.link.allSatisfy(\.isHexDigit))
        expectNotEqual(first.link, second.link)
        expectTrue(first.port != second.port && first.port != 0)
        // The kernel's own table of listening sockets: the port is bound to 127.0.0.1 and nothing else.
        // The table is read in pieces while other sockets come and go, and a piece can skip a line, so
        // it is read until the listener shows (at least three times): every line any reading showed counts.
        let portHex = String(format: "%04X", first.port)
        var listeners: Set<String> = []
        for reading in 0..<50 where reading < 3 || listeners.isEmpty {
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                // To its end: the kernel gives the table no size, and a whole-file read stops at its first page.
                let text = String(decoding: FileHandle(forReadingAtPath: table)?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                for line in text.split(separator: "\n").dropFirst() {
                    let fields = line.split(separator: " ")
                    guard fields.count > 3, fields[1].hasSuffix(":" + portHex), fields[3] == "0A" else { continue }
                    listeners.insert(String(fields[1]))
                }
            }
        }
        expectEqual(listeners, ["0100007F:" + portHex])
    }

    @Test("W-1: SIGTERM and Ctrl-C stop serve with exit 0")
    func stopsCleanly() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        for signal in [SIGTERM, SIGINT] {
            let server = try ServedCharflow(runner, asProcess: true)
            try expectEqual(server.send("GET", "/api/changes").status, 200)
            let (status, stderr) = server.stop(signal: signal)
            expectEqual(status, 0, "\(stderr)")
            expectEqual(server.process?.terminationReason, .exit)
        }
    }

    @Test("W-1: a port already taken is refused with exit 1 and a plain message; a bad port is usage (2)")
    func portInUse() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner, asProcess: true)
        defer { server.stop() }
        let taken = try runner.run(["serve", "--port", String(server.port)])
        expectEqual(taken.status, 1)
        expectContains(taken.stderr, "Port \(server.port)")
        let bad = try runner.run(["serve", "--port", "70000"])
        expectEqual(bad.status, 2)
    }

    @Test("W-25: a restart of serve on the same store keeps the browser's cookie and the page's write token valid")
    func signInSurvivesRestart() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let first = try ServedCharflow(runner, asProcess: true)
        let (port, cookie, token) = (first.port, first.cookie, first.token)
        try expectEqual(first.send("GET", "/api/changes").status, 200)
        first.stop()
        let second = try ServedCharflow(runner, port: port, signIn: false, asProcess: true)
        defer { second.stop() }
        expectNotEqual(second.link, first.link)
        try expectEqual(second.send("GET", "/api/changes", cookie: cookie).status, 200)
        let added = try second.send("POST", "/api/tasks", json: Self.add, cookie: cookie, token: token)
        expectEqual(added.status, 200, "\(added.body)")
        expectEqual(JSONPath.titles(JSONPath.tasks(try runner.json(["today"]), "regions", "morning", "misc")), ["Kept after a restart"])
    }

    @Test("W-25: serve --sign-out revokes every sign-in at once, on the running server and after a restart")
    func signOutRevokes() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner, asProcess: true)
        let unused = try ServedCharflow(runner, signIn: false, asProcess: true)
        defer { unused.stop() }
        try expectEqual(server.send("GET", "/api/changes").status, 200)
        let before = server.storeBytes()
        let signOut = try runner.spawning.run(["serve", "--sign-out"])
        expectEqual(signOut.status, 0, "\(signOut.stderr)")
        expectContains(signOut.stdout, "signed out")
        // The running server takes the new secret on the next request: the old cookie and token are refused.
        let read = try server.send("GET", "/api/changes")
        expectEqual(read.status, 401)
        try expectEqual(read.errorCode(), "wrong_token")
        try expectEqual(server.send("POST", "/api/tasks", json: Self.add).status, 401)
        // A link made before the sign-out lets nobody in either.
        try expectEqual(unused.send("GET", "/?token=" + unused.link, cookie: .some(nil)).status, 401)
        expectEqual(server.storeBytes(), before)
        let (port, cookie) = (server.port, server.cookie)
        server.stop()
        let restarted = try ServedCharflow(runner, port: port, asProcess: true)
        defer { restarted.stop() }
        try expectEqual(restarted.send("GET", "/api/changes", cookie: cookie).status, 401)
        // A new link signs in anew, with a new cookie.
        expectNotEqual(restarted.cookie, cookie)
        try expectEqual(restarted.send("GET", "/api/changes").status, 200)
    }

    @Test("W-26: a sign-in link works once: used again, even after a restart, it is refused with a page that says why")
    func linkWorksOnce() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner, signIn: false, asProcess: true)
        let first = try server.send("GET", "/?token=" + server.link, cookie: .some(nil))
        expectEqual(first.status, 303)
        expectEqual(first.header("Set-Cookie")?.hasPrefix("charflow-\(server.port)="), true)
        let second = try server.send("GET", "/?token=" + server.link, cookie: .some(nil))
        expectEqual(second.status, 401)
        expectEqual(second.header("Set-Cookie"), nil)
        expectEqual(second.header("Content-Type")?.hasPrefix("text/html"), true)
        expectContains(second.body, "This sign-in link has been used")
        expectContains(second.body, "charflow open")
        let port = server.port
        server.stop()
        let restarted = try ServedCharflow(runner, port: port, signIn: false, asProcess: true)
        defer { restarted.stop() }
        let again = try restarted.send("GET", "/?token=" + server.link, cookie: .some(nil))
        expectEqual(again.status, 401)
        expectEqual(again.header("Set-Cookie"), nil)
        // The restarted server's own link still works, once.
        try expectEqual(restarted.send("GET", "/?token=" + restarted.link, cookie: .some(nil)).status, 303)
    }

    @Test("W-25: charflow open starts a server, a second open finds it, and each opens a link that signs in once")
    func openStartsOrFinds() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let state = ServeState(runner: runner)
        let first = try state.open()
        let pid = Int32(first.json["pid"] as? Int ?? 0)
        defer { state.stopServer(pid) }
        expectEqual(first.status, 0, "\(first.stderr)")
        expectEqual(first.json["started"] as? Bool, true)
        expectEqual(first.json["opened"] as? Bool, true)
        let port = try #require(first.json["port"] as? Int)
        expectTrue(ServeState.isRunning(pid))
        let second = try state.open()
        expectEqual(second.status, 0, "\(second.stderr)")
        expectEqual(second.json["started"] as? Bool, false)
        expectEqual(second.json["pid"] as? Int, Int(pid))
        expectEqual(second.json["port"] as? Int, port)
        expectEqual(state.servers, [pid])
        let opened = state.opened
        #expect(opened.count == 2 && Set(opened).count == 2, "\(opened)")
        for url in opened {
            expectTrue(url.hasPrefix("http://127.0.0.1:\(port)/?token="))
            let path = String(url.dropFirst("http://127.0.0.1:\(port)".count))
            let client = HTTPClient(port: port)
            let host = ("Host", "127.0.0.1:\(port)")
            let signIn = try client.exchange(method: "GET", path: path, headers: [host], body: [])
            expectEqual(signIn.status, 303)
            let cookie = try #require(signIn.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            try expectEqual(client.exchange(method: "GET", path: "/api/changes", headers: [host, ("Cookie", cookie)], body: []).status, 200)
            let again = try client.exchange(method: "GET", path: path, headers: [host], body: [])
            expectEqual(again.status, 401)
        }
    }

    @Test("W-25: without xdg-open, charflow open prints the one-time link and says it opened no browser")
    func openWithoutOpener() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let state = ServeState(runner: runner)
        let empty = runner.folder.path + "/no-opener"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let text = try runner.run(["open", "--port", "0"], extra: ["PATH": empty])
        let pid = Int32(state.recordedPid ?? 0)
        defer { state.stopServer(pid) }
        expectEqual(text.status, 0, "\(text.stderr)")
        expectContains(text.stdout, "xdg-open was not found")
        let link = try #require(text.stdout.range(of: #"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{64}"#, options: .regularExpression))
        let url = String(text.stdout[link])
        let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count).prefix { $0 != "/" }))
        let path = String(url.dropFirst("http://127.0.0.1:\(port)".count))
        let host = ("Host", "127.0.0.1:\(port)")
        try expectEqual(HTTPClient(port: port).exchange(method: "GET", path: path, headers: [host], body: []).status, 303)
        try expectEqual(HTTPClient(port: port).exchange(method: "GET", path: path, headers: [host], body: []).status, 401)
    }

    @Test("W-6: four CLI processes and four HTTP clients writing at once lose nothing and never see 'database is locked'")
    func concurrentWriters() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner, asProcess: true)
        defer { server.stop() }
        let perWriter = 8
        // Eight writers on threads of their own: even ones run the CLI as processes, odd ones post.
        let failures = try atOnce(8) { writer -> [String] in
            var failed: [String] = []
            for index in 0..<perWriter {
                if writer % 2 == 0 {
                    let result = try runner.spawning.run(["add", "cli \(writer / 2)-\(index)"])
                    if result.status != 0 { failed.append("cli: \(result.stderr)") }
                } else {
                    let answer = try server.send("POST", "/api/tasks", json: #"{"title": "web \#(writer / 2)-\#(index)"}"#)
                    if answer.status != 200 { failed.append("web: \(answer.status) \(answer.body)") }
                }
            }
            return failed
        }.flatMap { $0 }
        expectEmpty(failures, "\(failures)")
        let db = try Database(path: runner.storePath)
        let count = try db.scalar("SELECT count(DISTINCT title) FROM tasks WHERE title LIKE 'cli %' OR title LIKE 'web %'")?.int
        expectEqual(count, 8 * perWriter)
    }
}
