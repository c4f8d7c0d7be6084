import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// The categories, active first in their order; with `all`, archived ones too.
    public func categories(all: Bool) throws -> CategoryList {
        let every = try store.categories.all()
        return CategoryList(categories: all ? every : every.filter { !$0.isArchived },
                            filter: try store.categories.todayFilter())
    }
}
