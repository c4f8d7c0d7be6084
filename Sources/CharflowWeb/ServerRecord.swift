import Foundation

/// The note a running `serve` leaves in the state folder (0600): its process and port, so `charflow open`
/// finds the server of this store instead of starting a second one.
///
/// A note can outlive its server (a crash, a kill): it is believed only once the port answers a request
/// signed with this store's cookie (`answers`), which only this store's server takes.
public struct ServerRecord: Sendable, Equatable {
    public let pid: Int32
    public let port: Int

    public init(pid: Int32, port: Int) {
        self.pid = pid
        self.port = port
    }

    /// The note at `path`, or nil when there is none that reads as one.
    public static func read(_ path: String) -> ServerRecord? {
        guard let text = PrivateFile.read(path) else { return nil }
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let pid = Int32(parts[0]), let port = Int(parts[1]), pid > 0, (1...65535).contains(port) else {
            return nil
        }
        return ServerRecord(pid: pid, port: port)
    }

    public func write(to path: String) throws {
        try PrivateFile.write("\(pid) \(port)\n", to: path, replacing: true)
    }

    /// Removes the note at `path` if it is still this one (a second server on the store may have written its own).
    public func remove(from path: String) {
        if ServerRecord.read(path) == self { unlink(path) }
    }

    /// Whether the port answers `GET /api/changes` with 200 for this cookie: a server of this store is there.
    public func answers(cookie: AccessToken, timeoutSeconds: Int = 3) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return false }
        let request = "GET /api/changes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Cookie: \(AccessGuard.cookieName(port: port))=\(cookie.text)\r\nConnection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            return false
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        var received: [UInt8] = []
        while received.count < 12 {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        let status = String(decoding: received.prefix(12), as: UTF8.self)
        return status == "HTTP/1.1 200" || status == "HTTP/1.0 200"
    }
}
