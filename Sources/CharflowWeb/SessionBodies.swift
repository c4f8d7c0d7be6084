import CharflowApp

// The bodies of the focus-session routes, `POST /api/sessions/ACTION`.

/// `POST /api/sessions/begin`: the task, and how to settle a running session first (with `to`, the
/// day a deferral sends its task).
struct BeginSessionBody: RouteBody {
    var task: String
    var settle: String?
    var to: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words + [task])
        request.set("settle", settle)
        request.set("to", to)
        return request
    }
}

/// `POST /api/sessions/finish`: `"done": true` or `"stop": true`, with an optional note.
struct FinishSessionBody: RouteBody {
    var done: Bool?
    var stop: Bool?
    var note: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("done", done)
        request.set("stop", stop)
        request.set("note", note)
        return request
    }
}
