import CharflowCore

/// The page a used, unknown or expired sign-in link gets (401): a browser opened it, so it is a page,
/// not the API's JSON refusal, and it says what to do next.
enum LinkRefusedPage {
    static func html(signedIn: Bool) -> String {
        let next = signedIn ? "\n<p><a href=\"/\">\(WebMessages.linkRefusedStillSignedIn)</a></p>" : ""
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(WebMessages.linkRefusedTitle)</title>
        <link rel="icon" href="\(PublicFiles.iconPath)" type="image/svg+xml">
        </head>
        <body>
        <main>
        <h1>\(WebMessages.linkRefusedTitle)</h1>
        <p data-code="link_refused">\(WebMessages.linkRefused)</p>\(next)
        </main>
        </body>
        </html>

        """
    }
}
