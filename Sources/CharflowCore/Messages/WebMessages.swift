/// What the local web server says (spec D17): its start line and the refusals of its access checks.
///
/// Refusal codes are stable like every `CharflowRefusal` code; no sentence names a command-line flag.
public enum WebMessages {
    /// The line `charflow serve` prints first, with the one URL that lets a browser in.
    public static func serving(url: String) -> String {
        "Charflow is open at \(url) — the link signs one browser on this machine in, once. Ctrl-C stops it."
    }

    public static let stopped = "Charflow's web page has stopped."

    public static func portInUse(_ port: Int) -> String {
        "Port \(port) could not be opened on 127.0.0.1; another program may be using it. Choose another with --port, or --port 0 for any free one."
    }

    public static func badPort(_ given: String) -> String {
        "'\(given)' is not a port; give a number from 0 to 65535 (0 picks a free one)."
    }

    public static let foreignHost = "This server answers only to 127.0.0.1, localhost or [::1] on its own port."
    public static let noCookie = "This browser is not signed in: run charflow open, or open the link serve printed when it started."
    /// A cookie that is not the store's secret: revoked by a sign-out, or another server's.
    public static let wrongToken = "This browser's sign-in has been revoked or is another server's: run charflow open to sign in again. Nothing was changed."
    public static let noTokenHeader = "A change needs the page's token in the X-Charflow-Token header; nothing was changed."
    public static let foreignOrigin = "Changes are taken only from Charflow's own page; nothing was changed."
    public static let notJSON = "A change is sent as JSON (Content-Type: application/json); nothing was changed."
    public static let tooLarge = "That request is larger than 64 KiB; nothing was changed."
    public static let badJSON = "The request body is not a JSON object; nothing was changed."
    public static let notFound = "There is nothing at that address."
    public static let wrongMethod = "That address does not take this kind of request; nothing was changed."
    public static func unknownField(_ field: String) -> String {
        "Unknown field \"\(Messages.echo(field))\"; nothing was changed."
    }
    public static func missingField(_ field: String) -> String {
        "Field \"\(field)\" is missing; nothing was changed."
    }
    /// `expected` in words: "a whole number", "text", "true or false", "a list of text".
    public static func wrongType(_ field: String, expected: String) -> String {
        "Field \"\(field)\" must be \(expected); nothing was changed."
    }

    /// A body's text holding U+0000, which no text Charflow keeps can hold (B-1, X-5): refused, never cut.
    public static func nulInField(_ field: String) -> String {
        "Field \"\(field)\" holds a NUL character (U+0000), which text cannot keep; remove it. Nothing was changed."
    }
}

/// What the server says of sign-in (README D21, rules W-25, W-26): links, revoking, `charflow open`.
extension WebMessages {
    public static let duplicateHost = "A request names its Host once; this one named it more than once. Nothing was changed."
    public static let linkRefusedTitle = "This sign-in link has been used"
    public static let linkRefused = "A sign-in link lets one browser in, once, within 10 minutes of being made; this one was used or is too old. Run charflow open for a new one."
    public static let linkRefusedStillSignedIn = "This browser is signed in: open today's board."
    /// The page a browser that is not signed in gets for `GET /`: a page in words, not the API's JSON.
    public static let signInTitle = "Sign in to Charflow"
    public static let exportUnreadable = "The backup was written but could not be read back; nothing was changed. charflow export writes it too."
    public static let secretUnreadable = "The server cannot read its sign-in secret in the state folder; nothing was changed."

    public static func signedOut(_ folder: String) -> String {
        "Every browser is signed out of this store's page (the secret in \(folder) is new). Run charflow open to sign this one in again."
    }

    public static func opened(url: String) -> String {
        "Opened today's board in your browser; the page is at \(url)."
    }

    public static func noBrowserOpener(link: String) -> String {
        "xdg-open was not found, so no browser was opened. Open this one-time sign-in link in a browser on this machine: \(link)"
    }

    public static func browserOpenerFailed(link: String) -> String {
        "xdg-open could not open a browser. Open this one-time sign-in link in a browser on this machine: \(link)"
    }

    public static func serverDidNotStart(_ output: String) -> String {
        "The page's server did not start: " + (output.isEmpty ? "it printed nothing." : output)
    }

    public static let stateFolderUnavailable = "The state folder (XDG_STATE_HOME, or ~/.local/state) cannot be made; set HOME or XDG_STATE_HOME."
}
