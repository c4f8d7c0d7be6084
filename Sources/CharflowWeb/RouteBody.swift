import CharflowApp

/// The body one route takes: a `Decodable` struct whose stored properties are exactly the JSON keys the
/// route accepts, decoded strictly (`StrictDecoder`), and turned into its use case's input in one place.
///
/// Optional properties may be left out (or `null`, which says nothing unless the type is `Clearable`);
/// the others are required. Keys are today's API's, the CLI's long option names.
protocol RouteBody: Decodable {
    /// The use case's request: `words` (the path's) first, then what this body says.
    func request(words: [String]) -> Request
}

/// How a route reads its body, kept in the route table without naming the body's type at every use.
struct BodyShape: Sendable {
    /// The body type's name, for the table's readers and the tests.
    let name: String
    let read: @Sendable (_ object: [String: WebJSON.Value], _ words: [String]) throws -> Request

    static func json<Body: RouteBody>(_ type: Body.Type) -> BodyShape {
        BodyShape(name: String(describing: type)) { object, words in
            try StrictDecoder.decode(type, from: object).request(words: words)
        }
    }

    /// A route that takes no body: an empty one, `{}`, and nothing else.
    static let none = BodyShape.json(NoBody.self)
}

/// The body of a route that takes none: every key is unknown.
struct NoBody: RouteBody {
    private enum NoKey: CodingKey {}

    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: NoKey.self)
    }

    func request(words: [String]) -> Request { Request(words: words) }
}

/// Building a `Request` from a typed body: each value as the command line would give it.
extension Request {
    /// Appends `word` to the positional words when it is given.
    mutating func add(word: String?) {
        if let word { words.append(word) }
    }

    mutating func set(_ name: String, _ value: String?) {
        if let value { options[name] = [value] }
    }

    mutating func set(_ name: String, _ value: Int?) {
        if let value { options[name] = [String(value)] }
    }

    mutating func set(_ name: String, _ values: [String]?) {
        if let values { options[name] = values }
    }

    /// A minutes value that `null` clears: `none` on the command line.
    mutating func set(_ name: String, _ value: Clearable<Int>?) {
        if let value { options[name] = [value.word { String($0) }] }
    }

    /// A switch: on for `true`; `false` and absent leave it off.
    mutating func set(_ name: String, _ on: Bool?) {
        if on == true { switches.insert(name) }
    }
}
