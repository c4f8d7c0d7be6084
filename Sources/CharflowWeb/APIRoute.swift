import CharflowApp

/// Where a path leads: the page, the change counter, or one use case with the positional words the path
/// gives and the body keys that add more (cli.md, "The web UI's API").
///
/// Reads are GET, writes POST. For `habit`, `plan` and `category` use cases the action word comes
/// first, as after the command's name on the command line. Nothing here maps a path to a file.
struct APIRoute {
    enum Target: Equatable {
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
    }

    let target: Target
    var words: [String] = []
    /// Body keys whose values are positional words after `words`, in this order.
    var wordKeys: [String] = []

    var isRead: Bool {
        switch target {
        case .page, .changes, .asset, .privacy: true
        case .quickAddParse, .erase: false
        case .useCase(let useCase): useCase.isRead
        }
    }

    private init(_ target: Target, words: [String] = [], wordKeys: [String] = []) {
        self.target = target
        self.words = words
        self.wordKeys = wordKeys
    }

    private init(_ useCase: UseCase, words: [String] = [], wordKeys: [String] = []) {
        self.init(.useCase(useCase), words: words, wordKeys: wordKeys)
    }

    /// The query arguments a read takes, each the CLI option of that name: `?all=1` is `--all`,
    /// `?weeks=26` is `--weeks 26`, `?day=tomorrow` is `--day tomorrow` (cli.md, "The web UI's API").
    static let queryNames = ["all", "weeks", "day", "window", "category", "group", "from", "to"]

    /// Reads with no words, by their last path component under `/api/`.
    private static let plainReads: [String: UseCase] = [
        "today": .today, "backlog": .backlog, "upcoming": .upcoming, "list": .list, "history": .history,
        "status": .status, "habits": .habits, "groups": .groups, "categories": .categories,
        "settings": .settings, "plan": .planOverview, "reminders": .reminders,
    ]

    /// `POST /api/tasks/ID/ACTION`: the use case and the body keys that follow the id as words.
    private static let taskActions: [String: (UseCase, [String])] = [
        "done": (.done, []), "undone": (.undone, []), "defer": (.deferTask, []), "move": (.move, []),
        "reorder": (.reorder, []), "delete": (.delete, []), "purge": (.purge, []), "edit": (.edit, []),
        "note": (.note, ["text"]), "check": (.check, ["item"]),
    ]

    /// `POST /api/habits/ID/ACTION`.
    private static let habitActions: [String: UseCase] = [
        "edit": .habitEdit, "log": .habitLog, "pause": .habitPause, "resume": .habitResume,
        "archive": .habitArchive, "restore": .habitRestore, "begin": .habitBegin,
    ]

    /// `POST /api/sessions/ACTION`.
    private static let sessionActions: [String: (UseCase, [String])] = [
        "begin": (.begin, ["task"]), "pause": (.pause, []), "resume": (.resume, []), "finish": (.finish, []),
    ]

    /// `POST /api/plan/ACTION`.
    private static let planActions: [String: (UseCase, [String])] = [
        "carry": (.planCarry, ["task"]), "tomorrow": (.planTomorrow, ["task"]), "move": (.planMove, ["task"]),
        "close": (.planClose, []), "skip": (.planSkip, []),
    ]

    /// `POST /api/categories/NAME/ACTION`, with the body key of its second word.
    private static let categoryActions: [String: [String]] = [
        "rename": ["to"], "color": ["color"], "archive": [], "restore": [], "delete": [],
    ]

    /// The route of a path as libmicrohttpd decoded it (no query); nil when the path names nothing.
    init?(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if parts == [""] { self.init(.page); return }
        if parts.count == 1, let asset = PageAssets.Asset(rawValue: parts[0]) { self.init(.asset(asset)); return }
        guard parts.count >= 2, parts[0] == "api", !parts.contains(where: \.isEmpty) else { return nil }
        let rest = Array(parts.dropFirst())
        switch (rest.count, rest[0]) {
        case (1, "changes"): self.init(.changes)
        case (1, "tasks"): self.init(.add, wordKeys: ["title"])
        case (1, "undo"): self.init(.undo)
        case (1, "parse"): self.init(.quickAddParse)
        case (1, "seen"): self.init(.markShown)
        case (1, "privacy"): self.init(.privacy)
        case (1, "erase"): self.init(.erase)
        case (1, "filter"): self.init(.filter, wordKeys: ["category"])
        case (1, let name) where Self.plainReads[name] != nil: self.init(Self.plainReads[name]!)
        case (2, "tasks"): self.init(.show, words: [rest[1]])
        case (2, "region"): self.init(.region, words: [rest[1]])
        case (2, "history"): self.init(.history, words: [rest[1]])
        case (2, "plan") where rest[1] == "review": self.init(.planReview)
        case (2, "plan"):
            guard let (useCase, keys) = Self.planActions[rest[1]] else { return nil }
            self.init(useCase, words: [rest[1]], wordKeys: keys)
        case (2, "sessions"):
            guard let (useCase, keys) = Self.sessionActions[rest[1]] else { return nil }
            self.init(useCase, wordKeys: keys)
        case (2, "habits") where rest[1] == "new": self.init(.habitAdd, words: ["add"], wordKeys: ["title"])
        case (2, "categories") where rest[1] == "new": self.init(.category, words: ["add"], wordKeys: ["name"])
        case (2, "settings"): self.init(.changeSetting, words: [rest[1]], wordKeys: ["value"])
        case (3, "tasks"):
            guard let (useCase, keys) = Self.taskActions[rest[2]] else { return nil }
            self.init(useCase, words: [rest[1]], wordKeys: keys)
        case (3, "habits") where rest[2] == "grid": self.init(.habitGrid, words: ["grid", rest[1]])
        case (3, "habits"):
            guard let useCase = Self.habitActions[rest[2]] else { return nil }
            self.init(useCase, words: [rest[2], rest[1]])
        case (3, "categories"):
            guard let keys = Self.categoryActions[rest[2]] else { return nil }
            self.init(.category, words: [rest[2], rest[1]], wordKeys: keys)
        default: return nil
        }
    }
}
