/// What `serve --listen` and `charflow pair` say (spec D24, rules M-1..M-4).
extension WebMessages {
    public static func listening(url: String, fingerprint: String, own: Bool) -> String {
        let which = own ? "Its certificate" : "Its self-signed certificate"
        return "Charflow is open on your network at \(url) (HTTPS only). \(which) has the SHA-256 fingerprint \(fingerprint). "
            + "Pair a phone with charflow pair. Ctrl-C stops it."
    }

    public static func badListen(_ given: String) -> String {
        "'\(Messages.echo(given))' is not an address to listen on; give IPv4:PORT (192.168.1.5:8443) or [IPv6]:PORT."
    }

    public static let portWithListen = "--listen carries its own port (ADDRESS:PORT); leave out --port."

    public static let wildcardNeedsName = "Listening on every address (0.0.0.0 or ::) needs --name with the name or address phones will use."

    public static func badName(_ given: String) -> String {
        "'\(Messages.echo(given))' is not a host name; give a name such as planner.home or an IP address."
    }

    public static let certificateNeedsKey = "--tls-cert and --tls-key go together: give both files, or neither for a self-signed certificate."
    public static let onlyWithListen = "--tls-cert, --tls-key and --name are for serve --listen."

    public static func certificateUnreadable(_ path: String) -> String {
        "\(path) could not be read as a PEM certificate or private key; nothing was started."
    }

    public static let cryptoMissing = "libcrypto (OpenSSL 3) could not be loaded to make or read the certificate; install libssl3."

    public static func certificateUnwritable(_ path: String) -> String {
        "The self-signed certificate could not be kept at \(path); nothing was started."
    }

    public static func listenUnavailable(_ address: String) -> String {
        "\(Messages.echo(address)) could not be opened with TLS: the address may not be this machine's, the port may be taken, "
            + "or the certificate and key may not belong together."
    }

    /// The allowed Hosts of a network server.
    public static let foreignNetworkHost = "This server answers only to its listening address or the names given with --name."
    public static let noDevice = "This browser is not paired: open the pairing link that charflow pair prints on the machine running Charflow."
    public static let revokedDevice = "This browser's pairing has been revoked or is another server's: pair it again with charflow pair. Nothing was changed."
    public static let tooManyAttempts = "Too many wrong pairing codes from this network lately; wait ten minutes and try again. Nothing was changed."

    public static let pairTitle = "Pair this browser with Charflow"
    public static let pairAsk = "Type the code charflow pair printed, or open its link."
    public static let pairCodeLabel = "Pairing code"
    public static let pairButton = "Pair"
    public static let pairRefused = "That code is not right, was used already, or is over ten minutes old. Run charflow pair for a new one."

    public static func pairLink(url: String, code: String, fingerprint: String) -> String {
        "Open this link on your phone within 10 minutes (it pairs one browser, once):\n\(url)\n"
            + "Or go to the page's /pair address and type the code \(code).\n"
            + "The certificate's SHA-256 fingerprint is \(fingerprint)."
    }

    public static let pairNeedsListen = "No server has listened on the network for this store yet: start charflow serve --listen ADDRESS:PORT first."
    /// Settings' "Pair a phone" before the store is served on the network (no flag named: it is the page's).
    public static let pageNotListening = "This store is not served on your network yet. Once Charflow serves it there (docs/phone.md), this makes a pairing link."
    public static let qrUnavailable = "(The QR code could not be drawn: libqrencode is not installed.)"
    public static let noPairedDevices = "No browser is paired."

    public static func revoked(_ name: String) -> String {
        "\(Messages.echo(name)) is no longer paired: its next request is refused."
    }

    public static func noSuchDevice(_ name: String) -> String {
        "No paired browser is called \"\(Messages.echo(name))\"; charflow pair --list names them."
    }

    public static let pairingsUnwritable = "The pairings in the state folder could not be written; nothing was changed."
}
