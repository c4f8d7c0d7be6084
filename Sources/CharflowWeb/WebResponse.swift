import CharflowCore
import Foundation

/// One HTTP answer, built in Swift memory; the server copies it into libmicrohttpd.
///
/// Every answer carries the same safety headers (spec D17, D21): a CSP of `default-src 'self'` that no
/// page may frame (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for browsers that predate it),
/// no sniffing, no referrer, no caching; never a CORS header.
public struct WebResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(String, String)] = []

    public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    static let safetyHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    /// Every header to send, the safety headers first.
    ///
    /// A response with a policy of its own sends one policy, not two: its directives, then the default's
    /// for what it leaves unsaid, with `frame-ancestors 'none'` whatever it said (`mergedPolicy`).
    /// A response's own `Cache-Control` (the page's files of a build, kept for good) replaces `no-store`.
    var allHeaders: [(String, String)] {
        let isPolicy = { (header: (String, String)) in header.0.lowercased() == "content-security-policy" }
        let isCaching = { (header: (String, String)) in header.0.lowercased() == "cache-control" }
        let defaults = headers.contains(where: isCaching) ? WebResponse.safetyHeaders.filter { !isCaching($0) } : WebResponse.safetyHeaders
        let own = headers.filter(isPolicy).map(\.1)
        guard !own.isEmpty else { return defaults + [("Content-Type", contentType)] + headers }
        let safety = defaults.map { isPolicy($0) ? ($0.0, WebResponse.mergedPolicy(own)) : $0 }
        return safety + [("Content-Type", contentType)] + headers.filter { !isPolicy($0) }
    }

    /// The default policy merged into `policies` (a response's own): their directives in order, the first
    /// of a name winning, then the default's missing ones; `frame-ancestors` is always `'none'` (W-26).
    static func mergedPolicy(_ policies: [String]) -> String {
        let defaults = safetyHeaders.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
        var names: Set<String> = ["frame-ancestors"]
        var directives: [String] = []
        for directive in (policies + [defaults]).flatMap({ $0.split(separator: ";") }) {
            let text = directive.trimmingCharacters(in: .whitespaces)
            guard let name = text.split(separator: " ").first.map({ $0.lowercased() }), !names.contains(name) else { continue }
            names.insert(name)
            directives.append(text)
        }
        return (directives + ["frame-ancestors 'none'"]).joinedText(separator: "; ")
    }

    /// A JSON document (already rendered).
    public static func json(_ text: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "application/json; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// An HTML page.
    public static func html(_ text: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(text.utf8))
    }

    /// The CLI's refusal body, `{"error": {"code": ..., "message": ...}}`.
    public static func error(_ status: Int, code: String, message: String) -> WebResponse {
        json("{\"error\": {\"code\": " + JSONText.quoted(code) + ", \"message\": " + JSONText.quoted(message) + "}}",
             status: status)
    }

    /// A refusal, with the status its kind calls for.
    public static func refusal(_ refusal: any CharflowRefusal) -> WebResponse {
        WebResponse.error(status(for: refusal.kind), code: refusal.code, message: refusal.message)
    }

    /// The HTTP status for every refusal of a kind: 404 for what names nothing, 400 for a malformed
    /// request, 409 for what the rules refuse now.
    ///
    /// An unavailable store or file is 409 too: the API answers every refusal with a 4xx code (spec "The
    /// web UI's API"), and the request may succeed once the store is writable again.
    public static func status(for kind: RefusalKind) -> Int {
        switch kind {
        case .notFound: 404
        case .badInput: 400
        case .conflict: 409
        case .unavailable: 409
        }
    }
}
