import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// What the server answers once a request passed the access checks: the page and the JSON API.
///
/// Every route is one call into the application layer with the request's clock, answering the exact
/// document the CLI's `--json` prints; a write's answer adds `"action"`, the undo journal's number for
/// it. One lock serialises every use of the store (requests and the boundary timer); the store is opened
/// per request, as each CLI command opens it, so the CLI can write at the same time.
final class WebAPI: @unchecked Sendable {
    let store: StoreEnvironment
    let clock: WebClock
    private let lock = NSLock()
    /// A connection kept only to read `PRAGMA data_version`, which moves when any other connection commits.
    private var watcher: Database?
    private var seenDataVersion: Int64?
    private var version = 1
    private var checkedMinute: Int?

    init(store: StoreEnvironment, clock: WebClock) {
        self.store = store
        self.clock = clock
    }

    /// Opens the store as of the clock now, running any rollover that is due.
    func open() throws -> Charflow {
        try store.open(now: clock.now(in: store.timeZone))
    }

    /// Opens the store once before serving, so a store that cannot be opened stops `serve` at once.
    func prepare() throws {
        try locked {
            _ = try open()
            _ = try changeVersion()
        }
    }

    /// Runs the missed rollover (and a running session's auto-close, D4) when the clock's minute moved, so
    /// the day changes at the boundary with no request needed.
    func checkBoundary() {
        locked {
            let minute = Int((clock.now(in: store.timeZone).timeIntervalSince1970 / 60).rounded(.down))
            guard minute != checkedMinute else { return }
            checkedMinute = minute
            _ = try? open()
        }
    }

    func respond(_ request: WebRequest, token: AccessToken) -> WebResponse {
        var body: [String: WebJSON.Value] = [:]
        if request.isWrite {
            guard let object = WebJSON.object(request.body) else {
                return .error(400, code: "bad_json", message: WebMessages.badJSON)
            }
            body = object
        }
        return locked {
            do {
                return try route(request, body: body, token: token)
            } catch let error as PlannerError {
                return .refusal(error)
            } catch let error as RequestError {
                return .error(400, code: error.code, message: error.message)
            } catch APIRequest.Failure.badValue(let key) {
                return .error(400, code: "bad_value", message: WebMessages.badValue(key))
            } catch let error as DatabaseError {
                return .error(500, code: "store", message: "The store refused the change: \(error.message). Nothing was changed.")
            } catch {
                return .error(500, code: "internal", message: "\(error)")
            }
        }
    }

    /// A task action under `POST /api/tasks/ID/ACTION`: the body keys that are positional words after the
    /// id, and the use case.
    private static func taskAction(_ name: String) -> (wordKeys: [String], run: (Charflow, Request) throws -> TaskChange)? {
        switch name {
        case "done": ([], { try $0.complete($1) })
        case "undone": ([], { try $0.uncomplete($1) })
        case "defer": ([], { try $0.deferTask($1) })
        case "move": ([], { try $0.move($1) })
        case "reorder": ([], { try $0.reorder($1) })
        case "delete": ([], { try $0.delete($1) })
        case "edit": ([], { try $0.edit($1) })
        case "note": (["text"], { try $0.appendNote($1) })
        case "check": (["item"], { try $0.check($1) })
        default: nil
        }
    }

    /// What a path names; nil for nothing.
    private enum Address: Equatable {
        case page, today, habits, changes, tasks, undo, parse
        case asset(PageAssets.Asset)
        case taskAction(id: String, action: String)

        init?(_ path: String) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            switch parts {
            case [""]: self = .page
            case ["api", "today"]: self = .today
            case ["api", "habits"]: self = .habits
            case ["api", "changes"]: self = .changes
            case ["api", "tasks"]: self = .tasks
            case ["api", "undo"]: self = .undo
            case ["api", "parse"]: self = .parse
            default:
                if parts.count == 1, let asset = PageAssets.Asset(rawValue: parts[0]) {
                    self = .asset(asset)
                    return
                }
                guard parts.count == 4, parts[0] == "api", parts[1] == "tasks", !parts[2].isEmpty,
                      WebAPI.taskAction(parts[3]) != nil else { return nil }
                self = .taskAction(id: parts[2], action: parts[3])
            }
        }

        var isWrite: Bool {
            switch self {
            case .tasks, .undo, .taskAction, .parse: true
            default: false
            }
        }
    }

    private func route(_ request: WebRequest, body: [String: WebJSON.Value], token: AccessToken) throws -> WebResponse {
        guard let address = Address(request.path) else {
            return .error(404, code: "not_found", message: WebMessages.notFound)
        }
        guard address.isWrite == (request.method == "POST") || (!address.isWrite && request.method == "HEAD") else {
            return .error(405, code: "wrong_method", message: WebMessages.wrongMethod)
        }
        switch address {
        case .page:
            return .html(try TodayPage.html(try open().readToday(), token: token))
        case .asset(let asset):
            return WebResponse(status: 200, contentType: asset.contentType, body: Array(asset.text.utf8))
        case .parse:
            // Reads the line as of the request's clock and changes nothing; POST only to carry the body.
            return .json(try open().parseQuickAdd(try APIRequest.make(words: [], body: body)).json().rendered())
        case .today:
            return .json(try open().readToday().json().rendered())
        case .habits:
            return .json(try open().habitsOverview(includeArchived: false).json().rendered())
        case .changes:
            return .json("{\"version\": \(try changeVersion())}")
        case .tasks:
            let app = try open()
            return write(try app.add(try APIRequest.make(words: [], body: body, wordKeys: ["title"])).json, app)
        case .taskAction(let id, let action):
            let (wordKeys, run) = Self.taskAction(action)!
            let app = try open()
            return write(try run(app, try APIRequest.make(words: [id], body: body, wordKeys: wordKeys)).json, app)
        case .undo:
            guard let text = body["action"]?.word, let action = Int64(text) else {
                throw RequestError.missingOption("action")
            }
            let label = try open().planner.undo(action: action)
            return .json(JSONValue.object([("undone", .string(label))]).rendered())
        }
    }

    /// A write's answer: the use case's document with the action's number added.
    private func write(_ json: JSONValue, _ app: Charflow) -> WebResponse {
        guard case .object(var pairs) = json else { return .json(json.rendered()) }
        pairs.append(("action", app.planner.lastAction.map { .int(Int($0)) } ?? .null))
        return .json(JSONValue.object(pairs).rendered())
    }

    /// A number that grows after every committed change by anyone, the server's own included.
    private func changeVersion() throws -> Int {
        if watcher == nil { watcher = try Database(path: store.path) }
        let current = try watcher?.scalar("PRAGMA data_version")?.integer
        if let seen = seenDataVersion, current != seen { version += 1 }
        seenDataVersion = current
        return version
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
