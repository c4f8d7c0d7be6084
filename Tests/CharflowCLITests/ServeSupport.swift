import CharflowApp
import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The web server of `charflow serve` over a runner's store, signed in as a browser would be, and a raw
/// HTTP/1.1 client for it.
///
/// The server runs inside this test process by default, set up from the runner's environment as
/// `serve` sets it up (the store, the state folder, the clock, the automatic sync), on a loopback port;
/// `asProcess` starts `charflow serve` instead, for the tests of the process itself (the URL it prints,
/// the signals that stop it, a restart). The client writes requests byte for byte over loopback, so a
/// test can send what a browser would not (a foreign Host, a chunked body, a path with `..`). Signing
/// in uses up the one-time link and keeps the cookie it set and the write token the page carries.
///
/// Every stored property is a constant, so clients on several tasks may share one.
final class ServedCharflow: @unchecked Sendable {
    let runner: CharflowRunner
    /// The `charflow serve` process; nil when the server runs in this process.
    let process: Process?
    let url: String
    let port: Int
    /// The link's one-time token.
    let link: String
    /// The sign-in cookie's value (empty when not signed in).
    let cookieValue: String
    /// The write token the page carries for `X-Charflow-Token` (empty when not signed in).
    let token: String
    private let stdout: Pipe?
    private let stderr: Pipe?
    /// The server and its note in the state folder, when it runs in this process.
    private let inProcess: (server: WebServer, record: ServerRecord, state: ServeStateFolder)?

    /// Starts the server (clock `now` unless `extra` names a clock file) on `port` (0: any free one),
    /// reads its sign-in URL and, with `signIn`, signs in with it.
    init(_ runner: CharflowRunner, now: String? = "2026-11-30T09:00", extra: [String: String] = [:], port: Int = 0,
         signIn: Bool = true, asProcess: Bool = false) throws {
        self.runner = runner
        let line: String
        if asProcess {
            let (process, stdout, stderr) = try runner.start(["serve", "--port", String(port)], now: now, extra: extra)
            (self.process, self.stdout, self.stderr, inProcess) = (process, stdout, stderr, nil)
            var printed = Data()
            while !printed.contains(UInt8(ascii: "\n")) {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += chunk
            }
            line = String(decoding: printed, as: UTF8.self)
        } else {
            let started = try ServedCharflow.startInProcess(runner, now: now, extra: extra, port: port)
            (process, stdout, stderr) = (nil, nil, nil)
            inProcess = (started.server, started.record, started.state)
            line = started.url
        }
        guard let range = line.range(of: #"http://127\.0\.0\.1:([0-9]+)/\?token=([0-9a-f]+)"#, options: .regularExpression) else {
            let errors = ServedCharflow.end(process, stderr)
            inProcess?.server.stop()
            throw ServeFailure(message: "serve printed no URL: \(line) \(errors)")
        }
        url = String(line[range])
        let parts = url.dropFirst("http://127.0.0.1:".count).split(separator: "/")
        self.port = Int(parts[0])!
        link = String(url[url.range(of: "token=")!.upperBound...])
        guard signIn else {
            (cookieValue, token) = ("", "")
            return
        }
        do {
            (cookieValue, token) = try ServedCharflow.signIn(port: self.port, link: link)
        } catch {
            _ = ServedCharflow.end(process, stderr)
            inProcess?.server.stop()
            throw error
        }
    }

    /// A server a test did not stop (it threw before its `defer`) is stopped when the last reference
    /// goes, so that no `serve` outlives the run and no server keeps listening in the test process.
    deinit {
        stop()
    }

