import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// The categories, active first in their order; with `all`, archived ones too.
    public func categories(all: Bool) throws -> CategoryList {
        let every = try planner.categories.all()
        return CategoryList(categories: all ? every : every.filter { !$0.isArchived },
                            filter: try planner.categories.todayFilter())
    }
}
