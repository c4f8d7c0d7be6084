import CharflowApp
import CharflowCore
import CharflowTestSupport
import CharflowWeb
import Foundation

/// The real web server with `--listen 127.0.0.1:0` (spec D24), started in this process over a fresh
/// SQLite store with its self-signed certificate, and curl as its HTTPS client.
///
/// The pairing and sign-in clock is `now`, which a test may move; the store's clock is fixed.
final class NetworkServer: @unchecked Sendable {
    let server: WebServer
    let store: StoreEnvironment
    let folder: URL
    let state: ServeStateFolder
    let network: NetworkAccess
    private let lock = NSLock()
    private var clock = Date(timeIntervalSince1970: 1_796_115_600)  // 2026-12-01 09:00 UTC

    init(limits: WebServer.Limits = WebServer.Limits(), attempts: AttemptLimits = AttemptLimits()) throws {
        folder = try TestFolder.make("web-network")
        store = StoreEnvironment(path: folder.appendingPathComponent("charflow.sqlite").path,
                                 timeZone: TimeZone(identifier: "Europe/London")!, localeFirstWeekday: .monday)
        state = try ServeStateFolder(environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path], storePath: store.path)
        let certificate = try TLSCertificate.selfSigned(in: state, names: ["127.0.0.1"])
        let box = ClockBox()
        network = NetworkAccess(address: ListenAddress("127.0.0.1:0")!, names: [], certificate: certificate, state: state,
                                limits: attempts, now: { box.now() })
        let now = try StoreEnvironment.clock("2026-11-30T09:00", zone: store.timeZone)
        server = WebServer(store: store, clock: .fixed(now), port: 0, state: state, limits: limits, network: network)
        box.owner = self
        try server.start()
    }

    /// The clock the pairing codes and sign-ins see.
    var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return clock }
        set { lock.lock(); clock = newValue; lock.unlock() }
    }

    final class ClockBox: @unchecked Sendable {
        weak var owner: NetworkServer?
        func now() -> Date { owner?.now ?? Date() }
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    var base: String { "https://127.0.0.1:\(server.port)" }
    var cookieName: String { "charflow-\(server.port)" }

    /// One answer from curl: the status, the headers and the body, and how long it took.
    struct Answer {
        let status: Int
        let headers: String
        let body: String
        let seconds: Double
    }

    /// `curl` over HTTPS, trusting the server's certificate (it is pinned by file); `arguments` come first.
    func curl(_ path: String, _ arguments: [String] = []) throws -> Answer {
        let certificate = folder.appendingPathComponent("server.pem")
        if !FileManager.default.fileExists(atPath: certificate.path) {
            try network.certificate.certificate.write(to: certificate, atomically: true, encoding: .utf8)
        }
        let headers = folder.appendingPathComponent("headers-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", "20", "--cacert", certificate.path, "-D", headers.path,
                             "-w", "\n%{http_code} %{time_total}"] + arguments + [base + path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        let parts = last.split(separator: " ")
        let head = (try? String(contentsOf: headers, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: headers)
        return Answer(status: parts.first.flatMap { Int($0) } ?? 0, headers: head,
                      body: String(text.dropLast(last.count + 1)), seconds: parts.count > 1 ? Double(parts[1]) ?? 99 : 99)
    }

    /// Pairs a browser through the real pairing link and returns its cookie header value.
    func pair(userAgent: String = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36") throws -> String? {
        let code = try state.pairingCodes.mint(now: now)
        let answer = try curl("/pair?code=\(code)", ["-A", userAgent])
        guard answer.status == 303 else { return nil }
        for line in answer.headers.split(separator: "\r\n") where line.lowercased().hasPrefix("set-cookie:") {
            let value = line.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces)
            return value.split(separator: ";").first.map(String.init)
        }
        return nil
    }

    /// The store's files, for "nothing changed" checks.
    func storeBytes() -> Data {
        let main = FileManager.default.contents(atPath: store.path) ?? Data()
        let wal = FileManager.default.contents(atPath: store.path + "-wal") ?? Data()
        return main + Data("|wal|".utf8) + wal
    }
}
