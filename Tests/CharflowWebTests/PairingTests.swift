import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// Pairing a phone (spec D24, rules M-2, M-3): one-time codes that last ten minutes, each paired browser
/// its own named sign-in, revoked one by one. The clock is injected.
@Suite("charflow pair · codes and paired browsers (M-2, M-3)")
struct PairingTests {
    static func state() throws -> (ServeStateFolder, URL) {
        let folder = try TestFolder.make("pairing")
        let state = try ServeStateFolder(environment: ["XDG_STATE_HOME": folder.path], storePath: folder.appendingPathComponent("s.sqlite").path)
        return (state, folder)
    }

    let start = Date(timeIntervalSince1970: 1_796_115_600)

    @Test("M-2 a pairing code pairs once: the second use is refused, and it is kept 0600")
    func oneTime() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = try state.pairingCodes.mint(now: start)
        expectEqual(code.count, 10)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: state.pairingCodes.path)[.posixPermissions] as? Int)
        expectEqual(mode, 0o600)
        expectTrue(!state.pairingCodes.consume("0000000000", now: start))
        expectTrue(state.pairingCodes.consume(PairingCodes.shown(code).lowercased(), now: start), "the code as shown, typed in lower case")
        expectTrue(!state.pairingCodes.consume(code, now: start), "a used code paired again")
    }

    @Test("M-2 a pairing code works until 10 minutes have passed and not after")
    func tenMinutes() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let early = try state.pairingCodes.mint(now: start)
        let late = try state.pairingCodes.mint(now: start)
        expectTrue(state.pairingCodes.consume(early, now: start.addingTimeInterval(9 * 60 + 59)))
        expectTrue(!state.pairingCodes.consume(late, now: start.addingTimeInterval(10 * 60)))
    }

    @Test("M-3 each paired browser has its own sign-in, named after its browser, numbered when the name is taken, with its last use")
    func namedSignIns() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        let first = try state.devices.add(browser: BrowserName.of(userAgent: android), now: start)
        let second = try state.devices.add(browser: BrowserName.of(userAgent: iphone), now: start)
        let third = try state.devices.add(browser: BrowserName.of(userAgent: android), now: start)
        expectEqual([first.name, second.name, third.name], ["Chrome on Android", "Safari on iPhone", "Chrome on Android 2"])
        expectNotEqual(first.token, third.token)
        // A use within a minute is not written; one later is.
        _ = state.devices.signIn(first.token.text, now: start.addingTimeInterval(30))
        expectEqual(state.devices.all()[0].lastUsed, start)
        _ = state.devices.signIn(first.token.text, now: start.addingTimeInterval(90))
        expectEqual(state.devices.all()[0].lastUsed, start.addingTimeInterval(90))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: state.devices.path)[.posixPermissions] as? Int)
        expectEqual(mode, 0o600)
    }

    @Test("M-3 revoking one browser ends its sign-in and no other's; an unknown name revokes nothing")
    func revokeOne() throws {
        let (state, folder) = try Self.state()
        defer { try? FileManager.default.removeItem(at: folder) }
        let phone = try state.devices.add(browser: "Chrome on Android", now: start)
        let tablet = try state.devices.add(browser: "Safari on iPad", now: start)
        expectTrue(try state.devices.revoke(name: "chrome on android"))
        expectEqual(state.devices.signIn(phone.token.text, now: start), nil)
        expectNotEqual(state.devices.signIn(tablet.token.text, now: start), nil)
        expectTrue(try !state.devices.revoke(name: "Firefox on Linux"))
        expectEqual(state.devices.all().map(\.name), ["Safari on iPad"])
    }

    @Test("M-4 wrong codes are limited per address (5) and in all (30) over ten minutes")
    func attemptLimits() {
        let limits = AttemptLimits()
        for _ in 0..<5 { limits.fail("192.168.1.20", now: start) }
        expectTrue(!limits.allows("192.168.1.20", now: start))
        expectTrue(limits.allows("192.168.1.21", now: start))
        for index in 0..<25 { limits.fail("10.0.0.\(index)", now: start) }
        expectTrue(!limits.allows("192.168.1.99", now: start), "the total limit let a new address try")
        expectTrue(limits.allows("192.168.1.20", now: start.addingTimeInterval(10 * 60)), "the window never passed")
    }
}
