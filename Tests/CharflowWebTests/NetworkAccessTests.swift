import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The network server's sign-in (spec D24, rules M-1..M-4), in this process over HTTPS with curl.
@Suite("serve --listen · pairing and sign-in over HTTPS (M-1..M-4)", .serialized)
struct NetworkAccessTests {
    @Test("M-2, M-3 a pairing link signs one browser in with a Secure cookie; revoking it refuses its very next request")
    func pairThenRevoke() throws {
        let network = try NetworkServer()
        defer { network.stop() }
        let code = try network.state.pairingCodes.mint(now: network.now)
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1"
        let paired = try network.curl("/pair?code=\(code)", ["-A", agent])
        expectEqual(paired.status, 303)
        let setCookie = paired.headers.lowercased()
        expectTrue(setCookie.contains("set-cookie: \(network.cookieName)=") && setCookie.contains("; secure") && setCookie.contains("httponly")
                && setCookie.contains("samesite=strict"))
        expectContains(setCookie, "strict-transport-security: max-age=31536000")
        let again = try network.curl("/pair?code=\(code)", ["-A", agent])
        expectEqual(again.status, 403, "a used pairing link paired again")
        expectEqual(network.state.devices.all().map(\.name), ["Safari on iPhone"])

        let cookie = try #require(paired.headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }?
            .dropFirst("set-cookie:".count).split(separator: ";").first?.trimmingCharacters(in: .whitespaces))
        try expectEqual(network.curl("/api/today", ["-H", "Cookie: \(cookie)"]).status, 200)
        expectTrue(try network.state.devices.revoke(name: "Safari on iPhone"))
        let refused = try network.curl("/api/today", ["-H", "Cookie: \(cookie)"])
        expectEqual(refused.status, 401)
        expectContains(refused.body, "wrong_token")
    }

    @Test("M-4 a revoked phone that keeps asking with its old cookie uses up one attempt, not all: the same phone pairs again")
    func revokedPhoneKeepsAsking() throws {
        let network = try NetworkServer()
        defer { network.stop() }
        let cookie = try #require(try network.pair())
        expectTrue(try network.state.devices.revoke(name: "Chrome on Android"))
        for _ in 0..<40 { try expectEqual(network.curl("/api/changes", ["-H", "Cookie: \(cookie)"]).status, 401) }
        try expectNotEqual(network.pair(), nil, "the revoked phone's asking closed pairing")
        // Cookies that differ are each counted, as guesses are.
        for guess in 0..<5 { _ = try network.curl("/api/changes", ["-H", "Cookie: \(network.cookieName)=\(String(repeating: "\(guess)", count: 64))"]) }
        let code = try network.state.pairingCodes.mint(now: network.now)
        try expectEqual(network.curl("/pair?code=\(code)").status, 429, "five guessed cookies did not count")
    }

    @Test("M-2 a pairing link opened after ten minutes is refused")
    func expiredLink() throws {
        let network = try NetworkServer()
        defer { network.stop() }
        let code = try network.state.pairingCodes.mint(now: network.now)
        network.now = network.now.addingTimeInterval(10 * 60)
        try expectEqual(network.curl("/pair?code=\(code)").status, 403)
        expectEmpty(network.state.devices.all())
    }

    @Test("M-4 1,000 guessed codes: the first 5 are checked, the rest answered 429, and the real code is refused until the window passes")
    func guessedCodes() throws {
        let network = try NetworkServer()
        defer { network.stop() }
        let before = network.storeBytes()
        let real = try network.state.pairingCodes.mint(now: network.now)
        var statuses: [Int: Int] = [:]
        // curl takes a list of URLs: one process, one connection reused, a thousand requests.
        let guesses = (0..<1000).map { String(format: "/pair?code=%010d", $0) }
        let certificate = network.folder.appendingPathComponent("server.pem")
        try network.network.certificate.certificate.write(to: certificate, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--cacert", certificate.path, "-o", "/dev/null", "-w", "%{http_code}\n"]
            + guesses.flatMap { ["-o", "/dev/null", network.base + $0] }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in output.split(separator: "\n") { statuses[Int(line) ?? 0, default: 0] += 1 }
        expectEqual(statuses, [403: 5, 429: 995], "\(statuses)")
        try expectEqual(network.curl("/pair?code=\(real)").status, 429, "the limited address could still pair")
        expectEmpty(network.state.devices.all())
        expectEqual(network.storeBytes(), before)
        network.now = network.now.addingTimeInterval(10 * 60 + 1)
        try expectEqual(network.curl("/pair?code=\(real)").status, 403, "the real code outlived its ten minutes")
    }
}
