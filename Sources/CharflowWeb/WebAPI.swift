import CharflowCore
import CharflowStore
import Foundation

/// What the server answers once a request passed the access checks: the page and the JSON API.
///
/// One lock serialises every use of the store (requests and the boundary timer); the store is opened per
/// request with the clock read then, as each CLI command opens it, so the CLI can write at the same time.
final class WebAPI: @unchecked Sendable {
    let store: StoreLocation
    let clock: WebClock
    private let lock = NSLock()
    /// A connection kept only to read `PRAGMA data_version`, which moves when any other connection commits.
    private var watcher: Database?
    private var seenDataVersion: Int64?
    private var version = 1
    private var checkedMinute: Int?

    init(store: StoreLocation, clock: WebClock) {
        self.store = store
        self.clock = clock
    }

    /// Opens the store as of the clock now, running any rollover that is due.
    func planner() throws -> Planner {
        try Planner(path: store.path, timeZone: store.timeZone, localeFirstWeekday: store.firstWeekday,
                    now: clock.now(in: store.timeZone))
    }

    /// Opens the store once before serving, so a store that cannot be opened stops `serve` at once.
    func prepare() throws {
        try locked {
            _ = try planner()
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
            _ = try? planner()
        }
    }

    func respond(_ request: WebRequest, token: AccessToken) -> WebResponse {
        var body: [String: Any] = [:]
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
            } catch let error as DatabaseError {
                return .error(500, code: "store", message: "The store refused the change: \(error.message). Nothing was changed.")
            } catch {
                return .error(500, code: "internal", message: "\(error)")
            }
        }
    }

    private func route(_ request: WebRequest, body: [String: Any], token: AccessToken) throws -> WebResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (method, request.path) {
        case ("GET", "/"):
            return .html(TodayPage.html(try planner().todayView(), token: token))
        case ("GET", "/api/changes"):
            return .json("{\"version\": \(try changeVersion())}")
        case ("POST", "/api/tasks"):
            guard let title = body["title"] as? String else {
                return .error(400, code: "bad_value", message: WebMessages.badValue)
            }
            let planner = try planner()
            var new = Planner.NewTask(title: title)
            if let text = body["region"] as? String {
                guard let region = Region(rawValue: text.lowercased()) else {
                    throw PlannerError.invalidWord(what: "region", given: text, expected: "morning, afternoon or evening")
                }
                new.region = region
            }
            if let text = body["bucket"] as? String {
                guard let bucket = Bucket(word: text) else {
                    throw PlannerError.invalidWord(what: "bucket", given: text, expected: "must, complementary or misc")
                }
                new.bucket = bucket
            }
            let task = try planner.add(new)
            return .json("{\"id\": \(WebJSON.quoted(task.id.lowercasedText)), \"title\": \(WebJSON.quoted(task.title))}")
        default:
            let known = ["/", "/api/changes", "/api/tasks"].contains(request.path)
            return known ? .error(405, code: "wrong_method", message: WebMessages.wrongMethod)
                : .error(404, code: "not_found", message: WebMessages.notFound)
        }
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
