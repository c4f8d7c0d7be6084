import CharflowCore
import CharflowStore
import Foundation

/// A category after an action on it, with its JSON.
public struct CategoryReport {
    public let category: TaskCategory
    public var json: JSONValue { CategoryJSON.category(category) }
}

/// The category list, and which one filters Today.
public struct CategoryList {
    public let categories: [TaskCategory]
    public let filter: TaskCategory?
    public var json: JSONValue { .object([("categories", .array(categories.map(CategoryJSON.category)))]) }
}

/// Category objects in `task.md`'s field names.
public enum CategoryJSON {
    public static func category(_ category: TaskCategory) -> JSONValue {
        .object([
            ("id", .string(category.id.lowercasedText)), ("name", .string(category.name)),
            ("presetKey", .optional(category.presetKey)), ("colorKey", .string(category.color.rawValue)),
            ("sortOrder", .int(category.sortOrder)), ("isArchived", .bool(category.isArchived)),
        ])
    }
}

extension Charflow {
    /// The categories; with `all`, archived ones too.
    public func categories(all: Bool) throws -> CategoryList {
        let every = try planner.categories()
        return CategoryList(categories: all ? every : every.filter { !$0.isArchived }, filter: try planner.todayFilter())
    }

    /// `add NAME [--color C]`, `rename NAME NEW`, `color NAME C`, `archive NAME`, `restore NAME`, `delete NAME`:
    /// the action is the first word, its names the next ones.
    public func changeCategory(_ request: Request) throws -> CategoryReport {
        let words = request.words
        func argument(_ index: Int) throws -> String {
            guard words.count > index else { throw RequestError.missing("category") }
            return words[index]
        }
        let category: TaskCategory
        switch words.first {
        case "add": category = try planner.addCategory(try argument(1), color: try Self.color(request.value("color")) ?? .accent)
        case "rename": category = try planner.renameCategory(try argument(1), to: try argument(2))
        case "color": category = try planner.recolorCategory(try argument(1), to: try Self.color(try argument(2))!)
        case "archive": category = try planner.archiveCategory(try argument(1))
        case "restore": category = try planner.restoreCategory(try argument(1))
        case "delete": category = try planner.deleteCategory(try argument(1))
        default: throw RequestError.unknownAction(words.first ?? "")
        }
        return CategoryReport(category: category)
    }

    /// Filters Today by a category (the first word), or clears the filter with `clear`; the filter after.
    public func setTodayFilter(_ request: Request) throws -> CategoryList {
        if request.has("clear") {
            _ = try planner.setTodayFilter(nil)
        } else if let word = request.words.first {
            _ = try planner.setTodayFilter(word)
        }
        return CategoryList(categories: [], filter: try planner.todayFilter())
    }

    static func color(_ text: String?) throws -> CategoryColor? {
        guard let text else { return nil }
        guard let color = CategoryColor(rawValue: text.lowercased()) else { throw InputError.badColor(text) }
        return color
    }
}
