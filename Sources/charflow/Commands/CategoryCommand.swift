import CharflowApp
import CharflowCore

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
        let expected = ["list": 1, "add": 2, "rename": 3, "color": 3, "archive": 2, "restore": 2, "delete": 2]
        guard let count = expected[verb] else { throw UsageError(message: "Unknown category action '\(verb)'.\nUsage: \(usage)") }
        if words.count > max(count, 1) { throw UsageError(message: "Unexpected '\(words[count])'.\nUsage: \(usage)") }
        if verb != "list", words.count < count { throw UsageError(message: "Usage: \(usage)") }
        let app = try context.app()
        guard verb != "list" else {
            let list = try app.categories(all: context.args.has("all"))
            let text = list.categories.map { category in
                "  ● " + category.name + Padding.spaces(max(2, 26 - category.name.count))
                    + category.color.rawValue + (category.isArchived ? "  archived" : "")
                    + (category.id == list.filter?.id ? "  (Today filter)" : "")
            }
            context.output.emit(text: (["Categories"] + text).joined(separator: "\n"), json: list.json)
            return
        }
        let report = try app.changeCategory(context.request)
        let done = ["add": "Added", "rename": "Renamed", "color": "Recoloured", "archive": "Archived", "restore": "Restored",
                    "delete": "Deleted"][verb] ?? ""
        context.output.emit(text: "\(done) category \(report.category.name).", json: report.json)
    }
}
