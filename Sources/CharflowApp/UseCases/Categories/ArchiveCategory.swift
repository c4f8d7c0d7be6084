import CharflowCore
import CharflowStore
import Foundation

/// Archive a category: gone from the choices and Today's filter, while its tasks keep the label (T-8).
public enum ArchiveCategory {
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
    @discardableResult
    public func archiveCategory(_ input: ArchiveCategory.Input) throws -> CategoryReport {
        var category = try self.category(input.category)
        category.isArchived = true
        return try store.action("category archive") { work in
            let saved = try store.categories.save(category, in: work)
            if try store.categories.todayFilterID() == category.id { try store.categories.setTodayFilter(nil, in: work) }
            return CategoryReport(category: saved)
        }
    }
}
