import CMicroHTTPD
import CharflowApp
import CharflowCore
import Foundation

/// Charflow's web server on libmicrohttpd: on 127.0.0.1 with the access checks of D17, or with `--listen`
/// on the network over HTTPS only with those of D24 (`NetworkAccess`), then the API.
///
/// libmicrohttpd runs one internal thread over epoll: every connection, idle or not, is one entry in the
/// kernel's list rather than a thread or a scan, so many idle sockets cost little and cannot lock a new
/// client out (W-26); `WebAPI` serialises store access with one lock anyway, so more threads would only
/// wait on it. Request bodies are copied chunk by chunk and capped at 64 KiB; each request's state is
/// freed when libmicrohttpd reports it done. Connections that trickle their headers are ended by the
/// `ConnectionWatch`, which libmicrohttpd's idle timeout alone would keep. The sign-in secret is read from the state folder on every
/// request, so `serve --sign-out` takes effect on a running server.
public final class WebServer: @unchecked Sendable {
    public struct Limits: Sendable {
        /// Idle connections are closed after this many seconds: the page asks for changes every two
        /// seconds, so its own connection never idles that long.
        public var idleSeconds: UInt32 = 10
        /// Connections open at once; lowered at start if the process may not open that many files.
        public var connections: UInt32 = 1024
        /// Every client is 127.0.0.1, so a limit per address would be the total by another name, and a
        /// lower one would lock everyone out sooner: none.
        public var connectionsPerAddress: UInt32 = 0
        /// libmicrohttpd's buffer per connection (headers and the read buffer), in bytes.
        public var connectionMemory = 64 * 1024
        /// Files kept free beside the connections: the store's three, the state folder's, libraries'.
        public var spareFiles = 128
        /// A request's headers must have arrived this many seconds after the connection opened (or its
        /// previous request ended), however steadily they trickle in (W-26).
        public var headerSeconds: TimeInterval = 15
        /// Connections kept free for fresh clients: past the limit less these, the connection that has
        /// waited longest for its headers is ended for each new one (W-26).
        public var spareConnections = 64

        public init() {}
    }

    let api: WebAPI
    let state: ServeStateFolder
    let limits: Limits
    private let requestedPort: UInt16
    private var daemon: OpaquePointer?
    /// The real port, set once the daemon listens; read under `flight`'s lock, as requests may come first.
    private var listeningPort = 0
    private let flight = NSCondition()
    private var inFlight = 0
    private var ticking = false
    private let reminderLoop: ReminderLoop?
    /// With `--listen`: the network server's address, certificate, pairings and limits.
    public let network: NetworkAccess?
    private var watch: ConnectionWatch?
    private var watchCallback: UnsafeMutablePointer<charflow_mhd_watch>?

    /// `syncLoop`, `calendarLoop` and `reminderLoop`, when given, are started with the server and stopped
    /// with it (rules Y-28, F-12, R-7).
    public init(store: StoreEnvironment, clock: WebClock, port: UInt16, state: ServeStateFolder, limits: Limits = Limits(),
                syncLoop: AutoSync? = nil, calendarLoop: CalendarAutoRefresh? = nil, reminderLoop: ReminderLoop? = nil,
                network: NetworkAccess? = nil) {
        self.network = network
        api = WebAPI(store: store, clock: clock, syncLoop: syncLoop, calendarLoop: calendarLoop, keepsOfflineCopy: network != nil)
        self.reminderLoop = reminderLoop
        self.state = state
        self.limits = limits
        requestedPort = network?.address.port ?? port
    }

    /// The port the server listens on (0 before `start`).
    public var port: Int {
        flight.lock()
        defer { flight.unlock() }
        return listeningPort
    }

    public enum StartError: Error {
        case cannotListen(port: Int)
    }

