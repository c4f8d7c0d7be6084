import CharflowCore
import CharflowStore
import Foundation

/// Delete a category a person made, for good: its tasks lose the label, undo brings both back. The
/// three defaults are kept (T-7).
public enum DeleteCategory {
    public struct Input: Decodable, Sendable {
        public var category: CategoryRef

        public init(category: CategoryRef) {
            self.category = category
        }

        public init(category: UUID) {
            self.category = CategoryRef(category)
        }
    }
}

extension Charflow {
    /// Deletes the category; the report is the category as it was.
    @discardableResult
    public func deleteCategory(_ input: DeleteCategory.Input) throws -> CategoryReport {
        let category = try self.category(input.category)
        if category.isDefault { throw PlannerError.defaultCategoryKept(category.name) }
        try store.action("category delete") { work in try store.categories.remove(category, in: work) }
        return CategoryReport(category: category)
    }
}
