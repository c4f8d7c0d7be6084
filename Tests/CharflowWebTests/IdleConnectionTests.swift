import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// Idle connections cannot lock a new client out (README D21, rule W-26): libmicrohttpd takes many
/// connections on one epoll thread and closes idle ones after a short timeout.
@Suite("serve · idle connections lock nobody out (W-26)")
struct IdleConnectionTests {
    /// An open loopback connection to `port` that sends nothing, or `partial` and then nothing.
    static func idleSocket(port: Int, partial: String? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LocalServer.Failure(description: "socket() failed") }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(port).bigEndian
        target.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw LocalServer.Failure(description: "connect failed (errno \(errno))")
        }
        if let partial {
            let bytes = Array(partial.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        return socket
    }

    /// Whether the server has closed `socket` (a read returns end of file or an error at once).
    static func closedByServer(_ socket: Int32) -> Bool {
        var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&poll, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    @Test("W-26: 100 idle and 20 stalled connections open, a new client is still answered at once")
    func hundredIdle() throws {
        let local = try LocalServer()
        defer { local.stop() }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<100 { sockets.append(try Self.idleSocket(port: local.server.port)) }
        for _ in 0..<20 {
            sockets.append(try Self.idleSocket(port: local.server.port, partial: "GET /api/today HTTP/1.1\r\nHost: \(local.host)\r\n"))
        }
        for attempt in 0..<3 {
            let started = Date()
            let answer = try local.send("GET", "/api/changes")
            let took = Date().timeIntervalSince(started)
            expectEqual(answer.status, 200, "attempt \(attempt): \(answer.status)")
            expectTrue(took < 2, "attempt \(attempt) took \(took) s")
        }
        expectEmpty(sockets.filter(Self.closedByServer), "idle connections were turned away at once")
    }

    @Test("W-26: with every connection taken by idle clients, they are closed after the idle timeout and a new client is served")
    func idleTimeoutFreesTheLimit() throws {
        var limits = WebServer.Limits()
        limits.connections = 16
        limits.idleSeconds = 1
        // No room kept for fresh clients, so only the idle timeout can free the limit here.
        limits.spareConnections = 0
        let local = try LocalServer(limits: limits)
        defer { local.stop() }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<16 { sockets.append(try Self.idleSocket(port: local.server.port)) }
        // Time for libmicrohttpd to accept all sixteen, so the new client finds the limit reached.
        usleep(300_000)
        let started = Date()
        let answer = try local.send("GET", "/api/changes")
        let took = Date().timeIntervalSince(started)
        expectEqual(answer.status, 200)
        // At most the idle timeout and a second of libmicrohttpd's timer: never the old 30 s.
        expectTrue(took < 4, "the new client waited \(took) s")
        // A socket the server accepted only as others closed (a loaded machine may take longer than the
        // wait above to accept all sixteen) has its own idle timeout, still running: each is closed
        // within the timeout and the timer's second of being accepted, which takes two rounds at most.
        let deadline = Date().addingTimeInterval(2 * (Double(limits.idleSeconds) + 1) + 1)
        while !sockets.allSatisfy(Self.closedByServer), Date() < deadline { usleep(50_000) }
        expectTrue(sockets.allSatisfy(Self.closedByServer), "the idle connections were not closed")
    }
}