    /// Opens the store and the secret, listens (on 127.0.0.1, or the `--listen` address with TLS) and
    /// starts the boundary timer.
    public func start() throws {
        try api.prepare()
        _ = try ServerSecret.load(at: state.secretPath)
        var address = sockaddr_storage()
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue
        if let listen = network?.address, listen.isIPv6 {
            flags |= charflow_mhd_ipv6_flag()
            withUnsafeMutableBytes(of: &address) { raw in
                let six = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                six.pointee.sin6_family = sa_family_t(AF_INET6)
                six.pointee.sin6_port = requestedPort.bigEndian
                _ = inet_pton(AF_INET6, listen.address, &six.pointee.sin6_addr)
            }
        } else {
            withUnsafeMutableBytes(of: &address) { raw in
                let four = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                four.pointee.sin_family = sa_family_t(AF_INET)
                four.pointee.sin_port = requestedPort.bigEndian
                four.pointee.sin_addr.s_addr = inet_addr(network?.address.address ?? "127.0.0.1")
            }
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let connections = WebServer.connectionsAllowed(limits)
        let watch = ConnectionWatch(headerSeconds: limits.headerSeconds, limit: Int(connections),
                                    spare: min(limits.spareConnections, Int(connections) / 4),
                                    perAddress: network.map { _ in NetworkAccess.connectionsPerAddress })
        self.watch = watch
        let callback = UnsafeMutablePointer<charflow_mhd_watch>.allocate(capacity: 1)
        callback.initialize(to: charflow_mhd_watch(event: { context, connection, opened, socket in
            guard let context, let connection else { return }
            let server = Unmanaged<WebServer>.fromOpaque(context).takeUnretainedValue()
            if opened != 0 {
                var buffer = [CChar](repeating: 0, count: 64)
                charflow_mhd_client_address(connection, &buffer, buffer.count)
                server.watch?.opened(UnsafeMutableRawPointer(connection), socket: socket, address: String(cString: buffer))
            } else {
                server.watch?.closed(UnsafeMutableRawPointer(connection))
            }
        }, context: context))
        watchCallback = callback
        daemon = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                charflow_mhd_start(
                    flags, socketAddress,
                    { cls, connection, url, method, _, data, size, state in
                        guard let cls, let connection, let size, let state else { return charflow_mhd_no() }
                        let server = Unmanaged<WebServer>.fromOpaque(cls).takeUnretainedValue()
                        return server.handle(connection, url: url, method: method, data: data, size: size, state: state)
                    },
                    context,
                    { cls, connection, state, _ in
                        guard let cls, let state else { return }
                        let server = Unmanaged<WebServer>.fromOpaque(cls).takeUnretainedValue()
                        if let connection { server.watch?.requestDone(UnsafeMutableRawPointer(connection)) }
                        server.finish(state)
                    },
                    callback,
                    limits.idleSeconds, connections, limits.connectionsPerAddress, limits.connectionMemory,
                    network?.certificate.certificate, network?.certificate.key, network.map { _ in NetworkAccess.priorities })
            }
        }
        guard let daemon else {
            callback.deallocate()
            watchCallback = nil
            throw StartError.cannotListen(port: Int(requestedPort))
        }
        flight.lock()
        listeningPort = Int(charflow_mhd_port(daemon))
        flight.unlock()
        startTicker()
        api.syncLoop?.start()
        api.calendarLoop?.start()
        reminderLoop?.start()
    }

    /// The connection limit the process can keep: it raises its open-file limit towards the hard one
    /// if need be, and takes fewer connections when even that leaves too few files spare.
    static func connectionsAllowed(_ limits: Limits) -> UInt32 {
        let wanted = rlim_t(limits.connections) + rlim_t(limits.spareFiles)
        var files = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 else { return limits.connections }
        if files.rlim_cur < wanted {
            var raised = files
            raised.rlim_cur = min(wanted, files.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { files = raised }
        }
        let usable = files.rlim_cur > rlim_t(limits.spareFiles) ? files.rlim_cur - rlim_t(limits.spareFiles) : 16
        return UInt32(min(rlim_t(limits.connections), max(16, usable)))
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
        watchCallback?.deallocate()
        watchCallback = nil
        api.syncLoop?.stop()
        api.calendarLoop?.stop()
        reminderLoop?.stop()
    }

    // MARK: Requests

    /// What one request has gathered between libmicrohttpd's calls.
    final class RequestState {
        var request: WebRequest
        var overflowed = false
        /// The secret the headers were checked with; the page gets its write token.
        var secret: ServerSecret?

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
            let port = self.port
            let request = readHead(connection, url: url, method: method, cookieName: AccessGuard.cookieName(port: port))
            let fresh = RequestState(request: request)
            state.pointee = Unmanaged.passRetained(fresh).toOpaque()
            flight.lock()
            inFlight += 1
            flight.unlock()
            watch?.headersArrived(UnsafeMutableRawPointer(connection))
            guard let secret = try? ServerSecret.load(at: self.state.secretPath) else {
                return queue(.error(500, code: "secret_unreadable", message: WebMessages.secretUnreadable), on: connection)
            }
            fresh.secret = secret
            if let network {
                var buffer = [CChar](repeating: 0, count: 64)
                charflow_mhd_client_address(connection, &buffer, buffer.count)
                let client = String(cString: buffer)
                if let refusal = network.check(request, client: client, port: port, write: secret.write) {
                    return queue(refusal, on: connection)
                }
                return charflow_mhd_yes()
            }
            let gate = AccessGuard(secret: secret, links: self.state.links, port: port)
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
        guard let secret = current.secret else { return charflow_mhd_no() }
        if current.request.path == PairingRoute.path {
            return queue(PairingRoute.answer(current.request, state: self.state, onNetwork: network != nil), on: connection)
        }
        return queue(api.respond(current.request, token: secret.write), on: connection)
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
        request.hostCount = Int(charflow_mhd_header_count(connection, "Host"))
        request.origin = text(charflow_mhd_header(connection, "Origin"))
        request.contentType = text(charflow_mhd_header(connection, "Content-Type"))
        request.headerToken = text(charflow_mhd_header(connection, "X-Charflow-Token"))
        request.contentLength = text(charflow_mhd_header(connection, "Content-Length"))
        request.acceptEncoding = text(charflow_mhd_header(connection, "Accept-Encoding"))
        request.cookieToken = text(charflow_mhd_cookie(connection, cookieName))
        request.queryToken = text(charflow_mhd_argument(connection, "token"))
        if network != nil {
            request.pairingCode = text(charflow_mhd_argument(connection, "code"))
            request.userAgent = text(charflow_mhd_header(connection, "User-Agent"))
        }
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
        if network != nil { _ = charflow_mhd_add_header(created, "Strict-Transport-Security", NetworkAccess.strictTransport) }
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
                watch?.endOverdue()
                Thread.sleep(forTimeInterval: 1)
            }
        }
        thread.start()
    }
}
