import CharflowCore
import CharflowStore
import Foundation

/// Bring an archived category back, while fewer than eight are active (T-7); an active one is left as
/// it is.
public enum RestoreCategory {
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
    public func restoreCategory(_ input: RestoreCategory.Input) throws -> CategoryReport {
        var category = try self.category(input.category)
        guard category.isArchived else { return CategoryReport(category: category) }
        try TaskCategory.ensureRoomForActive(try store.categories.all())
        category.isArchived = false
        return try store.action("category restore") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }
}
