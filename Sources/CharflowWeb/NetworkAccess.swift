import CharflowCore
import Foundation

/// What `serve --listen` adds to the server (spec D24, rules M-1..M-4): the address, the certificate,
/// the names a browser may use, the paired browsers, the pairing codes and the attempt limits.
public struct NetworkAccess: Sendable {
    public let address: ListenAddress
    /// Host names (or addresses) besides the listening address that browsers may use (`--name`).
    public let names: [String]
    public let certificate: TLSCertificate
    public let devices: PairedDevices
    public let codes: PairingCodes
    public let limits: AttemptLimits
    /// The wall clock for pairing codes and last uses (tests fix it).
    public let now: @Sendable () -> Date
    /// GnuTLS's priorities: TLS 1.3 and 1.2 only, nothing older.
    public static let priorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"
    /// How long HSTS tells a browser to use HTTPS only: a year.
    public static let strictTransport = "max-age=31536000"
    /// Connections one client address may hold waiting for their headers before its longest-waiting one
    /// is ended (`ConnectionWatch`): a browser opens six at most.
    public static let connectionsPerAddress = 32

    public init(address: ListenAddress, names: [String], certificate: TLSCertificate, state: ServeStateFolder,
                limits: AttemptLimits = AttemptLimits(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.address = address
        self.names = names
        self.certificate = certificate
        devices = state.devices
        codes = state.pairingCodes
        self.limits = limits
        self.now = now
    }

    /// The Hosts a browser may send to this server on `port`: the listening address and each name, with
    /// the port (and without it when the port is HTTPS's own, 443).
    public func ownHosts(port: Int) -> [String] {
        var hosts = [address.authority(port: port).lowercased()]
        for name in names {
            let lowered = name.lowercased()
            hosts.append(lowered.contains(":") ? "[\(lowered)]:\(port)" : "\(lowered):\(port)")
            if port == 443 { hosts.append(lowered.contains(":") ? "[\(lowered)]" : lowered) }
        }
        if port == 443, !address.isWildcard { hosts.append(address.isIPv6 ? "[\(address.address)]" : address.address) }
        return hosts
    }

    /// The address a browser opens: the first name, else the listening address.
    public func baseURL(port: Int) -> String {
        if let name = names.first { return "https://" + (name.contains(":") ? "[\(name)]" : name) + ":\(port)" }
        return "https://" + address.authority(port: port)
    }

    /// The pairing link that carries `code`.
    public func pairingURL(port: Int, code: String) -> String { "\(baseURL(port: port))/pair?code=\(code)" }

    /// The network server's checks, in the order the spec gives: one Host (400), one of ours (421), the
    /// manifest and icon, pairing (limited: 429), a paired browser's cookie (401), the write guards (403)
    /// and the declared size (413). `client` is the connecting address.
    func check(_ request: WebRequest, client: String, port: Int, write: AccessToken) -> WebResponse? {
        guard request.hostCount <= 1 else {
            return .error(400, code: "duplicate_host", message: WebMessages.duplicateHost)
        }
        guard let host = request.host?.lowercased(), ownHosts(port: port).contains(host) else {
            return .error(421, code: "foreign_host", message: WebMessages.foreignNetworkHost)
        }
        if let file = PublicFiles.answer(method: request.method, path: request.path) { return file }
        let cookieName = AccessGuard.cookieName(port: port)
        if request.path == "/pair" {
            return pair(request, client: client, cookieName: cookieName)
        }
        let now = self.now()
        guard devices.signIn(request.cookieToken, now: now) != nil else {
            if let cookie = request.cookieToken { limits.failCookie(cookie, from: client, now: now) }
            let code = request.cookieToken == nil ? "no_cookie" : "wrong_token"
            let message = request.cookieToken == nil ? WebMessages.noDevice : WebMessages.revokedDevice
            if request.path == "/", !request.isWrite { return LinkRefusedPage.signInNeeded(code: code, message: message) }
            return .error(401, code: code, message: message)
        }
        return AccessGuard.writeAndSizeRefusal(request, write: write, origin: "https://" + host)
    }

    /// `/pair`: the form, or a code traded for a paired browser's cookie (303 to the page).
    private func pair(_ request: WebRequest, client: String, cookieName: String) -> WebResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, code: "wrong_method", message: WebMessages.wrongMethod)
        }
        // A link checker or a preview asks with HEAD before the person opens the link: that spends nothing.
        guard request.method == "GET", let code = request.pairingCode, !code.isEmpty else {
            return PairPage.response(status: 200, refused: false)
        }
        let now = self.now()
        guard limits.allows(client, now: now) else {
            return .error(429, code: "too_many_attempts", message: WebMessages.tooManyAttempts)
        }
        guard codes.consume(code, now: now) else {
            limits.fail(client, now: now)
            return PairPage.response(status: 403, refused: true)
        }
        guard let device = try? devices.add(browser: BrowserName.of(userAgent: request.userAgent), now: now) else {
            return .error(500, code: "pairings_unwritable", message: WebMessages.pairingsUnwritable)
        }
        return WebResponse(status: 303, contentType: "text/plain; charset=utf-8", body: [], headers: [
            ("Set-Cookie", "\(cookieName)=\(device.token.text); Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=\(AccessGuard.cookieSeconds)"),
            ("Location", "/"),
        ])
    }
}
