import CharflowApp

/// One line of the route table: a method, a path pattern, what answers it and the body it takes.
///
/// A pattern's `{name}` segment takes any one non-empty segment; the path's words for the use case are
/// `words` with each `{name}` replaced by what the path gave there (by default the placeholders in
/// order). Reads are GET (HEAD too) and take no body; writes are POST. Nothing here maps a path to a file.
struct APIRoute: Sendable {
    enum Method: String, Sendable {
        case get = "GET", post = "POST"
    }

    enum Target: Equatable, Sendable {
        case page, changes
        /// One of the page's files, compiled in.
        case asset(PageAssets.Asset)
        /// `POST /api/parse`: a quick-add line read as of the clock, changing nothing (W-9).
        case quickAddParse
        case useCase(UseCase)
        /// `GET /api/privacy`: what `charflow privacy` says, and where the store is.
        case privacy
        /// `POST /api/erase {"yes": true}`: what `charflow erase --yes` does; without `yes`, refused.
        case erase
        /// `GET /api/dates`: the quick dates a deferral can take today (`QuickDatesAnswer`).
        case quickDates
        /// `GET /api/export`: the JSON backup `charflow export` writes, as a download.
        case export
        /// `GET /api/sync`: `sync --status --json` and what the automatic sync knows (rule Y-28).
        case syncState
    }

    let method: Method
    let pattern: String
    let target: Target
    let body: BodyShape
    let words: [String]

    init(_ method: Method, _ pattern: String, _ target: Target, _ body: BodyShape, words: [String]? = nil) {
        self.method = method
        self.pattern = pattern
        self.target = target
        self.body = body
        self.words = words ?? Self.segments(pattern).filter(Self.isPlaceholder)
    }

    static func get(_ pattern: String, _ target: Target, words: [String]? = nil) -> APIRoute {
        APIRoute(.get, pattern, target, .none, words: words)
    }

    static func get(_ pattern: String, _ useCase: UseCase, words: [String]? = nil) -> APIRoute {
        get(pattern, .useCase(useCase), words: words)
    }

    static func post<Body: RouteBody>(_ pattern: String, _ target: Target, _ body: Body.Type, words: [String]? = nil) -> APIRoute {
        APIRoute(.post, pattern, target, .json(body), words: words)
    }

    static func post<Body: RouteBody>(_ pattern: String, _ useCase: UseCase, _ body: Body.Type, words: [String]? = nil) -> APIRoute {
        post(pattern, .useCase(useCase), body, words: words)
    }

    /// The path's words when `path` matches this pattern; nil when it does not.
    func match(_ path: String) -> [String]? {
        let given = Self.segments(path), expected = Self.segments(pattern)
        guard given.count == expected.count, !given.contains(where: \.isEmpty) || pattern == "/" else { return nil }
        var captured: [String: String] = [:]
        for (part, want) in zip(given, expected) {
            if Self.isPlaceholder(want) { captured[want] = part } else if part != want { return nil }
        }
        return words.map { captured[$0] ?? $0 }
    }

    /// Whether the route only reads: a GET, and nothing in the store changes.
    var isRead: Bool { method == .get }

    /// The query arguments a read takes, each the CLI option of that name: `?all=1` is `--all`,
    /// `?weeks=26` is `--weeks 26`, `?day=tomorrow` is `--day tomorrow` (cli.md, "The web UI's API").
    static let queryNames = ["all", "weeks", "day", "window", "category", "group", "from", "to"]

    /// A read's request: the path's words, and its query as options (a bare, `1` or `true` argument is a switch).
    static func readRequest(words: [String], query: [String: String]) -> Request {
        var request = Request(words: words)
        for (name, value) in query {
            if ["", "1", "true"].contains(value) { request.switches.insert(name) } else { request.options[name] = [value] }
        }
        return request
    }

    /// A path's segments after the leading `/`, as libmicrohttpd decoded it: `/` is one empty segment.
    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    private static func isPlaceholder(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }
}

/// What the table says of one request's method and path.
enum RouteMatch {
    case found(APIRoute, words: [String])
    /// The path names a route, but not for this method (405).
    case wrongMethod
    /// Nothing answers at this path (404).
    case notFound
}
