import CharflowApp
import CharflowCore
import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The real web server, started in this process on loopback (port 0) over a fresh SQLite store in a
/// temporary folder, with a plain HTTP/1.1 client for it.
///
/// Its clock is fixed, so no rollover runs between requests and the store's bytes change only by a write.
final class LocalServer: @unchecked Sendable {
    let server: WebServer
    let store: StoreEnvironment
    let folder: URL
    /// The store's server secret: the cookie a signed-in browser holds and the page's write token.
    let secret: ServerSecret
    /// The server's state folder: its secret and its sign-in links.
    let state: ServeStateFolder

    /// With `before`, the store is set up first (at a clock of its own, earlier days included), before the
    /// server and its ticker start: once the server has opened the store at its clock, the day has rolled
    /// over to the 30th, and an earlier day could no longer be set up as it was.
    init(limits: WebServer.Limits = WebServer.Limits(), before: ((StoreEnvironment) throws -> Void)? = nil) throws {
        folder = try TestFolder.make("web")
        store = StoreEnvironment(path: folder.appendingPathComponent("charflow.sqlite").path,
                                 timeZone: TimeZone(identifier: "Europe/London")!, localeFirstWeekday: .monday)
        let now = try StoreEnvironment.clock("2026-11-30T09:00", zone: store.timeZone)
        state = try ServeStateFolder(environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path],
                                         storePath: store.path)
        secret = try ServerSecret.load(at: state.secretPath)
        try before?(store)
        server = WebServer(store: store, clock: .fixed(now), port: 0, state: state, limits: limits)
        try server.start()
    }

    /// Stops the server and removes its store.
    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    var host: String { "127.0.0.1:\(server.port)" }
    var cookie: String { "charflow-\(server.port)=\(secret.cookie.text)" }

    /// A request with every access check passed unless the test leaves one out (`.some(nil)`).
    func send(_ method: String, _ path: String, json: String? = nil, cookie: String?? = .none,
              token: String?? = .none) throws -> Answer {
        var headers = [("Host", host)]
        if let cookie = cookie ?? self.cookie { headers.append(("Cookie", cookie)) }
        let isWrite = method != "GET" && method != "HEAD"
        if isWrite {
            if let token = token ?? secret.write.text { headers.append(("X-Charflow-Token", token)) }
            headers.append(("Content-Type", "application/json"))
        }
        let body = Array((json ?? (isWrite ? "{}" : "")).utf8)
        return try exchange(method: method, path: path, headers: headers, body: body)
    }

    /// A POST with a body, every check passed.
    func post(_ path: String, _ json: String) throws -> Answer {
        try send("POST", path, json: json)
    }

    /// The store's files (the database and its write-ahead log), for "nothing changed" checks.
    func storeBytes() -> Data {
        let main = FileManager.default.contents(atPath: store.path) ?? Data()
        let wal = FileManager.default.contents(atPath: store.path + "-wal") ?? Data()
        return main + Data("|wal|".utf8) + wal
    }

    /// One HTTP answer.
    struct Answer {
        let status: Int
        let body: String
        /// The header lines as sent, names as written.
        var headers: [(String, String)] = []

        /// Every value of the header `name` (any case), in order.
        func values(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        }

        func json() throws -> [String: Any] {
            let value = try JSONSerialization.jsonObject(with: Data(body.utf8))
            return try #require(value as? [String: Any], "not a JSON object: \(body)")
        }

        /// The `{"error": {"code", "message"}}` body, nil when the answer has none.
        func error() -> (code: String, message: String)? {
            guard let object = try? json(), let error = object["error"] as? [String: Any],
                  let code = error["code"] as? String, let message = error["message"] as? String else { return nil }
            return (code, message)
        }
    }

    /// One request over a fresh loopback connection with `headers` exactly as given (no Host added) and
    /// `Connection: close`, read until the server closes.
    func exchange(method: String, path: String, headers: [(String, String)], body: [UInt8]) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(server.port).bigEndian
        target.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect failed (errno \(errno))") }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || (method != "GET" && method != "HEAD") { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"),
              let status = text[..<split.lowerBound].split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no HTTP answer: \(text.prefix(200))")
        }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n").dropFirst()
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, body: String(text[split.upperBound...]), headers: headers)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
