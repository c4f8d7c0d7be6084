import CMicroHTTPD
import CharflowApp
import CharflowCore
import Foundation

/// Charflow's local web server on libmicrohttpd: 127.0.0.1 only, the access checks of D17, then the API.
///
/// libmicrohttpd runs one internal polling thread; its callbacks reach this object through `cls` and
/// hand every request to `WebAPI`, which serialises store access with one lock. Request bodies are copied
/// chunk by chunk and capped at 64 KiB; each request's state is freed when libmicrohttpd reports it done.
public final class WebServer: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Idle connections are closed after this many seconds.
        public var idleSeconds: UInt32 = 30
        public var connections: UInt32 = 64
        public var connectionsPerAddress: UInt32 = 32
        /// libmicrohttpd's buffer per connection (headers and the read buffer), in bytes.
        public var connectionMemory = 64 * 1024

        public init() {}
    }

    let api: WebAPI
    let token: AccessToken
    let limits: Limits
    private let requestedPort: UInt16
    private var daemon: OpaquePointer?
    public private(set) var port = 0
    /// The checks for the real port; set once the daemon is listening, read under `flight`'s lock.
    private var gate: AccessGuard
    private let flight = NSCondition()
    private var inFlight = 0
    private var ticking = false

    public init(store: StoreEnvironment, clock: WebClock, port: UInt16, token: AccessToken = .fresh(), limits: Limits = Limits()) {
        api = WebAPI(store: store, clock: clock)
        self.token = token
        self.limits = limits
        requestedPort = port
        gate = AccessGuard(token: token, port: Int(port))
    }

    /// The URL to print: it lets one browser in (W-1).
    public var url: String { currentGate.url }

    private var currentGate: AccessGuard {
        flight.lock()
        defer { flight.unlock() }
        return gate
    }

    public enum StartError: Error {
        case cannotListen(port: Int)
    }

    /// Opens the store, listens on 127.0.0.1 and starts the boundary timer.
    public func start() throws {
        try api.prepare()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_POLL.rawValue
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            charflow_mhd_start(
                flags, pointer,
                { cls, connection, url, method, _, data, size, state in
                    guard let cls, let connection, let size, let state else { return charflow_mhd_no() }
                    let server = Unmanaged<WebServer>.fromOpaque(cls).takeUnretainedValue()
                    return server.handle(connection, url: url, method: method, data: data, size: size, state: state)
                },
                context,
                { cls, _, state, _ in
                    guard let cls, let state else { return }
                    Unmanaged<WebServer>.fromOpaque(cls).takeUnretainedValue().finish(state)
                },
                limits.idleSeconds, limits.connections, limits.connectionsPerAddress, limits.connectionMemory)
        }
        guard let daemon else { throw StartError.cannotListen(port: Int(requestedPort)) }
        port = Int(charflow_mhd_port(daemon))
        flight.lock()
        gate = AccessGuard(token: token, port: port)
        flight.unlock()
        startTicker()
    }

    /// libmicrohttpd's callbacks hold this object unretained: it stops the daemon before it goes.
    deinit {
        stop()
    }

    /// Stops taking connections, lets the requests in flight finish (ten seconds at most), then stops.
    public func stop() {
        guard let daemon else { return }
        flight.lock()
        ticking = false
        flight.unlock()
        charflow_mhd_quiesce(daemon)
        flight.lock()
        let deadline = Date().addingTimeInterval(10)
        while inFlight > 0, flight.wait(until: deadline) {}
        flight.unlock()
        charflow_mhd_stop(daemon)
        self.daemon = nil
    }

    // MARK: Requests

    /// What one request has gathered between libmicrohttpd's calls.
    final class RequestState {
        var request: WebRequest
        var overflowed = false

        init(request: WebRequest) {
            self.request = request
        }
    }

    private func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = state.pointee else {
            // First call: the headers are in. Refuse from them alone when the checks say so.
            let gate = currentGate
            let request = readHead(connection, url: url, method: method, cookieName: gate.cookieName)
            let fresh = RequestState(request: request)
            state.pointee = Unmanaged.passRetained(fresh).toOpaque()
            flight.lock()
            inFlight += 1
            flight.unlock()
            if let refusal = gate.check(request) { return queue(refusal, on: connection) }
            return charflow_mhd_yes()
        }
        let current = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        if size.pointee > 0 {
            // A body chunk: copy it, unless the body is already over the limit (then drop it).
            let count = size.pointee
            if !current.overflowed, current.request.body.count + count <= AccessGuard.bodyLimit, let data {
                data.withMemoryRebound(to: UInt8.self, capacity: count) {
                    current.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            } else {
                current.overflowed = true
                current.request.body = []
            }
            size.pointee = 0
            return charflow_mhd_yes()
        }
        if current.overflowed { return queue(AccessGuard.tooLarge, on: connection) }
        return queue(api.respond(current.request, token: token), on: connection)
    }

    /// Frees a request's state once libmicrohttpd is done with it (answered, failed or timed out).
    private func finish(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let pointer = state.pointee else { return }
        Unmanaged<RequestState>.fromOpaque(pointer).release()
        state.pointee = nil
        flight.lock()
        inFlight -= 1
        flight.broadcast()
        flight.unlock()
    }

    private func readHead(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, cookieName: String
    ) -> WebRequest {
        func text(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        var request = WebRequest(method: method.map { String(cString: $0) } ?? "",
                                 path: url.map { String(cString: $0) } ?? "")
        request.host = text(charflow_mhd_header(connection, "Host"))
        request.origin = text(charflow_mhd_header(connection, "Origin"))
        request.contentType = text(charflow_mhd_header(connection, "Content-Type"))
        request.headerToken = text(charflow_mhd_header(connection, "X-Charflow-Token"))
        request.contentLength = text(charflow_mhd_header(connection, "Content-Length"))
        request.cookieToken = text(charflow_mhd_cookie(connection, cookieName))
        request.queryToken = text(charflow_mhd_argument(connection, "token"))
        for name in APIRoute.queryNames {
            if let value = text(charflow_mhd_argument(connection, name)) { request.query[name] = value }
        }
        return request
    }

    /// Hands a response to libmicrohttpd, which copies the body (`MHD_RESPMEM_MUST_COPY`).
    private func queue(_ response: WebResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            charflow_mhd_copied_response(bytes.count, bytes.baseAddress)
        }
        guard let created else { return charflow_mhd_no() }
        for (name, value) in response.allHeaders {
            _ = charflow_mhd_add_header(created, name, value)
        }
        let result = charflow_mhd_queue(connection, UInt32(response.status), created)
        charflow_mhd_destroy(created)
        return result
    }

    // MARK: The boundary timer

    /// Checks the rollover boundary every second on its own thread, so the day turns with no request.
    private func startTicker() {
        flight.lock()
        ticking = true
        flight.unlock()
        let thread = Thread { [self] in
            while true {
                flight.lock()
                let running = ticking
                flight.unlock()
                guard running else { return }
                api.checkBoundary()
                Thread.sleep(forTimeInterval: 1)
            }
        }
        thread.start()
    }
}
