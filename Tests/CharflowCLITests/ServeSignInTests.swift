import Foundation
import Testing

/// A sign-in that outlives a restart until `serve --sign-out`, and `charflow open` (README D21, W-25);
/// the real binary, its state folder and a recording `xdg-open`.
@Suite("serve · sign-in across restarts, sign-out, open (W-25)")
struct ServeSignInTests {
    static let add = #"{"title": "Kept after a restart", "region": "morning"}"#

    @Test("W-25: a restart of serve on the same store keeps the browser's cookie and the page's write token valid")
    func signInSurvivesRestart() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let first = try ServedCharflow(runner)
        let (port, cookie, token) = (first.port, first.cookie, first.token)
        #expect(try first.send("GET", "/api/changes").status == 200)
        first.stop()
        let second = try ServedCharflow(runner, port: port, signIn: false)
        defer { second.stop() }
        #expect(second.link != first.link)
        #expect(try second.send("GET", "/api/changes", cookie: cookie).status == 200)
        let added = try second.send("POST", "/api/tasks", json: Self.add, cookie: cookie, token: token)
        #expect(added.status == 200, "\(added.body)")
        #expect(JSONPath.titles(JSONPath.tasks(try runner.json(["today"]), "regions", "morning", "misc")) == ["Kept after a restart"])
    }

    @Test("W-25: serve --sign-out revokes every sign-in at once, on the running server and after a restart")
    func signOutRevokes() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        let unused = try ServedCharflow(runner, signIn: false)
        defer { unused.stop() }
        #expect(try server.send("GET", "/api/changes").status == 200)
        let before = server.storeBytes()
        let signOut = try runner.run(["serve", "--sign-out"])
        #expect(signOut.status == 0, "\(signOut.stderr)")
        #expect(signOut.stdout.contains("signed out"))
        // The running server takes the new secret on the next request: the old cookie and token are refused.
        let read = try server.send("GET", "/api/changes")
        #expect(read.status == 401)
        #expect(try read.errorCode() == "wrong_token")
        #expect(try server.send("POST", "/api/tasks", json: Self.add).status == 401)
        // A link made before the sign-out lets nobody in either.
        #expect(try unused.send("GET", "/?token=" + unused.link, cookie: .some(nil)).status == 401)
        #expect(server.storeBytes() == before)
        let (port, cookie) = (server.port, server.cookie)
        server.stop()
        let restarted = try ServedCharflow(runner, port: port)
        defer { restarted.stop() }
        #expect(try restarted.send("GET", "/api/changes", cookie: cookie).status == 401)
        // A new link signs in anew, with a new cookie.
        #expect(restarted.cookie != cookie)
        #expect(try restarted.send("GET", "/api/changes").status == 200)
    }

    @Test("W-25: the server secret lives in the XDG state folder, mode 0600 in a 0700 folder")
    func secretFile() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let state = ServeState(runner: runner)
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let secret = try #require(state.file("secret"), "no secret in \(state.folder)")
        #expect(ServeState.mode(secret) == 0o600)
        #expect(ServeState.mode(state.folder) == 0o700)
        for kind in ["links", "server"] {
            let path = try #require(state.file(kind), "no \(kind) file")
            #expect(ServeState.mode(path) == 0o600, "\(kind)")
        }
        // The cookie is the secret's: the file holds it, and nothing else of the page does.
        #expect(try String(contentsOfFile: secret, encoding: .utf8).contains(server.cookieValue))
        // XDG_STATE_HOME, when set, is the folder's parent; a sign-out there rotates that secret, mode kept.
        let elsewhere = runner.folder.path + "/state-home"
        let rotated = try runner.run(["serve", "--sign-out"], extra: ["XDG_STATE_HOME": elsewhere])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: elsewhere + "/charflow")
        let moved = try #require(names.first { $0.hasSuffix(".secret") })
        #expect(ServeState.mode(elsewhere + "/charflow/" + moved) == 0o600)
        #expect(try String(contentsOfFile: secret, encoding: .utf8).contains(server.cookieValue))
    }

    @Test("W-25: charflow open starts a server, a second open finds it, and each opens a link that signs in once")
    func openStartsOrFinds() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let state = ServeState(runner: runner)
        let first = try state.open()
        let pid = Int32(first.json["pid"] as? Int ?? 0)
        defer { state.stopServer(pid) }
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json["started"] as? Bool == true)
        #expect(first.json["opened"] as? Bool == true)
        let port = try #require(first.json["port"] as? Int)
        #expect(ServeState.isRunning(pid))
        let second = try state.open()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.json["started"] as? Bool == false)
        #expect(second.json["pid"] as? Int == Int(pid))
        #expect(second.json["port"] as? Int == port)
        #expect(state.servers == [pid])
        let opened = state.opened
        #expect(opened.count == 2 && Set(opened).count == 2, "\(opened)")
        for url in opened {
            #expect(url.hasPrefix("http://127.0.0.1:\(port)/?token="))
            let path = String(url.dropFirst("http://127.0.0.1:\(port)".count))
            let client = HTTPClient(port: port)
            let host = ("Host", "127.0.0.1:\(port)")
            let signIn = try client.exchange(method: "GET", path: path, headers: [host], body: [])
            #expect(signIn.status == 303)
            let cookie = try #require(signIn.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
            #expect(try client.exchange(method: "GET", path: "/api/changes", headers: [host, ("Cookie", cookie)], body: []).status == 200)
            let again = try client.exchange(method: "GET", path: path, headers: [host], body: [])
            #expect(again.status == 401)
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
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("xdg-open was not found"))
        let link = try #require(text.stdout.range(of: #"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{64}"#, options: .regularExpression))
        let url = String(text.stdout[link])
        let port = try #require(Int(url.dropFirst("http://127.0.0.1:".count).prefix { $0 != "/" }))
        let path = String(url.dropFirst("http://127.0.0.1:\(port)".count))
        let host = ("Host", "127.0.0.1:\(port)")
        #expect(try HTTPClient(port: port).exchange(method: "GET", path: path, headers: [host], body: []).status == 303)
        #expect(try HTTPClient(port: port).exchange(method: "GET", path: path, headers: [host], body: []).status == 401)
    }

    @Test("W-25: the repository ships a systemd user service running serve, which systemd verifies, and a desktop entry running open")
    func servicesShipped() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let service = try String(contentsOf: source.appendingPathComponent("contrib/charflow-serve.service"), encoding: .utf8)
        let exec = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        #expect(exec.hasSuffix("charflow serve"))
        #expect(service.contains("WantedBy=default.target"))
        let desktop = try String(contentsOf: source.appendingPathComponent("contrib/charflow.desktop"), encoding: .utf8)
        #expect(desktop.split(separator: "\n").contains("Exec=charflow open"))
        #expect(desktop.hasPrefix("[Desktop Entry]"))
        // Installed as the README says (the binary at ~/.local/bin/charflow), systemd finds no fault in the
        // unit: no unknown key, an ExecStart it can run. Checked where systemd-analyze is installed.
        let analyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: analyze) else { return }
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let home = runner.folder.path
        for folder in ["/.local/bin", "/.config/systemd/user", "/run"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        try FileManager.default.createSymbolicLink(atPath: home + "/.local/bin/charflow", withDestinationPath: CharflowRunner.binary.path)
        let unit = home + "/.config/systemd/user/charflow-serve.service"
        try service.write(toFile: unit, atomically: true, encoding: .utf8)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: analyze)
        verify.arguments = ["--user", "verify", "--man=no", unit]
        verify.environment = ["HOME": home, "XDG_RUNTIME_DIR": home + "/run", "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        verify.standardError = errors
        verify.standardOutput = FileHandle.nullDevice
        try verify.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        #expect(verify.terminationStatus == 0 && said.isEmpty, "systemd-analyze verify: \(verify.terminationStatus) \(said)")
    }
}
