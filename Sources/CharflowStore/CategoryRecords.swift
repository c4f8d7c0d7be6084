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

extension CategoryRepository {
    /// Stores the seeded default categories a new store starts with, each under the id its preset key
    /// derives, so every device seeds the same rows and two devices' defaults are one set after a sync (D18).
    package func seed(_ defaults: [TaskCategory]) throws {
        for var category in defaults {
            if let key = category.presetKey { category.id = DerivedID.defaultCategory(presetKey: key) }
            try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
        }
    }

    /// Stores a category as an import made it, outside any action (the import's own journal keeps it).
    package func insertAsRecorded(_ category: TaskCategory) throws {
        try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
    }
}
