import CharflowCore
import CharflowStore
import Foundation

/// Filter Today by one active category, or clear the filter; a task added while it is set takes its
/// category (T-9).
public enum SetTodayFilter {
    public struct Input: Decodable, Sendable {
        /// The category to filter by.
        public var category: CategoryRef?
        /// Clear the filter instead. With neither, the filter is read as it stands and nothing changes.
        public var clear: Bool?

        public init(category: CategoryRef?) {
            self.category = category
            clear = category == nil
        }

        public init(category: UUID?) {
            self.init(category: category.map(CategoryRef.init))
        }
    }
}

/// The category Today is filtered to after a change of the filter, if any.
public struct TodayFilter: Report {
    public let filter: TaskCategory?

    public var json: JSONValue { .object([("filter", .optional(filter?.name))]) }
}

extension Charflow {
    /// Sets or clears Today's filter; the report holds the filter after.
    @discardableResult
    public func setTodayFilter(_ input: SetTodayFilter.Input) throws -> TodayFilter {
        guard input.clear == true || input.category != nil else {
            return TodayFilter(filter: try store.categories.todayFilter())
        }
        let category = try input.category.map { try self.category($0) }
        if let category, category.isArchived { throw PlannerError.categoryArchived(category.name) }
        try store.action("filter") { work in try store.categories.setTodayFilter(category?.id, in: work) }
        return TodayFilter(filter: try store.categories.todayFilter())
    }
}
