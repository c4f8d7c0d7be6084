import CharflowCore
import CharflowStore
import Foundation

/// Give a category another of the five colours (T-6).
public enum RecolorCategory {
    public struct Input: Sendable {
        public var category: UUID
        public var color: CategoryColor

        public init(category: UUID, color: CategoryColor) {
            self.category = category
            self.color = color
        }
    }
}

extension Charflow {
    @discardableResult
    public func recolorCategory(_ input: RecolorCategory.Input) throws -> CategoryReport {
        var category = try category(id: input.category)
        category.color = input.color
        return try store.action("category color") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }

    // MARK: From a request

    /// `category color NAME C`.
    func recolorCategory(_ request: Request) throws -> CategoryReport {
        let word = try request.categoryWord(1)
        let color = try Self.color(try request.categoryWord(2))!
        return try recolorCategory(RecolorCategory.Input(category: try categoryID(word), color: color))
    }
}
