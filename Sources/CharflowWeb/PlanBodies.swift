import CharflowApp

// The bodies of night planning's steps, `POST /api/plan/ACTION`: each names the task it plans.

/// `POST /api/plan/carry`: `"keep": true`, `"later": DATE-WORD` (with a reason) or `"drop": true`.
struct CarryBody: RouteBody {
    var task: String
    var keep: Bool?
    var later: String?
    var drop: Bool?
    var reason: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words + [task])
        request.set("keep", keep)
        request.set("later", later)
        request.set("drop", drop)
        request.set("reason", reason)
        return request
    }
}

/// `POST /api/plan/tomorrow`: onto the planned day, on its board when a region is given.
struct PlanTomorrowBody: RouteBody {
    var task: String
    var region: String?
    var bucket: String?
    var importance: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words + [task])
        request.set("region", region)
        request.set("bucket", bucket)
        request.set("importance", importance)
        return request
    }
}

/// `POST /api/plan/move`: to another day (`to`), without a deferral.
struct PlanMoveBody: RouteBody {
    var task: String
    var to: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words + [task])
        request.set("to", to)
        return request
    }
}
