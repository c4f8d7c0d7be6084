import CharflowCore
import CharflowStore
import Foundation

/// Give a category another of the five colours (T-6).
public enum RecolorCategory {
    public struct Input: Decodable, Sendable {
        public var category: CategoryRef
        public var color: CategoryColor

        public init(category: CategoryRef, color: CategoryColor) {
            self.category = category
            self.color = color
        }

        public init(category: UUID, color: CategoryColor) {
            self.init(category: CategoryRef(category), color: color)
        }
    }
}

extension Charflow {
    @discardableResult
    public func recolorCategory(_ input: RecolorCategory.Input) throws -> CategoryReport {
        var category = try self.category(input.category)
        category.color = input.color
        return try store.action("category color") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }
}
