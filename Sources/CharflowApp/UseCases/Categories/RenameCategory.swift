import CharflowCore
import CharflowStore
import Foundation

/// Rename a category: the new name valid and unique ignoring case among the others (T-6).
public enum RenameCategory {
    public struct Input: Sendable {
        public var category: UUID
        public var name: String

        public init(category: UUID, name: String) {
            self.category = category
            self.name = name
        }
    }
}

extension Charflow {
    @discardableResult
    public func renameCategory(_ input: RenameCategory.Input) throws -> CategoryReport {
        var category = try category(id: input.category)
        category.name = try TaskCategory.validName(input.name, existing: try store.categories.all(), renaming: category.id)
        return try store.action("category rename") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }

    // MARK: From a request

    /// `category rename NAME NEW`.
    func renameCategory(_ request: Request) throws -> CategoryReport {
        let (word, name) = (try request.categoryWord(1), try request.categoryWord(2))
        return try renameCategory(RenameCategory.Input(category: try categoryID(word), name: name))
    }
}
