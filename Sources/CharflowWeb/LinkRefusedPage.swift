import CharflowCore

/// The page a used, unknown or expired sign-in link gets (401): a browser opened it, so it is a page,
/// not the API's JSON refusal, and it says what to do next.
///
/// It may be shown to a browser that is not signed in, so it cannot use the page's stylesheet (that
/// needs the cookie): its few rules are inline, allowed by a policy naming a fresh nonce, which the
/// server merges with its own (`WebResponse.mergedPolicy`). The colours are the page's ink, background
/// and accent, light and dark.
enum LinkRefusedPage {
    static func response(signedIn: Bool) -> WebResponse {
        let nonce = AccessToken.fresh().text
        return WebResponse(status: 401, contentType: "text/html; charset=utf-8", body: Array(html(signedIn: signedIn, nonce: nonce).utf8),
                           headers: [("Content-Security-Policy", "style-src 'nonce-\(nonce)'")])
    }

    static let style = """
    :root { color-scheme: light dark; --bg: #FAFAF7; --ink: #1F2328; --accent: #1F6A58; }
    @media (prefers-color-scheme: dark) { :root { --bg: #15191C; --ink: #E8ECEF; --accent: #8FCBB8; } }
    body { background: var(--bg); color: var(--ink); font: 1rem/1.5 system-ui, sans-serif; margin: 0; }
    main { max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }
    a { color: var(--accent); }
    """

    static func html(signedIn: Bool, nonce: String) -> String {
        let next = signedIn ? "\n<p><a href=\"/\">\(WebMessages.linkRefusedStillSignedIn)</a></p>" : ""
        return shell(title: WebMessages.linkRefusedTitle,
                     body: "<p data-code=\"link_refused\">\(WebMessages.linkRefused)</p>\(next)", nonce: nonce)
    }

    /// The page for `GET /` from a browser that is not signed in (no cookie, or a revoked one): 401 in
    /// words, saying how to sign in, instead of the API's JSON refusal.
    static func signInNeeded(code: String, message: String) -> WebResponse {
        let nonce = AccessToken.fresh().text
        let html = shell(title: WebMessages.signInTitle, body: "<p data-code=\"\(code)\">\(message)</p>", nonce: nonce)
        return WebResponse(status: 401, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
                           headers: [("Content-Security-Policy", "style-src 'nonce-\(nonce)'")])
    }

    static func shell(title: String, body: String, nonce: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(title)</title>
        <link rel="icon" href="\(PublicFiles.iconPath)" type="image/svg+xml">
        <style nonce="\(nonce)">
        \(style)
        </style>
        </head>
        <body>
        <main>
        <h1>\(title)</h1>
        \(body)
        </main>
        </body>
        </html>

        """
    }
}
