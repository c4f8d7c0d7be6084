import CharflowApp
import CharflowCore
import CharflowDesktop
import CharflowWeb
import Foundation

/// `charflow serve [--port N]`: the local web page and its JSON API on 127.0.0.1 (spec D17, D21).
///
/// It prints a one-time sign-in link and leaves a note of its port in the state folder for `charflow
/// open`; `serve --sign-out` rotates the store's server secret instead, signing every browser out (the
/// paired ones too). With `--listen ADDRESS:PORT` it serves the same page on the network over HTTPS
/// only, to browsers paired with `charflow pair` (spec D24); only then is a certificate read or made.
enum ServeCommand: TypedCommand {
    static let name = "serve"
    static let usage = "charflow serve [--port N] | serve --listen ADDRESS:PORT [--tls-cert F --tls-key F] [--name HOST] | serve --sign-out"
    static let summary = "Open today's board in a browser on this machine (127.0.0.1), or on your network with --listen"

    /// The port (8177 when none), or signing every browser out instead.
    struct Input: Decodable {
        var port: String?
        var signOut: Bool?
        var listen: String?
        var tlsCert: String?
        var tlsKey: String?
        var name: String?

        enum CodingKeys: String, CodingKey {
            case port, listen, name
            case signOut = "sign-out"
            case tlsCert = "tls-cert"
            case tlsKey = "tls-key"
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        let env = context.environment
        let store = try StoreEnvironment(environment: env, storeOption: context.args.value("db"))
        let state = try stateFolder(context, store: store)
        if input.signOut == true {
            try ServerSecret.rotate(at: state.secretPath)
            try state.links.revokeAll()
            try state.devices.revokeAll()
            context.output.emit(text: WebMessages.signedOut(state.folder),
                                json: .object([("signedOut", .bool(true)), ("stateFolder", .string(state.folder))]))
            return
        }
        let text = input.port ?? "8177"
        guard let port = UInt16(text) else { throw UsageError(message: WebMessages.badPort(text)) }
        let network = try networkAccess(input, state: state, context)
        let clock: WebClock
        if let now = context.args.value("now") {
            clock = .fixed(try StoreEnvironment.clock(now, zone: store.timeZone))
        } else if let file = env["CHARFLOW_CLOCK_FILE"], !file.isEmpty {
            clock = .file(file)
        } else if let now = env["CHARFLOW_NOW"], !now.isEmpty {
            clock = .fixed(try StoreEnvironment.clock(now, zone: store.timeZone))
        } else {
            clock = .system
        }
        // Blocked before any thread starts, so only the wait below receives Ctrl-C and SIGTERM.
        StopSignals.block()
        // Sync runs itself beside the page (rule Y-28): idle until the store has a hub.
        let syncLoop = AutoSync(store: store, clock: { [clock, zone = store.timeZone] in clock.now(in: zone) },
                                environmentHub: env["CHARFLOW_HUB"], timing: AutoSync.Timing(environment: env))
        // The calendars refresh themselves beside the page (rule F-12); a calendar that fails is told once.
        let console = context.output.console
        let calendarLoop = CalendarAutoRefresh(store: store, clock: { [clock, zone = store.timeZone] in clock.now(in: zone) },
                                               timing: CalendarAutoRefresh.Timing(environment: env)) { event in
            console.err("charflow: " + TerminalText.escaped(CalendarEventWords.text(event)) + "\n")
        }
        // Reminders arrive on the desktop while the page is served (rules ).
        let reminderLoop = ReminderLoop(store: store, clock: { [clock, zone = store.timeZone] in clock.now(in: zone) },
                                        channel: DesktopNotifications(environment: env), timing: ReminderLoop.Timing(environment: env))
        let server = WebServer(store: store, clock: clock, port: port, state: state, syncLoop: syncLoop, calendarLoop: calendarLoop,
                               reminderLoop: reminderLoop, network: network)
        do {
            try server.start()
        } catch WebServer.StartError.cannotListen(let port) {
            if let network {
                context.output.fail(code: "listen_unavailable", message: WebMessages.listenUnavailable(input.listen ?? network.address.address))
            } else {
                context.output.fail(code: "port_unavailable", message: WebMessages.portInUse(port))
            }
            exit(1)
        }
        if let network {
            let url = network.baseURL(port: server.port)
            try NetworkRecord(url: url, fingerprint: network.certificate.fingerprint).write(to: state.networkPath)
            context.output.line(WebMessages.listening(url: url + "/", fingerprint: network.certificate.fingerprint,
                                                      own: input.tlsCert != nil))
            StopSignals.wait()
            server.stop()
            context.output.note(WebMessages.stopped + "\n")
            return
        }
        let record = ServerRecord(pid: getpid(), port: server.port)
        try record.write(to: state.recordPath)
        let link = try state.links.mint()
        context.output.line(WebMessages.serving(url: AccessGuard.signInURL(port: server.port, link: link)))
        StopSignals.wait()
        record.remove(from: state.recordPath)
        server.stop()
        context.output.note(WebMessages.stopped + "\n")
    }

