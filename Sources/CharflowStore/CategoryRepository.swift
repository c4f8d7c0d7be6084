import CharflowCore
import Foundation

/// The store's categories and Today's filter as records: reads, and saves that cannot forget undo or
/// the stamp.
///
/// A save takes the `UnitOfWork` of its action: it captures the rows it is about to change in the
/// action's undo journal and stamps `modifiedAt` with the action's clock, so a category change can
/// neither escape undo nor miss its sync stamp (spec D8, D14).
package struct CategoryRepository {
    let db: Database

    /// Every category, active first, in their order.
    package func all() throws -> [TaskCategory] {
        try db.rows("SELECT \(CategoryRecords.columns) FROM categories ORDER BY is_archived, sort_order, created_at")
            .map(CategoryRecords.category)
    }

    /// Category names by id, archived ones included, for labels.
    package func names() throws -> [UUID: String] {
        var names: [UUID: String] = [:]
        for row in try db.rows("SELECT id, name FROM categories") {
            if let id = row[0].text.flatMap({ UUID(recordText: $0) }), let name = row[1].text { names[id] = name }
        }
        return names
    }

    /// The name of the category `id` (archived or not), for one task's label; nil when there is none.
    package func name(of id: UUID) throws -> String? {
        try db.rows("SELECT name FROM categories WHERE id = ?", [.text(id.lowercasedText)]).first?[0].text
    }

    /// Saves `category` as part of the action `work`: before-image captured, `modifiedAt` stamped;
    /// returns it as saved.
    @discardableResult
    package func save(_ category: TaskCategory, in work: UnitOfWork) throws -> TaskCategory {
        var category = category
        category.modifiedAt = work.now
        try work.journal.capture("categories", key: category.id.lowercasedText)
        try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
        return category
    }

    /// Removes `category` for good as part of `work`: its tasks lose the label (each captured and
    /// stamped), the category leaves a tombstone, and Today's filter on it goes.
    package func remove(_ category: TaskCategory, in work: UnitOfWork) throws {
        let id = category.id.lowercasedText
        let tasks = work.store.taskRepository
        for var task in try tasks.tasks(where: "category_id = ?", [.text(id)]) {
            task.categoryID = nil
            try tasks.save(&task, in: work)
        }
        try work.journal.capture("categories", key: id)
        if try todayFilterID() == category.id { try setTodayFilter(nil, in: work) }
        try Tombstone.remove("categories", id: id, at: Instant.storageText(work.now), in: db)
    }

    // MARK: Today's filter

    /// The id Today's filter names, whatever that category's state.
    package func todayFilterID() throws -> UUID? {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(CategoryRepository.todayFilterKey)])?.text
            .flatMap { UUID(recordText: $0) }
    }

    /// The category Today is filtered to: the filter's, while it exists and is active.
    package func todayFilter() throws -> TaskCategory? {
        guard let id = try todayFilterID() else { return nil }
        return try all().first { $0.id == id && !$0.isArchived }
    }

    /// Sets Today's filter to `id`, or with nil clears it, as part of `work`.
    package func setTodayFilter(_ id: UUID?, in work: UnitOfWork) throws {
        let settings = SettingRepository(db: db)
        if let id {
            try settings.save(CategoryRepository.todayFilterKey, id.lowercasedText, in: work)
        } else {
            try settings.remove(CategoryRepository.todayFilterKey, in: work)
        }
    }

    static let todayFilterKey = "today-filter"
}

extension Store {
    /// The store's categories and Today's filter.
    package var categories: CategoryRepository {
        CategoryRepository(db: db)
    }
}
