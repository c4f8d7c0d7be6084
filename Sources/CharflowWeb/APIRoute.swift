import CharflowApp

/// One line of the route table: a method, a path pattern, and what answers it.
///
/// A pattern's `{name}` segment takes any one non-empty segment, whose value becomes the input's field
/// of that name. Reads are GET (HEAD too) and take no body; writes are POST. Nothing here maps a path to
/// a file.
struct APIRoute: Sendable {
    enum Method: String, Sendable {
        case get = "GET", post = "POST"
    }

    enum Target: Sendable {
        case page, changes
        /// One of the page's files, compiled in.
        case asset(PageAssets.Asset)
        /// One of the page's files at its address of this build, cached for good (`PageAssetDelivery`).
        case versionedAsset
        /// One use case, called with its typed input (`UseCaseCall`).
        case call(UseCaseCall)
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
        /// `POST /api/calendars/refresh`: wakes `serve`'s calendar refresh and answers the calendars as
        /// they stand; the request never waits on a calendar's server (rule F-12).
        case calendarRefresh
    }

    let method: Method
    let pattern: String
    let target: Target

    init(_ method: Method, _ pattern: String, _ target: Target) {
        self.method = method
        self.pattern = pattern
        self.target = target
    }

    /// A read answered by something other than a use case (the page, an asset, the change counter).
    static func get(_ pattern: String, _ target: Target) -> APIRoute {
        APIRoute(.get, pattern, target)
    }

    /// A write answered by something other than a use case (erase, which needs no open store; a
    /// calendar refresh, which wakes serve's loop).
    static func post(_ pattern: String, _ target: Target) -> APIRoute {
        APIRoute(.post, pattern, target)
    }

    /// A read that calls `useCase` with the input its path and query give (`?all=1` for a switch,
    /// `?weeks=26` for a value, as the command line's `--all` and `--weeks 26`).
    static func get<Input: Decodable & Sendable, Answer: Report>(
        _ pattern: String, _ useCase: @escaping @Sendable (Charflow) -> (Input) throws -> Answer
    ) -> APIRoute {
        APIRoute(.get, pattern, .call(UseCaseCall(useCase)))
    }

    /// A read that calls `useCase`, which takes no input.
    static func get<Answer: Report>(_ pattern: String, _ useCase: @escaping @Sendable (Charflow) -> () throws -> Answer) -> APIRoute {
        APIRoute(.get, pattern, .call(UseCaseCall(useCase)))
    }

    /// A write that calls `useCase` with the input its path and JSON body give, decoded strictly.
    static func post<Input: Decodable & Sendable, Answer: Report>(
        _ pattern: String, _ useCase: @escaping @Sendable (Charflow) -> (Input) throws -> Answer
    ) -> APIRoute {
        APIRoute(.post, pattern, .call(UseCaseCall(useCase)))
    }

    /// A write that calls `useCase`, which takes no input (an empty body, `{}`).
    static func post<Answer: Report>(_ pattern: String, _ useCase: @escaping @Sendable (Charflow) -> () throws -> Answer) -> APIRoute {
        APIRoute(.post, pattern, .call(UseCaseCall(useCase)))
    }

    /// What each `{name}` of the pattern took from `path`, by name without braces; nil when `path` does
    /// not match.
    func values(_ path: String) -> [String: String]? {
        let given = Self.segments(path), expected = Self.segments(pattern)
        guard given.count == expected.count, !given.contains(where: \.isEmpty) || pattern == "/" else { return nil }
        var captured: [String: String] = [:]
        for (part, want) in zip(given, expected) {
            if Self.isPlaceholder(want) { captured[Self.name(want)] = part } else if part != want { return nil }
        }
        return captured
    }

    /// `task` of `{task}`.
    private static func name(_ placeholder: String) -> String {
        String(placeholder.dropFirst().dropLast())
    }

    /// Whether the route only reads: a GET, and nothing in the store changes.
    var isRead: Bool { method == .get }

    /// The query arguments a read takes, each the CLI option of that name: `?all=1` is `--all`,
    /// `?weeks=26` is `--weeks 26`, `?day=tomorrow` is `--day tomorrow` (cli.md, "The web UI's API").
    static let queryNames = ["all", "weeks", "day", "window", "category", "group", "from", "to", "date", "days", "week"]

    /// A path's segments after the leading `/`, as libmicrohttpd decoded it: `/` is one empty segment.
    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    private static func isPlaceholder(_ segment: String) -> Bool {
        segment.hasPrefix("{") && segment.hasSuffix("}")
    }
}

/// One use case as a route calls it: its input read from the request before any store is opened (a
/// body strictly, `StrictDecoder`; a read's query as the command line's words, `WordsDecoder`), then
/// the use case run on the open store and its report's document answered.
struct UseCaseCall: Sendable {
    /// Reads the input from the request's fields and gives back what runs the use case with it.
    let prepare: @Sendable (RouteFields) throws -> (Charflow) throws -> JSONValue

    init<Input: Decodable & Sendable, Answer: Report>(_ useCase: @escaping @Sendable (Charflow) -> (Input) throws -> Answer) {
        prepare = { fields in
            let input = try fields.decode(Input.self)
            return { app in try useCase(app)(input).json }
        }
    }

    init<Answer: Report>(_ useCase: @escaping @Sendable (Charflow) -> () throws -> Answer) {
        prepare = { fields in
            _ = try fields.decode(NoInput.self)
            return { app in try useCase(app)().json }
        }
    }
}

/// What one request gives a use case's input: the values the path's `{name}` segments took, and the
/// JSON body of a write or the query of a read.
struct RouteFields {
    let path: [String: String]
    let body: [String: WebJSON.Value]?
    let query: [String: String]

    /// The input these fields give. A body may not carry a key the path gives.
    func decode<Input: Decodable>(_ type: Input.Type) throws -> Input {
        guard let body else {
            var options = query.mapValues { [$0] }
            for (name, value) in path { options[name] = [value] }
            let flags = Set(query.filter { ["", "1", "true"].contains($0.value) }.keys)
            var asked: Set<String> = []
            return try WordsDecoder(options: options, switches: flags).decode(type, asked: &asked)
        }
        var object = body
        for (name, value) in path {
            if object[name] != nil { throw FieldError.unknown(name) }
            object[name] = .string(value)
        }
        return try StrictDecoder.decode(type, from: object)
    }
}

/// What the table says of one request's method and path.
enum RouteMatch {
    /// The route, and what its pattern's `{name}` segments took.
    case found(APIRoute, values: [String: String])
    /// The path names a route, but not for this method (405).
    case wrongMethod
    /// Nothing answers at this path (404).
    case notFound
}