    /// The server `serve` would run for `runner`'s store with `extra` in its environment, started in
    /// this process, with its note in the state folder and a fresh sign-in URL.
    private static func startInProcess(_ runner: CharflowRunner, now: String?, extra: [String: String], port: Int) throws
        -> (server: WebServer, record: ServerRecord, state: ServeStateFolder, url: String)
    {
        let environment = runner.environment(extra: extra)
        let store = try StoreEnvironment(environment: environment, storeOption: nil)
        let state = try ServeStateFolder(environment: environment, storePath: store.path)
        let clock: WebClock
        if let now {
            clock = .fixed(try StoreEnvironment.clock(now, zone: store.timeZone))
        } else if let file = environment["CHARFLOW_CLOCK_FILE"], !file.isEmpty {
            clock = .file(file)
        } else {
            clock = .system
        }
        let syncLoop = AutoSync(store: store, clock: { [clock, zone = store.timeZone] in clock.now(in: zone) },
                                environmentHub: environment["CHARFLOW_HUB"], timing: AutoSync.Timing(environment: environment))
        let server = WebServer(store: store, clock: clock, port: UInt16(port), state: state, syncLoop: syncLoop)
        try server.start()
        let record = ServerRecord(pid: getpid(), port: server.port)
        try record.write(to: state.recordPath)
        let link = try state.links.mint()
        return (server, record, state, AccessGuard.signInURL(port: server.port, link: link))
    }

    /// Ends a `serve` process that is of no use, and returns what it said on stderr.
    private static func end(_ process: Process?, _ stderr: Pipe?) -> String {
        guard let process, let stderr else { return "" }
        if process.isRunning { process.terminate() }
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return errors
    }

    /// Trades `link` for the cookie, then reads the write token from the page, as a browser's script does.
    static func signIn(port: Int, link: String) throws -> (cookie: String, token: String) {
        let host = ("Host", "127.0.0.1:\(port)")
        let client = HTTPClient(port: port)
        let answer = try client.exchange(method: "GET", path: "/?token=" + link, headers: [host], body: [])
        let prefix = "charflow-\(port)="
        guard answer.status == 303, let set = answer.header("Set-Cookie"), set.hasPrefix(prefix),
              let value = set.dropFirst(prefix.count).split(separator: ";").first else {
            throw ServeFailure(message: "the link signed nobody in: \(answer.status) \(answer.body)")
        }
        let page = try client.exchange(method: "GET", path: "/", headers: [host, ("Cookie", prefix + value)], body: [])
        guard let meta = page.body.range(of: #"<meta name="charflow-token" content="([0-9a-f]{64})">"#, options: .regularExpression) else {
            throw ServeFailure(message: "the page carries no write token: \(page.status)")
        }
        let token = page.body[meta].dropFirst(#"<meta name="charflow-token" content=""#.count).prefix(64)
        return (String(value), String(token))
    }

    struct ServeFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    var host: String { "127.0.0.1:\(port)" }
    /// The CSP every answer carries (D17, D21).
    static let policy = "default-src 'self'; frame-ancestors 'none'"
    var cookie: String { "charflow-\(port)=\(cookieValue)" }

    /// Stops the server: a process by SIGTERM (or `signal`), with its exit status and what it printed on
    /// stderr; one in this process as `serve` stops its own (status 0, nothing printed).
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
        if let (server, record, state) = inProcess {
            record.remove(from: state.recordPath)
            server.stop()
            return (0, "")
        }
        guard let process, let stderr else { return (0, "") }
        if process.isRunning { kill(process.processIdentifier, signal) }
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errors)
    }

    /// A request with every access check passed unless a test leaves one out.
    func send(
        _ method: String, _ path: String, json: String? = nil, host: String? = nil, cookie: String?? = .none,
        token: String?? = .none, origin: String? = nil, contentType: String?? = .none,
        extraHeaders: [(String, String)] = []
    ) throws -> HTTPAnswer {
        var headers: [(String, String)] = [("Host", host ?? self.host)]
        if let cookie = cookie ?? self.cookie { headers.append(("Cookie", cookie)) }
        let isWrite = method != "GET" && method != "HEAD"
        if isWrite, let token = token ?? self.token { headers.append(("X-Charflow-Token", token)) }
        if isWrite, let type = contentType ?? "application/json" { headers.append(("Content-Type", type)) }
        if let origin { headers.append(("Origin", origin)) }
        headers += extraHeaders
        let body = json.map { Array($0.utf8) } ?? (isWrite ? Array("{}".utf8) : [])
        return try HTTPClient(port: port).exchange(method: method, path: path, headers: headers, body: body)
    }

    /// The store's files (the database and its write-ahead log), for "byte-identical" checks.
    func storeBytes() -> Data {
        let main = FileManager.default.contents(atPath: runner.storePath) ?? Data()
        let wal = FileManager.default.contents(atPath: runner.storePath + "-wal") ?? Data()
        return main + Data("|wal|".utf8) + wal
    }
}

