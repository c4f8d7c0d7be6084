import CharflowApp

// The bodies of the routes every screen shares: undo, signals shown, quick-add parsing, settings, erase.

/// `POST /api/undo`: the action a write answered with (a string), or none for the latest.
struct UndoBody: RouteBody {
    var action: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("action", action)
        return request
    }
}

/// `POST /api/seen`: the signals the page showed, each named as Today's JSON gives it (`kind:task`).
struct SeenBody: RouteBody {
    var shown: [String]?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("shown", shown)
        return request
    }
}

/// `POST /api/parse`: the quick-add line to read.
struct ParseBody: RouteBody {
    var parse: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("parse", parse)
        return request
    }
}

/// `POST /api/settings/KEY`: the setting's new value, in the words `settings KEY VALUE` takes.
struct SettingBody: RouteBody {
    var value: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.add(word: value)
        return request
    }
}

/// `POST /api/erase`: `"yes": true`, without which nothing is erased.
struct EraseBody: RouteBody {
    var yes: Bool?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("yes", yes)
        return request
    }
}

/// `POST /api/conflicts/dismiss {"all": true}`: what `charflow conflicts dismiss --all` does; without
/// `all` it names no conflict, and is refused.
struct DismissAllBody: RouteBody {
    var all: Bool?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("all", all)
        return request
    }
}
