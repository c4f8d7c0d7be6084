import CharflowTestSupport
import Foundation
import Testing

/// Where a sign-in is kept (README D21, W-25): the state folder and its modes, and the units the
/// repository ships to run `serve` and `open`. Restarts, sign-out across them and `open` are end to end
/// (`EndToEndServeTests`).
@Suite("serve · the sign-in's state folder and the shipped units (W-25)")
struct ServeSignInTests {
    @Test("W-25: the server secret lives in the XDG state folder, mode 0600 in a 0700 folder")
    func secretFile() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let state = ServeState(runner: runner)
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        let secret = try #require(state.file("secret"), "no secret in \(state.folder)")
        expectEqual(ServeState.mode(secret), 0o600)
        expectEqual(ServeState.mode(state.folder), 0o700)
        for kind in ["links", "server"] {
            let path = try #require(state.file(kind), "no \(kind) file")
            expectEqual(ServeState.mode(path), 0o600, "\(kind)")
        }
        // The cookie is the secret's: the file holds it, and nothing else of the page does.
        try expectContains(String(contentsOfFile: secret, encoding: .utf8), server.cookieValue)
        // XDG_STATE_HOME, when set, is the folder's parent; a sign-out there rotates that secret, mode kept.
        let elsewhere = runner.folder.path + "/state-home"
        let rotated = try runner.run(["serve", "--sign-out"], extra: ["XDG_STATE_HOME": elsewhere])
        expectEqual(rotated.status, 0, "\(rotated.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: elsewhere + "/charflow")
        let moved = try #require(names.first { $0.hasSuffix(".secret") })
        expectEqual(ServeState.mode(elsewhere + "/charflow/" + moved), 0o600)
        try expectContains(String(contentsOfFile: secret, encoding: .utf8), server.cookieValue)
    }

    @Test("W-25: the repository ships a systemd user service running serve, which systemd verifies, and a desktop entry running open")
    func servicesShipped() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let service = try String(contentsOf: source.appendingPathComponent("contrib/charflow-serve.service"), encoding: .utf8)
        let exec = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        expectTrue(exec.hasSuffix("charflow serve"))
        expectContains(service, "WantedBy=default.target")
        let desktop = try String(contentsOf: source.appendingPathComponent("contrib/charflow.desktop"), encoding: .utf8)
        expectContains(desktop.split(separator: "\n"), "Exec=charflow open")
        expectTrue(desktop.hasPrefix("[Desktop Entry]"))
        // Installed as the README says (the binary at ~/.local/bin/charflow), systemd finds no fault in the
        // unit: no unknown key, an ExecStart it can run. Checked where systemd-analyze is installed.
        let analyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: analyze) else { return }
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let home = runner.folder.path
        for folder in ["/.local/bin", "/.config/systemd/user"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        try FileManager.default.createSymbolicLink(atPath: home + "/.local/bin/charflow", withDestinationPath: CharflowRunner.binary.path)
        let unit = home + "/.config/systemd/user/charflow-serve.service"
        try service.write(toFile: unit, atomically: true, encoding: .utf8)
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: analyze)
        verify.arguments = ["--user", "verify", "--man=no", unit]
        // The runtime folder holds the sockets of the user units systemd reads beside this one.
        let runtime = try SocketFolder.make()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        verify.environment = ["HOME": home, "XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        verify.standardError = errors
        verify.standardOutput = FileHandle.nullDevice
        try verify.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        #expect(verify.terminationStatus == 0 && said.isEmpty, "systemd-analyze verify: \(verify.terminationStatus) \(said)")
    }
}
