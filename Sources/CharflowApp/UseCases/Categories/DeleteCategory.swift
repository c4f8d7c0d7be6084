import CharflowCore
import CharflowStore
import Foundation

/// Delete a category a person made, for good: its tasks lose the label, undo brings both back. The
/// three defaults are kept (T-7).
public enum DeleteCategory {
    public struct Input: Sendable {
        public var category: UUID

        public init(category: UUID) {
            self.category = category
        }
    }
}

extension Charflow {
    /// Deletes the category; the report is the category as it was.
    @discardableResult
    public func deleteCategory(_ input: DeleteCategory.Input) throws -> CategoryReport {
        let category = try category(id: input.category)
        if category.isDefault { throw PlannerError.defaultCategoryKept(category.name) }
        try store.action("category delete") { work in try store.categories.remove(category, in: work) }
        return CategoryReport(category: category)
    }

    // MARK: From a request

    /// `category delete NAME`.
    func deleteCategory(_ request: Request) throws -> CategoryReport {
        try deleteCategory(DeleteCategory.Input(category: try categoryID(try request.categoryWord(1))))
    }
}
