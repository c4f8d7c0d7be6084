import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// What the server answers once a request passed the access checks: the page and the JSON API.
///
/// Every API route is a line of `RouteTable`: one use case of the application layer, run with the
/// request's clock, answering the exact document the CLI's `--json` prints; a write's answer adds
/// `"action"`, the id `POST /api/undo` takes. One lock serialises every use of the store (requests and
/// the boundary timer); the store is opened per request, as each CLI command opens it, so the CLI can
/// write at the same time.
final class WebAPI: @unchecked Sendable {
    let store: StoreEnvironment
    let clock: WebClock
    /// The automatic sync `serve` runs beside the requests, on its own connection (rule Y-28).
    let syncLoop: AutoSync?
    /// The calendars' refresh `serve` runs beside the requests (rule F-12).
    let calendarLoop: CalendarAutoRefresh?
    /// Whether the page asks the browser to keep a copy of Today (the network's page, M-5).
    let keepsOfflineCopy: Bool
    private let lock = NSLock()
    private var checkedMinute: Int?

    init(store: StoreEnvironment, clock: WebClock, syncLoop: AutoSync? = nil, calendarLoop: CalendarAutoRefresh? = nil,
         keepsOfflineCopy: Bool = false) {
        self.keepsOfflineCopy = keepsOfflineCopy
        self.store = store
        self.clock = clock
        self.syncLoop = syncLoop
        self.calendarLoop = calendarLoop
    }

    /// Opens the store as of the clock now, running any rollover that is due.
    func open() throws -> Charflow {
        try store.open(now: clock.now(in: store.timeZone))
    }

    /// Opens the store once before serving, so a store that cannot be opened stops `serve` at once.
    func prepare() throws {
        try locked { _ = try open() }
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

    /// The answer to one request: its route from the table, then for a use case its input decoded from the
    /// path and the body (strictly) or the query, refused with 400 before the store is opened, then the use
    /// case (`respond(_:fields:)`).
    func respond(_ request: WebRequest, token: AccessToken) -> WebResponse {
        var object: [String: WebJSON.Value] = [:]
        if request.isWrite {
            guard let parsed = WebJSON.object(request.body) else {
                return .error(400, code: "bad_json", message: WebMessages.badJSON)
            }
            object = parsed
        }
        let route: APIRoute, values: [String: String]
        switch RouteTable.match(method: request.method, path: request.path) {
        case .found(let found, let given): (route, values) = (found, given)
        case .notFound: return .error(404, code: "not_found", message: WebMessages.notFound)
        case .wrongMethod: return .error(405, code: "wrong_method", message: WebMessages.wrongMethod)
        }
        let fields = RouteFields(path: values, body: request.isWrite ? object : nil, query: request.query)
        switch route.target {
        case .asset(let asset):
            // The page's files are compiled in: serving one touches no store.
            return WebResponse(status: 200, contentType: asset.contentType, body: Array(asset.text.utf8))
        case .versionedAsset:
            return PageAssetDelivery.response(version: values["version"], file: values["file"], acceptEncoding: request.acceptEncoding)
        case .call(let call):
            return respond(call, fields: fields)
        case .privacy, .erase:
            return answer { try privacyOrErase(route, fields) }
        case .page, .changes, .quickDates, .export, .syncState, .calendarRefresh:
            return answer {
                _ = try fields.decode(NoInput.self)
                return try locked {
                    let app = try open()
                    switch route.target {
                    case .page: return .html(try TodayPage.html(try app.readToday(), token: token, keepsCopy: keepsOfflineCopy))
                    case .changes: return .json("{\"version\": \(try app.changeVersion())}")
                    case .quickDates: return .json(QuickDatesAnswer.json(today: app.today, calendar: app.calendar).rendered())
                    case .export: return try BackupDownload.response(app, store: store)
                    case .calendarRefresh:
                        // Wakes serve's own refresh; the answer never waits on a calendar's server.
                        calendarLoop?.refreshNow()
                        guard case .object(var pairs) = try app.readCalendars().json else { preconditionFailure("an object") }
                        pairs.append(("refreshing", .bool(calendarLoop?.isRunning ?? false)))
                        return .json(JSONValue.object(pairs).rendered())
                    default: return .json(try app.syncState(loop: syncLoop?.knowledge).json.rendered())
                    }
                }
            }
        }
    }

    /// What `body` answers, or its refusal: 400 `bad_field` for a field refused, the refusal's status for
    /// one of the rules', 500 for anything no layer expected.
    private func answer(_ body: () throws -> WebResponse) -> WebResponse {
        do {
            return try body()
        } catch let error as FieldError {
            return .error(400, code: FieldError.code, message: error.message)
        } catch {
            guard let refusal = Refusal(error) else { return .error(500, code: "internal", message: "\(error)") }
            return .refusal(refusal)
        }
    }

    /// The answer of a route that calls one use case: its input read from the request before the store
    /// is opened (a field of the wrong type, or a key it does not take, is 400 `bad_field`; a value not of
    /// its form is the refusal the command line gives), then the use case's document, with the id of the
    /// action it recorded when it recorded one (W-15).
    private func respond(_ call: UseCaseCall, fields: RouteFields) -> WebResponse {
        let run: (Charflow) throws -> JSONValue
        do {
            run = try call.prepare(fields)
        } catch let error as FieldError {
            return .error(400, code: FieldError.code, message: error.message)
        } catch {
            guard let refusal = Refusal(error) else { return .error(500, code: "internal", message: "\(error)") }
            return .refusal(refusal)
        }
        return locked {
            do {
                let app = try open()
                let before = app.lastAction
                let json = try run(app)
                guard let action = app.lastAction, action != before, case .object(var pairs) = json else {
                    return .json(json.rendered())
                }
                pairs.append(("action", .string(action)))
                return .json(JSONValue.object(pairs).rendered())
            } catch {
                guard let refusal = Refusal(error) else { return .error(500, code: "internal", message: "\(error)") }
                return .refusal(refusal)
            }
        }
    }

    /// The privacy statement and Erase, which the CLI answers from the store's place, not from an open
    /// store: erase removes the store's files (the next request starts a fresh one), so nothing may hold it
    /// open.
    private func privacyOrErase(_ route: APIRoute, _ fields: RouteFields) throws -> WebResponse {
        if case .erase = route.target {
            let input = try fields.decode(EraseStore.Input.self)
            return try locked { .json(try store.erase(input).json.rendered()) }
        }
        _ = try fields.decode(NoInput.self)
        return .json(store.privacy().json.rendered())
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
