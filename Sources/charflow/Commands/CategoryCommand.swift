import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow category add|rename|color|archive|restore|delete|list`: the task labels.
enum CategoryCommand: Command {
    static let name = "category"
    static let aliases = ["categories"]
    static let usage = """
        charflow category list [--all] | add NAME [--color accent|blue|ochre|plum|slate] | rename NAME NEW \
        | color NAME COLOR | archive NAME | restore NAME | delete NAME
        """
    static let summary = "Manage categories (labels and the Today filter)"
    static let options: Set<String> = ["color", "all"]
    static let maxWords = 3

    static func run(_ context: Context) throws {
        let words = context.args.words
        let verb = words.first ?? "list"
        func argument(_ index: Int) throws -> String {
            guard words.count > index else { throw UsageError(message: "Usage: \(usage)") }
            return words[index]
        }
        let expected = ["list": 1, "add": 2, "rename": 3, "color": 3, "archive": 2, "restore": 2, "delete": 2]
        guard let count = expected[verb] else { throw UsageError(message: "Unknown category action '\(verb)'.\nUsage: \(usage)") }
        if words.count > max(count, 1) { throw UsageError(message: "Unexpected '\(words[count])'.\nUsage: \(usage)") }
        let planner = try context.planner()
        let category: TaskCategory
        let done: String
        switch verb {
        case "add":
            category = try planner.addCategory(try argument(1), color: try color(context.args.value("color")) ?? .accent)
            done = "Added"
        case "rename":
            category = try planner.renameCategory(try argument(1), to: try argument(2))
            done = "Renamed"
        case "color":
            category = try planner.recolorCategory(try argument(1), to: try color(try argument(2))!)
            done = "Recoloured"
        case "archive":
            category = try planner.archiveCategory(try argument(1))
            done = "Archived"
        case "restore":
            category = try planner.restoreCategory(try argument(1))
            done = "Restored"
        case "delete":
            category = try planner.deleteCategory(try argument(1))
            done = "Deleted"
        default:
            try list(planner: planner, context: context)
            return
        }
        context.output.emit(text: "\(done) category \(category.name).", json: json(category))
    }

    static func color(_ text: String?) throws -> CategoryColor? {
        guard let text else { return nil }
        guard let color = CategoryColor(rawValue: text.lowercased()) else { throw PlannerError.badColor(text) }
        return color
    }

    static func list(planner: Planner, context: Context) throws {
        let all = try planner.categories()
        let shown = context.args.has("all") ? all : all.filter { !$0.isArchived }
        let filter = try planner.todayFilter()
        let text = shown.map { category in
            "  ● " + category.name + String(repeating: " ", count: max(2, 26 - category.name.count))
                + category.color.rawValue + (category.isArchived ? "  archived" : "")
                + (category.id == filter?.id ? "  (Today filter)" : "")
        }
        context.output.emit(text: (["Categories"] + text).joined(separator: "\n"),
                            json: .object([("categories", .array(shown.map(json)))]))
    }

    static func json(_ category: TaskCategory) -> JSONValue {
        .object([
            ("id", .string(category.id.lowercasedText)), ("name", .string(category.name)),
            ("presetKey", .optional(category.presetKey)), ("colorKey", .string(category.color.rawValue)),
            ("sortOrder", .int(category.sortOrder)), ("isArchived", .bool(category.isArchived)),
        ])
    }
}
