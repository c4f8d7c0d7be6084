import CharflowApp
import CharflowCore
import CharflowWeb
import Foundation

/// `charflow open [--port N]`: finds this store's running server, or starts one in the background, then
/// opens a fresh one-time sign-in link with `xdg-open` (README D21, rule W-25).
///
/// The server is found through the note `serve` leaves in the state folder, believed only when its port
/// answers this store's cookie. A server it starts runs on `--port`, else the port of the store's last
/// server (its cookie is named after the port), else 8177; its words go to the state folder's log, and
/// it outlives `open`. Without `xdg-open` the link is printed instead.
enum OpenCommand: TypedCommand {
    static let name = "open"
    static let usage = "charflow open [--port N]"
    static let summary = "Start (or find) this store's page and open it in the browser, signed in"

    /// The port a server it starts listens on.
    struct Input: Decodable {
        var port: String?
    }
    /// How long a server being started may take to listen.
    static let startSeconds: TimeInterval = 15
    /// How long `xdg-open` may take to say it failed; one still running after this is left to run.
    static let openerSeconds: TimeInterval = 5

    static func run(_ input: Input, _ context: Context) throws {
        let store = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db"))
        let state = try ServeCommand.stateFolder(context, store: store)
        if let text = input.port, UInt16(text) == nil { throw UsageError(message: WebMessages.badPort(text)) }
        Spawn.closeOnExec()
        let (record, started) = try findOrStart(context, port: input.port, state: state)
        let link = try state.links.mint()
        let url = AccessGuard.signInURL(port: record.port, link: link)
        let page = "http://127.0.0.1:\(record.port)/"
        let opened: Bool
        let text: String
        if let opener = Spawn.find("xdg-open", path: context.environment["PATH"]) {
            opened = Spawn.run(opener, [url], environment: context.environment, waitSeconds: openerSeconds)
            text = opened ? WebMessages.opened(url: page) : WebMessages.browserOpenerFailed(link: url)
        } else {
            opened = false
            text = WebMessages.noBrowserOpener(link: url)
        }
        var json: [(String, JSONValue)] = [("port", .int(record.port)), ("pid", .int(Int(record.pid))),
                                          ("started", .bool(started)), ("opened", .bool(opened))]
        if !opened { json.append(("url", .string(url))) }
        context.output.emit(text: text, json: .object(json))
    }

    /// The store's running server, or one started now; `open`s at once take turns, so they start one.
    static func findOrStart(_ context: Context, port chosen: String?, state: ServeStateFolder) throws -> (ServerRecord, started: Bool) {
        let lock = open(state.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { flock(lock, LOCK_EX) }
        let secret = try ServerSecret.load(at: state.secretPath)
        let noted = ServerRecord.read(state.recordPath)
        if let noted, noted.answers(cookie: secret.cookie) { return (noted, false) }
        let port = chosen ?? noted.map { String($0.port) } ?? "8177"
        var arguments = ["serve", "--port", port]
        if let db = context.args.value("db") { arguments += ["--db", db] }
        if let now = context.args.value("now") { arguments += ["--now", now] }
        let child = try Spawn.background(Spawn.ownExecutable(), arguments, environment: context.environment, log: state.logPath)
        let deadline = Date().addingTimeInterval(startSeconds)
        while Date() < deadline {
            if let record = ServerRecord.read(state.recordPath), record.pid == child, record.answers(cookie: secret.cookie) {
                return (record, true)
            }
            if Spawn.hasExited(child) { break }
            usleep(20_000)
        }
        if !Spawn.hasExited(child) { kill(child, SIGTERM) }
        let log = FileManager.default.contents(atPath: state.logPath) ?? Data()
        let printed = String(decoding: log, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        context.output.fail(code: "server_not_started", message: WebMessages.serverDidNotStart(printed))
        exit(1)
    }
}
