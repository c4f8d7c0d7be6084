import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// `charflow pair` and the options of `serve --listen` on the command line (spec D24, rules M-1..M-3):
/// their refusals in words, with nothing started and nothing written to the store.
@Suite("charflow pair and serve --listen · the command line (M-1, M-2, M-3)")
struct PairCommandTests {
    @Test("M-1 serve --listen's options are checked before anything starts: a usage error (exit 2) naming what is wrong",
          arguments: [
              (["serve", "--tls-cert", "a.pem", "--tls-key", "a.key"], "are for serve --listen"),
              (["serve", "--name", "planner.home"], "are for serve --listen"),
              (["serve", "--listen", "planner.home:8443"], "not an address to listen on"),
              (["serve", "--listen", "127.0.0.1"], "not an address to listen on"),
              (["serve", "--listen", "127.0.0.1:99999"], "not an address to listen on"),
              (["serve", "--listen", "[::1:8443"], "not an address to listen on"),
              (["serve", "--listen", "0.0.0.0:8443"], "needs --name"),
              (["serve", "--listen", "127.0.0.1:8443", "--name", "bad name!"], "not a host name"),
              (["serve", "--listen", "127.0.0.1:8443", "--tls-cert", "a.pem"], "go together"),
              (["serve", "--listen", "127.0.0.1:8443", "--port", "8177"], "leave out --port"),
          ])
    func listenUsage(arguments: [String], said: String) throws {
        let runner = try CharflowRunner()
        let result = try runner.run(arguments)
        expectEqual(result.status, 2, "\(arguments): \(result.stderr)")
        expectContains(result.stderr, said, "\(arguments): \(result.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: runner.storePath + "-never"))
        expectEqual(ServeState(runner: runner).file("tls-cert"), nil, "a certificate was made")
    }

    @Test("M-1 a certificate or key file that is not PEM is refused by name (exit 1) and nothing listens")
    func unreadableCertificate() throws {
        let runner = try CharflowRunner()
        let file = runner.folder.appendingPathComponent("notes.txt").path
        try "not a certificate\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runner.run(["serve", "--listen", "127.0.0.1:0", "--tls-cert", file, "--tls-key", file])
        expectEqual(result.status, 1)
        expectTrue(result.stderr.contains(file) && result.stderr.contains("could not be read as a PEM certificate or private key"), "\(result.stderr)")
    }

    @Test("M-2 pair before any serve --listen says to start one, and writes no pairing code")
    func pairNeedsListen() throws {
        let runner = try CharflowRunner()
        let result = try runner.run(["pair"])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "start charflow serve --listen ADDRESS:PORT first")
        expectEqual(ServeState(runner: runner).file("pairings"), nil)
    }

    @Test("M-2 pair prints a QR code, the one-time link with its code, and the fingerprint serve --listen recorded")
    func pairPrints() throws {
        let runner = try CharflowRunner()
        let state = try ServeStateFolder(environment: ["HOME": runner.folder.path], storePath: runner.storePath)
        try NetworkRecord(url: "https://planner.home:8443", fingerprint: "AB:CD").write(to: state.networkPath)
        let result = try runner.run(["pair"])
        expectEqual(result.status, 0, "\(result.stderr)")
        let link = try #require(result.stdout.firstMatch(of: /https:\/\/planner\.home:8443\/pair\?code=([0-9A-Z]{10})/))
        let code = String(link.output.1)
        expectContains(result.stdout, "type the code \(PairingCodes.shown(code))")
        expectContains(result.stdout, "fingerprint is AB:CD")
        expectTrue(result.stdout.contains("█") && result.stdout.contains("▀"), "no QR code drawn")
        expectTrue(state.pairingCodes.consume(code, now: Date()), "the printed code does not pair on the wall clock")
        let json = try runner.run(["pair", "--json"]).json()
        expectEqual((json["url"] as? String)?.hasPrefix("https://planner.home:8443/pair?code="), true)
        expectEqual(json["expiresInSeconds"] as? Int, 600)
    }

    @Test("M-3 pair --list names the paired browsers with their last use; --revoke ends one and refuses a name no browser has")
    func listAndRevoke() throws {
        let runner = try CharflowRunner()
        let state = try ServeStateFolder(environment: ["HOME": runner.folder.path], storePath: runner.storePath)
        try expectContains(runner.run(["pair", "--list"]).stdout, "No browser is paired.")
        let paired = Date(timeIntervalSince1970: 1_796_115_600)
        _ = try state.devices.add(browser: "Chrome on Android", now: paired)
        _ = try state.devices.add(browser: "Safari on iPhone", now: paired)
        let listed = try runner.run(["pair", "--list"])
        expectContains(listed.stdout, "Chrome on Android — last used 2026-12-01T09:00:00", "\(listed.stdout)")
        let unknown = try runner.run(["pair", "--revoke", "Firefox on Linux"])
        expectEqual(unknown.status, 1)
        expectContains(unknown.stderr, "No paired browser is called \"Firefox on Linux\"")
        let revoked = try runner.run(["pair", "--revoke", "Chrome on Android"])
        expectEqual(revoked.status, 0)
        expectEqual(state.devices.all().map(\.name), ["Safari on iPhone"])
    }
}
