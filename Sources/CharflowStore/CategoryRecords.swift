import CharflowCore
import Foundation

/// Maps `categories` rows to values and back.
enum CategoryRecords {
    static let columns = "id, name, preset_key, color_key, sort_order, is_archived, created_at, modified_at"

    static func category(_ row: [SQLValue]) -> TaskCategory {
        TaskCategory(
            id: row.uuid(0) ?? UUID(),
            name: row[1].text ?? "",
            presetKey: row[2].text,
            color: CategoryColor(stored: row[3].text ?? ""),
            sortOrder: row[4].int ?? 0,
            isArchived: row[5].int == 1,
            createdAt: row.instant(6) ?? Date(timeIntervalSince1970: 0),
            modifiedAt: row.instant(7)
        )
    }

    static let upsertSQL = RecordSQL.upsert("categories", columns)

    static func bindings(_ category: TaskCategory) -> [SQLValue] {
        [
            .text(category.id.lowercasedText), .text(category.name), category.presetKey.sqlValue, .text(category.color.rawValue),
            category.sortOrder.sqlValue, category.isArchived.sqlValue, .text(Instant.storageText(category.createdAt)),
            .text(Instant.storageText(category.modifiedAt)),
        ]
    }
}

extension Store {
    static var todayFilterKey: String { CategoryRepository.todayFilterKey }

    /// The category called `word`, for the task code still in the store (`TaskCategory.matching`).
    func category(matching word: String) throws -> TaskCategory {
        try TaskCategory.matching(word, in: try categories.all())
    }

    /// The category a task may be given by name: it must exist and be active.
    func selectableCategory(_ word: String) throws -> TaskCategory {
        try TaskCategory.selectable(word, in: try categories.all())
    }

    /// The active Today filter's category, if any.
    func todayFilter() throws -> TaskCategory? {
        try categories.todayFilter()
    }

    func seedDefaultCategories() throws {
        for var category in TaskCategory.defaults(now: now) {
            // Every device seeds the same rows, so two devices' defaults are one set after a sync (D18).
            if let key = category.presetKey { category.id = DerivedID.defaultCategory(presetKey: key) }
            try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
        }
    }
}
