import CharflowCore
import CharflowStore

/// `charflow add TITLE ...`: a new task, on the board when a region is given.
enum AddCommand: Command {
    static let name = "add"
    static let usage = """
        charflow add TITLE [--region morning|afternoon|evening] [--bucket must|complementary|misc] \
        [--due DATE-WORD] [--importance low|medium|high] [--effort MINUTES|none] [--category NAME] \
        [--repeat none|daily|weekly[:ISO,..]|monthly] [--notes TEXT]
        """
    static let summary = "Add a task (to a region's bucket, or to the Backlog)"
    static let options: Set<String> = ["region", "bucket", "due", "importance", "effort", "notes", "category", "repeat"]
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        // `charflow add Buy milk` and `charflow add "Buy milk"` mean the same.
        let title = context.args.words.joined(separator: " ")
        var request = Planner.NewTask(title: title)
        request.region = try context.region()
        request.bucket = try context.bucket()
        request.due = try context.dateWord("due")
        request.importance = try context.importance() ?? .low
        request.effortMinutes = try context.effort()
        request.notes = context.args.value("notes")
        request.category = context.args.value("category")
        if let (kind, weekdays) = try context.repeatRule() {
            request.repeatKind = kind
            request.repeatWeekdays = weekdays
        }
        let planner = try context.planner()
        let task = try planner.add(request)
        try TaskReport.changed(task, verb: "Added", planner: planner, context: context)
    }
}

/// The one-line report of a changed task, or the task as JSON.
enum TaskReport {
    static func changed(
        _ task: TaskItem, verb: String, planner: Planner, context: Context, change: Planner.DateChange? = nil
    ) throws {
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        var lines = ["\(verb) \(task.shortID) “\(task.title)” — \(try place(task, planner: planner))."]
        var json = render.task(task)
        if let change {
            if change.eased { lines.append(Messages.importanceEased) }
            if change.suggestRemoval { lines.append(Messages.text(Signal.suggestRemoval(task: task.id), title: task.title)) }
            if case .object(var pairs) = json {
                pairs.append(("deferral", .object([
                    ("counted", .bool(change.deferred && !change.refined)), ("refined", .bool(change.refined)),
                    ("importanceEased", .bool(change.eased)), ("suggestRemoval", .bool(change.suggestRemoval)),
                ])))
                json = .object(pairs)
            }
        }
        context.output.emit(text: lines.joined(separator: "\n"), json: json)
    }

    /// Where a task now stands: "Morning · Must-Do 1/1", "Backlog", "due tomorrow".
    static func place(_ task: TaskItem, planner: Planner) throws -> String {
        if task.droppedAt != nil { return "deleted; `charflow undo` brings it back" }
        let today = planner.today
        if let region = task.region, let bucket = task.bucket, let day = task.dueDate {
            let count = try planner.board(on: day).card(region).tasks(in: bucket).count
            let when = day == today ? "" : " on " + DayText.relative(day, today: today)
            return "\(region.displayName) · \(bucket.displayName) \(count)/\(bucket.limit)\(when)"
        }
        if task.isCompleted { return "done" }
        if Backlog.contains(task, today: today) { return "Backlog" }
        if let due = task.dueDate { return "due " + DayText.relative(due, today: today) }
        return "Backlog"
    }
}
