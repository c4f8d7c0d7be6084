import CharflowApp

// The bodies of the task routes: `POST /api/tasks` and `POST /api/tasks/ID/ACTION`.

/// `POST /api/tasks`: a title with the add options, or a quick-add line (`parse`) with a place.
struct AddTaskBody: RouteBody {
    var title: String?
    var parse: String?
    var region: String?
    var bucket: String?
    var due: String?
    var importance: String?
    var effort: Clearable<Int>?
    var notes: String?
    var category: String?
    var `repeat`: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.add(word: title)
        request.set("parse", parse)
        request.set("region", region)
        request.set("bucket", bucket)
        request.set("due", due)
        request.set("importance", importance)
        request.set("effort", effort)
        request.set("notes", notes)
        request.set("category", category)
        request.set("repeat", `repeat`)
        return request
    }
}

/// `POST /api/tasks/ID/edit`: the fields to change (`"notes": ""` clears the notes, `"effort": null` the effort).
struct EditTaskBody: RouteBody {
    var title: String?
    var notes: String?
    var due: String?
    var importance: String?
    var effort: Clearable<Int>?
    var category: String?
    var `repeat`: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("title", title)
        request.set("notes", notes)
        request.set("due", due)
        request.set("importance", importance)
        request.set("effort", effort)
        request.set("category", category)
        request.set("repeat", `repeat`)
        return request
    }
}

/// `POST /api/tasks/ID/move`: a region or bucket (of today, or `day`), or `"backlog": true`.
struct MoveTaskBody: RouteBody {
    var region: String?
    var bucket: String?
    var day: String?
    var backlog: Bool?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("region", region)
        request.set("bucket", bucket)
        request.set("day", day)
        request.set("backlog", backlog)
        return request
    }
}

/// `POST /api/tasks/ID/reorder`: the position, from 1, within the task's bucket.
///
/// Optional here: without it the use case refuses in its own words (`missing_option`).
struct ReorderBody: RouteBody {
    var position: Int?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("position", position)
        return request
    }
}

/// `POST /api/tasks/ID/defer`: to tomorrow, or to `to`, with an optional reason chip and note.
struct DeferBody: RouteBody {
    var to: String?
    var reason: String?
    var note: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("to", to)
        request.set("reason", reason)
        request.set("note", note)
        return request
    }
}

/// `POST /api/tasks/ID/note`: the line to append to the notes.
struct NoteBody: RouteBody {
    var text: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.add(word: text)
        return request
    }
}

/// `POST /api/tasks/ID/check`: the checklist item (from 1) to tick or untick.
struct CheckBody: RouteBody {
    var item: Int

    func request(words: [String]) -> Request {
        Request(words: words + [String(item)])
    }
}
