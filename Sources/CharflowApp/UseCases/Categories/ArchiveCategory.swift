import CharflowCore
import CharflowStore
import Foundation

/// Archive a category: gone from the choices and Today's filter, while its tasks keep the label (T-8).
public enum ArchiveCategory {
    public struct Input: Sendable {
        public var category: UUID

        public init(category: UUID) {
            self.category = category
        }
    }
}

extension Charflow {
    @discardableResult
    public func archiveCategory(_ input: ArchiveCategory.Input) throws -> CategoryReport {
        var category = try category(id: input.category)
        category.isArchived = true
        return try store.action("category archive") { work in
            let saved = try store.categories.save(category, in: work)
            if try store.categories.todayFilterID() == category.id { try store.categories.setTodayFilter(nil, in: work) }
            return CategoryReport(category: saved)
        }
    }

    // MARK: From a request

    /// `category archive NAME`.
    func archiveCategory(_ request: Request) throws -> CategoryReport {
        try archiveCategory(ArchiveCategory.Input(category: try categoryID(try request.categoryWord(1))))
    }
}
