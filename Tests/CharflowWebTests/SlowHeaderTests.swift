import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// Connections that send their request a line at a time cannot lock a normal request out (rule W-26,
/// issue 42's twelfth finding): 1,030 of them, each sending a header line every 3 s and reconnecting
/// when ended, against the default limit of 1,024 connections, on loopback and on `--listen`.
@Suite("serve · slow senders lock nobody out (W-26)", .serialized)
struct SlowHeaderTests {
    static let attackers = 1030

    /// Room for the attackers' sockets and the server's own in this one process.
    static func raiseFileLimit() {
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        files.rlim_cur = min(files.rlim_max, 8192)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
    }

    /// Keeps `count` connections to `port` open, each sending `opening` once and then `trickle` every
    /// three seconds, reopening any the server ends, until `stop` is set; counts the ends it saw.
    final class Attack: @unchecked Sendable {
        let port: Int
        let opening: [UInt8]
        let trickle: [UInt8]
        private let lock = NSLock()
        private var stopping = false
        private(set) var reopened = 0
        private var sockets: [Int32] = []
        private var thread: Thread?

        init(port: Int, count: Int, opening: [UInt8], trickle: [UInt8]) throws {
            self.port = port
            self.opening = opening
            self.trickle = trickle
            for _ in 0..<count { sockets.append(try open()) }
        }

        private func open() throws -> Int32 {
            let socket = try IdleConnectionTests.idleSocket(port: port)
            _ = opening.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            return socket
        }

        func start() {
            let thread = Thread { [self] in
                while true {
                    for _ in 0..<30 {
                        usleep(100_000)
                        lock.lock(); let done = stopping; lock.unlock()
                        if done { return }
                    }
                    for index in sockets.indices {
                        let sent = trickle.withUnsafeBytes { Glibc.send(sockets[index], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                        if sent <= 0 || IdleConnectionTests.closedByServer(sockets[index]) {
                            close(sockets[index])
                            if let fresh = try? open() { sockets[index] = fresh }
                            lock.lock(); reopened += 1; lock.unlock()
                        }
                    }
                }
            }
            self.thread = thread
            thread.start()
        }

        func stop() {
            lock.lock(); stopping = true; lock.unlock()
            usleep(300_000)
            sockets.forEach { close($0) }
        }
    }

    @Test("W-26: 1,030 connections sending a header line every 3 s leave a normal request answered within a second, on loopback")
    func loopback() throws {
        Self.raiseFileLimit()
        let local = try LocalServer()
        defer { local.stop() }
        let attack = try Attack(port: local.server.port, count: Self.attackers,
                                opening: Array("GET /api/today HTTP/1.1\r\nHost: \(local.host)\r\n".utf8), trickle: Array("X-Slow: a\r\n".utf8))
        attack.start()
        defer { attack.stop() }
        // Once all are open, and again past the idle timeout (10 s), which the trickle defeats.
        for wait in [2.0, 10.0] {
            Thread.sleep(forTimeInterval: wait)
            let started = Date()
            let answer = try local.send("GET", "/api/changes")
            let took = Date().timeIntervalSince(started)
            expectEqual(answer.status, 200)
            expectTrue(took < 1, "a normal request took \(took) s beside \(Self.attackers) slow senders")
        }
        expectTrue(attack.reopened > 0, "no slow sender was ever ended")
    }

    @Test("W-26, M-4: 1,030 connections trickling a TLS handshake leave a paired phone answered within a second, on --listen")
    func listen() throws {
        Self.raiseFileLimit()
        let network = try NetworkServer()
        defer { network.stop() }
        let cookie = try #require(try network.pair())
        // A TLS record header announcing a 512-byte handshake, then one byte of it every 3 s.
        let attack = try Attack(port: network.server.port, count: Self.attackers, opening: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01],
                                trickle: [0x00])
        attack.start()
        defer { attack.stop() }
        for wait in [2.0, 10.0] {
            Thread.sleep(forTimeInterval: wait)
            let answer = try network.curl("/api/changes", ["-H", "Cookie: \(cookie)"])
            expectEqual(answer.status, 200)
            expectTrue(answer.seconds < 1, "a paired phone's request took \(answer.seconds) s beside \(Self.attackers) slow senders")
        }
        expectTrue(attack.reopened > 0, "no slow sender was ever ended")
    }
}