/// One HTTP answer as read off the socket.
struct HTTPAnswer {
    let status: Int
    let headers: [(String, String)]
    let body: String

    /// The first value of a header, by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(body.utf8))
        return try #require(value as? [String: Any], "not a JSON object: \(body)")
    }

    /// The `{"error": {"code", "message"}}` body's code.
    func errorCode() throws -> String {
        let error = try #require(try json()["error"] as? [String: Any], "no error in \(body)")
        expectTrue(!((error["message"] as? String) ?? "").isEmpty)
        return try #require(error["code"] as? String)
    }
}

/// A minimal HTTP/1.1 client over a loopback TCP socket: one request per connection.
struct HTTPClient {
    let port: Int
    var address = "127.0.0.1"

    struct SocketFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens a connection; the caller closes it.
    func connect(timeoutSeconds: Int = 20) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SocketFailure(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = UInt16(port).bigEndian
        target.sin_addr.s_addr = inet_addr(address)
        let status = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(socket)
            throw SocketFailure(description: "connect to \(address):\(port) failed (errno \(errno))")
        }
        return socket
    }

    /// Sends bytes, ignoring a peer that already closed (it may answer before reading a body).
    static func write(_ socket: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads until the peer closes (or the timeout).
    static func readAll(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Whether the socket has something to read within `milliseconds`.
    static func readable(_ socket: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// One request with `Connection: close`; with `chunkSize`, the body goes chunked. The headers go
    /// first: a server that answers from them alone is read before the body is sent.
    func exchange(method: String, path: String, headers: [(String, String)], body: [UInt8], chunkSize: Int? = nil) throws -> HTTPAnswer {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let chunkSize, chunkSize > 0 {
            head += "Transfer-Encoding: chunked\r\n"
        } else if !body.isEmpty || (method != "GET" && method != "HEAD") {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        HTTPClient.write(socket, Array(head.utf8))
        if !body.isEmpty, !HTTPClient.readable(socket, milliseconds: 50) {
            if let chunkSize, chunkSize > 0 {
                var offset = 0
                while offset < body.count {
                    let piece = Array(body[offset..<min(offset + chunkSize, body.count)])
                    HTTPClient.write(socket, Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8))
                    offset += piece.count
                }
                HTTPClient.write(socket, Array("0\r\n\r\n".utf8))
            } else {
                HTTPClient.write(socket, body)
            }
        } else if let chunkSize, chunkSize > 0, body.isEmpty {
            HTTPClient.write(socket, Array("0\r\n\r\n".utf8))
        }
        return try HTTPClient.parse(HTTPClient.readAll(socket))
    }

    static func parse(_ bytes: [UInt8]) throws -> HTTPAnswer {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw SocketFailure(description: "no HTTP answer: \(text.prefix(200))")
        }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw SocketFailure(description: "bad status line: \(lines[0])")
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPAnswer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

extension ServedCharflow {
    /// Starts a server over a fresh store with one task on the board, runs `body`, then stops the server
    /// and removes the store.
    static func withBoard(_ body: (ServedCharflow) throws -> Void) throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        try runner.add("Water plants", ["--region", "morning"])
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        try body(server)
    }
}
