import CharflowCore
import CharflowStore
import Foundation

/// Add a category: a valid name, unique ignoring case (archived ones included), while fewer than
/// eight are active (T-6, T-7).
public enum AddCategory {
    public struct Input: Decodable, Sendable {
        public var name: String
        /// The accent when none is given.
        public var color: CategoryColor?

        public init(name: String, color: CategoryColor = .accent) {
            self.name = name
            self.color = color
        }
    }
}

extension Charflow {
    /// Adds a category after the others.
    @discardableResult
    public func addCategory(_ input: AddCategory.Input) throws -> CategoryReport {
        let all = try store.categories.all()
        let name = try TaskCategory.validName(input.name, existing: all)
        try TaskCategory.ensureRoomForActive(all)
        let category = TaskCategory(name: name, color: input.color ?? .accent, sortOrder: (all.map(\.sortOrder).max() ?? -1) + 1,
                                    createdAt: now)
        return try store.action("category add") { work in
            CategoryReport(category: try store.categories.save(category, in: work))
        }
    }
}
