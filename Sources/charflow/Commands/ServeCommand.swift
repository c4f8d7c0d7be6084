import CharflowApp
import CharflowCore
import CharflowWeb
import Foundation

/// `charflow serve [--port N]`: the local web page and its JSON API on 127.0.0.1 (spec D17).
enum ServeCommand: Command {
    static let name = "serve"
    static let usage = "charflow serve [--port N]"
    static let summary = "Open today's board in a browser on this machine (127.0.0.1 only)"
    static let options: Set<String> = ["port"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let text = context.args.value("port") ?? "8177"
        guard let port = UInt16(text) else { throw UsageError(message: WebMessages.badPort(text)) }
        let env = context.environment
        let store = try StoreEnvironment(environment: env, storeOption: context.args.value("db"))
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
        let server = WebServer(store: store, clock: clock, port: port)
        do {
            try server.start()
        } catch WebServer.StartError.cannotListen(let port) {
            context.output.fail(code: "port_unavailable", message: WebMessages.portInUse(port))
            exit(1)
        }
        context.output.line(WebMessages.serving(url: server.url))
        fflush(nil)
        StopSignals.wait()
        server.stop()
        FileHandle.standardError.write(Data((WebMessages.stopped + "\n").utf8))
    }
}
