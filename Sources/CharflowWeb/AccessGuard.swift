import CharflowCore
import Foundation

/// The server's access checks (spec D17, rules W-1..W-4, W-26), in the order the spec gives.
///
/// One Host (400), our own Host (421), then the two public files (the manifest and the icon), then a
/// sign-in link (used up as it lets a browser in), then the cookie (401), then the write guards (403),
/// then the declared size (413). The body's size and JSON are checked once it has arrived.
public struct AccessGuard: Sendable {
    public let secret: ServerSecret
    public let links: SignInLinks
    public let port: Int
    /// Request bodies larger than this are refused (413), chunked ones too.
    public static let bodyLimit = 64 * 1024
    /// How long a browser keeps the cookie: 400 days, the most browsers allow. It works until revoked.
    public static let cookieSeconds = 400 * 24 * 60 * 60

    public init(secret: ServerSecret, links: SignInLinks, port: Int) {
        self.secret = secret
        self.links = links
        self.port = port
    }

    /// The cookie's name carries the port: browsers share cookies between the ports of one host, so two
    /// servers (two people on one machine) must not overwrite each other's.
    public var cookieName: String { AccessGuard.cookieName(port: port) }

    public static func cookieName(port: Int) -> String { "charflow-\(port)" }

    /// A sign-in link: the URL `serve` prints and `open` opens.
    public static func signInURL(port: Int, link: AccessToken) -> String { "http://127.0.0.1:\(port)/?token=\(link.text)" }

    /// The Hosts a browser on this machine sends for this server; any other is DNS rebinding.
    public var ownHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    /// The answer to give from the headers alone, or nil to read the body and go on.
    public func check(_ request: WebRequest) -> WebResponse? {
        guard request.hostCount <= 1 else {
            return .error(400, code: "duplicate_host", message: WebMessages.duplicateHost)
        }
        guard let host = request.host?.lowercased(), ownHosts.contains(host) else {
            return .error(421, code: "foreign_host", message: WebMessages.foreignHost)
        }
        if let file = PublicFiles.answer(method: request.method, path: request.path) { return file }
        if request.queryToken != nil, request.path == "/", request.method == "HEAD" {
            // A link checker or a preview asks with HEAD before the person clicks: that spends nothing.
            return WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: [], headers: [])
        }
        if let given = request.queryToken, request.path == "/", !request.isWrite {
            guard links.consume(given) else {
                return LinkRefusedPage.response(signedIn: secret.cookie.matches(request.cookieToken))
            }
            return WebResponse(status: 303, contentType: "text/plain; charset=utf-8", body: [], headers: [
                ("Set-Cookie", "\(cookieName)=\(secret.cookie.text); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(AccessGuard.cookieSeconds)"),
                ("Location", "/"),
            ])
        }
        guard secret.cookie.matches(request.cookieToken) else {
            if request.path == "/", !request.isWrite {
                // A person opened the page: the refusal is a page in words, not JSON.
                return request.cookieToken == nil
                    ? LinkRefusedPage.signInNeeded(code: "no_cookie", message: WebMessages.noCookie)
                    : LinkRefusedPage.signInNeeded(code: "wrong_token", message: WebMessages.wrongToken)
            }
            return request.cookieToken == nil
                ? .error(401, code: "no_cookie", message: WebMessages.noCookie)
                : .error(401, code: "wrong_token", message: WebMessages.wrongToken)
        }
        return AccessGuard.writeAndSizeRefusal(request, write: secret.write, origin: "http://" + host)
    }

    /// The checks after sign-in, the same on loopback and on the network but for the scheme of the
    /// expected `origin`: a write carries the write token, comes from the page's own origin and is JSON;
    /// no body is larger than the limit.
    static func writeAndSizeRefusal(_ request: WebRequest, write: AccessToken, origin expected: String) -> WebResponse? {
        if request.isWrite {
            guard write.matches(request.headerToken) else {
                return .error(403, code: "no_token", message: WebMessages.noTokenHeader)
            }
            if let origin = request.origin, origin.lowercased() != expected {
                return .error(403, code: "foreign_origin", message: WebMessages.foreignOrigin)
            }
            guard AccessGuard.isJSON(request.contentType) else {
                return .error(403, code: "not_json", message: WebMessages.notJSON)
            }
        }
        if let length = request.contentLength, Int(length).map({ $0 > AccessGuard.bodyLimit }) ?? true {
            return AccessGuard.tooLarge
        }
        return nil
    }

    public static let tooLarge = WebResponse.error(413, code: "too_large", message: WebMessages.tooLarge)

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return media.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
