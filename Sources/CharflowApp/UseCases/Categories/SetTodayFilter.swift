import CharflowCore
import CharflowStore
import Foundation

/// Filter Today by one active category, or clear the filter; a task added while it is set takes its
/// category (T-9).
public enum SetTodayFilter {
    public struct Input: Sendable {
        /// The category to filter by; nil clears the filter.
        public var category: UUID?

        public init(category: UUID?) {
            self.category = category
        }
    }
}

extension Charflow {
    /// Sets or clears Today's filter; the report holds the filter after (and no list).
    @discardableResult
    public func setTodayFilter(_ input: SetTodayFilter.Input) throws -> CategoryList {
        let category = try input.category.map { try self.category(id: $0) }
        if let category, category.isArchived { throw PlannerError.categoryArchived(category.name) }
        try store.action("filter") { work in try store.categories.setTodayFilter(category?.id, in: work) }
        return CategoryList(categories: [], filter: try store.categories.todayFilter())
    }

    // MARK: From a request

    /// `filter NAME` or `filter --clear`; with neither, the filter as it stands.
    public func setTodayFilter(_ request: Request) throws -> CategoryList {
        if request.has("clear") {
            return try setTodayFilter(SetTodayFilter.Input(category: nil))
        } else if let word = request.words.first {
            return try setTodayFilter(SetTodayFilter.Input(category: try categoryID(word)))
        }
        return CategoryList(categories: [], filter: try store.categories.todayFilter())
    }
}
