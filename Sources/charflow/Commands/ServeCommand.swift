import CharflowApp
import CharflowCore
import CharflowDesktop
import CharflowWeb
import Foundation

/// `charflow serve [--port N]`: the local web page and its JSON API on 127.0.0.1 (spec D17, D21).
///
/// It prints a one-time sign-in link and leaves a note of its port in the state folder for `charflow
/// open`; `serve --sign-out` rotates the store's server secret instead, signing every browser out.
enum ServeCommand: TypedCommand {
    static let name = "serve"
    static let usage = "charflow serve [--port N] | serve --sign-out"
    static let summary = "Open today's board in a browser on this machine (127.0.0.1 only)"

    /// The port (8177 when none), or signing every browser out instead.
    struct Input: Decodable {
        var port: String?
        var signOut: Bool?

        enum CodingKeys: String, CodingKey {
            case port
            case signOut = "sign-out"
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        let env = context.environment
        let store = try StoreEnvironment(environment: env, storeOption: context.args.value("db"))
        let state = try stateFolder(context, store: store)
        if input.signOut == true {
            try ServerSecret.rotate(at: state.secretPath)
            try state.links.revokeAll()
            context.output.emit(text: WebMessages.signedOut(state.folder),
                                json: .object([("signedOut", .bool(true)), ("stateFolder", .string(state.folder))]))
            return
        }
        let text = input.port ?? "8177"
        guard let port = UInt16(text) else { throw UsageError(message: WebMessages.badPort(text)) }
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
                               reminderLoop: reminderLoop)
        do {
            try server.start()
        } catch WebServer.StartError.cannotListen(let port) {
            context.output.fail(code: "port_unavailable", message: WebMessages.portInUse(port))
            exit(1)
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
