import CharflowCore
import CharflowStore
import Foundation

/// A category after an action on it, with its JSON.
public struct CategoryReport: Report {
    public let category: TaskCategory
    public var json: JSONValue { CategoryJSON.category(category) }
}

/// The category list, and which one filters Today.
public struct CategoryList: Report {
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
    /// The category with this id, or the refusal of a name that matches nothing.
    func category(id: UUID) throws -> TaskCategory {
        guard let category = try store.categories.all().first(where: { $0.id == id }) else {
            throw PlannerError.noCategoryMatches(id.lowercasedText)
        }
        return category
    }

    /// The id of the category a front end names by name or id prefix (`TaskCategory.matching`).
    func categoryID(_ word: String) throws -> UUID {
        try TaskCategory.matching(word, in: try store.categories.all()).id
    }

    /// The id of the category `ref` names (its name, any case, or an id prefix).
    func categoryID(_ ref: CategoryRef) throws -> UUID {
        try category(ref).id
    }

    /// The category `ref` names (its name, any case, or an id prefix), archived ones included.
    func category(_ ref: CategoryRef) throws -> TaskCategory {
        try TaskCategory.matching(ref.word, in: try store.categories.all())
    }

}