    /// The network side of `serve --listen` (spec D24), or nil without `--listen`: the address, the
    /// names, and the person's certificate or the self-signed one (made on first use).
    static func networkAccess(_ input: Input, state: ServeStateFolder, _ context: Context) throws -> NetworkAccess? {
        guard let listen = input.listen else {
            if input.tlsCert != nil || input.tlsKey != nil || input.name != nil { throw UsageError(message: WebMessages.onlyWithListen) }
            return nil
        }
        guard input.port == nil else { throw UsageError(message: WebMessages.portWithListen) }
        guard let address = ListenAddress(listen) else { throw UsageError(message: WebMessages.badListen(listen)) }
        var names: [String] = []
        if let name = input.name {
            let plain = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
            guard ListenAddress.isIPAddress(plain) || ListenAddress.isHostName(plain) else { throw UsageError(message: WebMessages.badName(name)) }
            names.append(plain.lowercased())
        }
        if address.isWildcard, names.isEmpty { throw UsageError(message: WebMessages.wildcardNeedsName) }
        let certificate: TLSCertificate
        do {
            switch (input.tlsCert, input.tlsKey) {
            case let (certificatePath?, keyPath?):
                certificate = try TLSCertificate.files(certificate: certificatePath, key: keyPath)
            case (nil, nil):
                certificate = try TLSCertificate.selfSigned(in: state, names: names + (address.isWildcard ? [] : [address.address]))
            default:
                throw UsageError(message: WebMessages.certificateNeedsKey)
            }
        } catch TLSCertificate.Problem.unreadable(let path) {
            context.output.fail(code: "certificate_unreadable", message: WebMessages.certificateUnreadable(path))
            exit(1)
        } catch TLSCertificate.Problem.unwritable(let path) {
            context.output.fail(code: "certificate_unwritable", message: WebMessages.certificateUnwritable(path))
            exit(1)
        } catch TLSCertificate.Problem.cryptoMissing {
            context.output.fail(code: "crypto_missing", message: WebMessages.cryptoMissing)
            exit(1)
        }
        return NetworkAccess(address: address, names: names, certificate: certificate, state: state)
    }

    /// The state folder of `store`'s server, or a refusal in words when it cannot be made.
    static func stateFolder(_ context: Context, store: StoreEnvironment) throws -> ServeStateFolder {
        do {
            return try ServeStateFolder(environment: context.environment, storePath: store.path)
        } catch {
            throw StateFolderUnavailable()
        }
    }
}

/// The server's state folder cannot be made (exit 1): thrown rather than ending the process, so that
/// `serve --sign-out` run inside a test process ends as it does in its own.
struct StateFolderUnavailable: CharflowRefusal {
    var code: String { "state_unavailable" }
    var message: String { WebMessages.stateFolderUnavailable }
    var kind: RefusalKind { .unavailable }
}
