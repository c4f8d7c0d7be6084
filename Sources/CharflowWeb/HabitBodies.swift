import CharflowApp

// The bodies of the habit routes: `POST /api/habits/new` and `POST /api/habits/ID/ACTION`.

/// `POST /api/habits/new`: a title (or a preset) with the add options; `window` is a list, as
/// `--window` repeats.
struct NewHabitBody: RouteBody {
    enum CodingKeys: String, CodingKey {
        case title, preset, kind, target, days, weekdays, window, effort, group, notes
        case perWeek = "per-week"
    }

    var title: String?
    var preset: String?
    var kind: String?
    var target: Int?
    var days: String?
    var weekdays: Bool?
    var perWeek: Int?
    var window: [String]?
    var effort: Clearable<Int>?
    var group: String?
    var notes: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.add(word: title)
        request.set("preset", preset)
        request.set("kind", kind)
        request.set("target", target)
        request.set("days", days)
        request.set("weekdays", weekdays)
        request.set("per-week", perWeek)
        request.set("window", window)
        request.set("effort", effort)
        request.set("group", group)
        request.set("notes", notes)
        return request
    }
}

/// `POST /api/habits/ID/edit`: the options of a new habit (no preset), and `title` to rename it.
struct EditHabitBody: RouteBody {
    enum CodingKeys: String, CodingKey {
        case title, kind, target, days, weekdays, window, effort, group, notes
        case perWeek = "per-week"
    }

    var title: String?
    var kind: String?
    var target: Int?
    var days: String?
    var weekdays: Bool?
    var perWeek: Int?
    var window: [String]?
    var effort: Clearable<Int>?
    var group: String?
    var notes: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("title", title)
        request.set("kind", kind)
        request.set("target", target)
        request.set("days", days)
        request.set("weekdays", weekdays)
        request.set("per-week", perWeek)
        request.set("window", window)
        request.set("effort", effort)
        request.set("group", group)
        request.set("notes", notes)
        return request
    }
}

/// `POST /api/habits/ID/log`: the kind's default log, or a count, minutes, a slip, held or undo; for
/// one window (its label) and one of the last 14 days (`date`).
struct HabitLogBody: RouteBody {
    var count: Int?
    var minutes: Int?
    var slip: Bool?
    var held: Bool?
    var undo: Bool?
    var window: String?
    var date: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("count", count)
        request.set("minutes", minutes)
        request.set("slip", slip)
        request.set("held", held)
        request.set("undo", undo)
        request.set("window", window)
        request.set("date", date)
        return request
    }
}

/// `POST /api/habits/ID/pause`: the reason, and the days from and to (today and open-ended when left out).
struct HabitPauseBody: RouteBody {
    var reason: String?
    var from: String?
    var to: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("reason", reason)
        request.set("from", from)
        request.set("to", to)
        return request
    }
}

/// `POST /api/habits/ID/begin`: a timed session on one window (its label), settling a running one first.
struct HabitBeginBody: RouteBody {
    var window: String?
    var settle: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.set("window", window)
        request.set("settle", settle)
        return request
    }
}
