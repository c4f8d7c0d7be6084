import CharflowApp

// The bodies of the category routes and Today's category filter.

/// `POST /api/categories/new`: the name, and its colour (the accent when left out).
struct NewCategoryBody: RouteBody {
    var name: String
    var color: String?

    func request(words: [String]) -> Request {
        var request = Request(words: words + [name])
        request.set("color", color)
        return request
    }
}

/// `POST /api/categories/NAME/rename`: the new name.
struct RenameCategoryBody: RouteBody {
    var to: String

    func request(words: [String]) -> Request { Request(words: words + [to]) }
}

/// `POST /api/categories/NAME/color`: the new colour.
struct RecolorCategoryBody: RouteBody {
    var color: String

    func request(words: [String]) -> Request { Request(words: words + [color]) }
}

/// `POST /api/filter`: Today filtered by a category, or `"clear": true`.
struct FilterBody: RouteBody {
    var category: String?
    var clear: Bool?

    func request(words: [String]) -> Request {
        var request = Request(words: words)
        request.add(word: category)
        request.set("clear", clear)
        return request
    }
}
