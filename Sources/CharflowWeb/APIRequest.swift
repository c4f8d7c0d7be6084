import CharflowApp

/// A JSON body turned into the application layer's `Request`: the keys are the CLI's long option names.
///
/// A string or whole number is an option's value, a list gives it several (`"window"`), `true` is a
/// switch (`"backlog"`), `false` and `null` are left out. The keys a route names as words (the task id
/// from the path, `"title"` for an add) become the positional words, in order.
enum APIRequest {
    enum Failure: Error {
        /// The key whose value has a type no option takes.
        case badValue(String)
    }

    static func make(words: [String], body: [String: WebJSON.Value], wordKeys: [String] = []) throws -> Request {
        var request = Request(words: words)
        for key in wordKeys {
            guard let value = body[key] else { continue }
            guard let word = value.word else { throw Failure.badValue(key) }
            request.words.append(word)
        }
        for (key, value) in body where !wordKeys.contains(key) {
            switch value {
            case .null, .bool(false): continue
            case .bool(true): request.switches.insert(key)
            case .array(let items):
                let words = items.compactMap(\.word)
                guard words.count == items.count else { throw Failure.badValue(key) }
                request.options[key] = words
            default:
                guard let word = value.word else { throw Failure.badValue(key) }
                request.options[key] = [word]
            }
        }
        return request
    }
}
