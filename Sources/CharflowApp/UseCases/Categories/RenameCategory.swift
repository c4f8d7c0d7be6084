import CharflowCore
import CharflowStore
import Foundation

/// Rename a category: the new name valid and unique ignoring case among the others (T-6).
public enum RenameCategory {
    public struct Input: Decodable, Sendable {
        public var category: CategoryRef
        /// The new name.
        public var name: String

        enum CodingKeys: String, CodingKey {
            case category
            case name = "to"
        }

        public init(category: CategoryRef, name: String) {
            self.category = category
            self.name = name
        }

        public init(category: UUID, name: String) {
            self.init(category: CategoryRef(category), name: name)
        }
    }
}

extension Charflow {
    @discardableResult
    public func renameCategory(_ input: RenameCategory.Input) throws -> CategoryReport {
        var category = try self.category(input.category)
        category.name = try TaskCategory.validName(input.name, existing: try store.categories.all(), renaming: category.id)
        return try store.action("category rename") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }
}
