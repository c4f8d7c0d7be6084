import CharflowCore

/// The page at `/pair` of `serve --listen` (spec D24, rule M-2): a form for the pairing code, for a
/// phone that cannot scan the QR code; the pairing link is this address with its code.
///
/// Shown to browsers that are not paired, so it holds nothing of the person's: the form sends the code
/// back here with GET (`/pair?code=…`), which is checked under the attempt limits.
enum PairPage {
    static func response(status: Int, refused: Bool) -> WebResponse {
        let nonce = AccessToken.fresh().text
        let said = refused
            ? "<p data-code=\"pairing_refused\" role=\"alert\">\(WebMessages.pairRefused)</p>"
            : "<p>\(WebMessages.pairAsk)</p>"
        let body = """
        \(said)
        <form method="get" action="/pair">
        <p><label for="code">\(WebMessages.pairCodeLabel)</label><br>
        <input id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required></p>
        <p><button type="submit">\(WebMessages.pairButton)</button></p>
        </form>
        """
        let html = LinkRefusedPage.shell(title: WebMessages.pairTitle, body: body, nonce: nonce)
        return WebResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.utf8),
                           headers: [("Content-Security-Policy", "style-src 'nonce-\(nonce)'; form-action 'self'")])
    }
}
