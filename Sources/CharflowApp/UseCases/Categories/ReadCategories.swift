import CharflowCore
import CharflowStore
import Foundation

/// Read the categories (with `all`, the archived ones too) and which one filters Today.
public enum ReadCategories {
    public struct Input: Decodable, Sendable {
        public var all: Bool?

        public init(all: Bool = false) {
            self.all = all
        }
    }
}

extension Charflow {
    public func readCategories(_ input: ReadCategories.Input) throws -> CategoryList {
        try categories(all: input.all ?? false)
    }

    /// The categories, active first in their order; with `all`, archived ones too.
    public func categories(all: Bool) throws -> CategoryList {
        let every = try store.categories.all()
        return CategoryList(categories: all ? every : every.filter { !$0.isArchived },
                            filter: try store.categories.todayFilter())
    }
}
