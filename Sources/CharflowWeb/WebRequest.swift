/// One HTTP request as the server sees it: the parts the access checks and the API read.
///
/// Header names are looked up case-insensitively by libmicrohttpd; only the first value of each is kept
/// (and the number of Hosts, which must be one).
public struct WebRequest: Sendable {
    public var method: String
    /// The path, percent-decoded by libmicrohttpd, without the query.
    public var path: String
    public var host: String?
    /// How many Host headers came: more than one is refused, whatever the first says.
    public var hostCount = 0
    public var origin: String?
    public var contentType: String?
    /// The `X-Charflow-Token` header.
    public var headerToken: String?
    /// The server's cookie for this port.
    public var cookieToken: String?
    /// The `token` query argument (the printed URL).
    public var queryToken: String?
    public var contentLength: String?
    /// The `code` query argument of `/pair` (spec D24).
    public var pairingCode: String?
    public var userAgent: String?
    /// The `Accept-Encoding` header: whether the page's own files may come gzipped (`PageAssetDelivery`).
    public var acceptEncoding: String?
    /// The query arguments a read takes as options (`APIRoute.queryNames`), as libmicrohttpd decoded them.
    public var query: [String: String] = [:]
    public var body: [UInt8] = []

    public init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// Whether the request may change anything: every method but GET and HEAD is held to the write guards.
    public var isWrite: Bool { method != "GET" && method != "HEAD" }
}
