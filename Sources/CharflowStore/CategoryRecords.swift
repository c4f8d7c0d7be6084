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

extension Planner {
    static let todayFilterKey = "today-filter"

    /// Every category, active first, in their order.
    public func categories() throws -> [TaskCategory] {
        try db.rows("SELECT \(CategoryRecords.columns) FROM categories ORDER BY is_archived, sort_order, created_at")
            .map(CategoryRecords.category)
    }

    /// The category called `word` (ignoring case), or whose id starts with it.
    public func category(matching word: String) throws -> TaskCategory {
        let all = try categories()
        let key = word.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = all.first(where: { $0.name.lowercased() == key }) { return named }
        let byID = all.filter { key.count >= 4 && $0.id.lowercasedText.hasPrefix(key) }
        if byID.count == 1 { return byID[0] }
        throw PlannerError.noCategoryMatches(word)
    }

    /// Creates a category (at most eight active; names unique ignoring case, archived included).
    @discardableResult
    public func addCategory(_ name: String, color: CategoryColor = .accent) throws -> TaskCategory {
        let all = try categories()
        let valid = try TaskCategory.validName(name, existing: all)
        try TaskCategory.ensureRoomForActive(all)
        let category = TaskCategory(name: valid, color: color, sortOrder: (all.map(\.sortOrder).max() ?? -1) + 1,
                                    createdAt: now)
        return try saveCategory(category, label: "category add")
    }

    @discardableResult
    public func renameCategory(_ word: String, to name: String) throws -> TaskCategory {
        var category = try category(matching: word)
        category.name = try TaskCategory.validName(name, existing: try categories(), renaming: category.id)
        return try saveCategory(category, label: "category rename")
    }

    @discardableResult
    public func recolorCategory(_ word: String, to color: CategoryColor) throws -> TaskCategory {
        var category = try category(matching: word)
        category.color = color
        return try saveCategory(category, label: "category color")
    }

    /// Archives a category: gone from pickers and the filter; its tasks keep their label.
    @discardableResult
    public func archiveCategory(_ word: String) throws -> TaskCategory {
        var category = try category(matching: word)
        category.isArchived = true
        return try saveCategory(category, label: "category archive") { journal in
            if try self.todayFilterID() == category.id {
                try journal.capture("settings", key: Planner.todayFilterKey, keyColumn: "key")
                try self.db.run("DELETE FROM settings WHERE key = ?", [.text(Planner.todayFilterKey)])
            }
        }
    }

    @discardableResult
    public func restoreCategory(_ word: String) throws -> TaskCategory {
        var category = try category(matching: word)
        guard category.isArchived else { return category }
        try TaskCategory.ensureRoomForActive(try categories())
        category.isArchived = false
        return try saveCategory(category, label: "category restore")
    }

    /// Deletes a user-made category for good; its tasks lose the label. The defaults are kept.
    @discardableResult
    public func deleteCategory(_ word: String) throws -> TaskCategory {
        let category = try category(matching: word)
        if category.isDefault { throw PlannerError.defaultCategoryKept(category.name) }
        let id = category.id.lowercasedText
        try perform("category delete") { journal in
            for row in try db.rows("SELECT id FROM tasks WHERE category_id = ?", [.text(id)]) {
                if let taskID = row[0].text { try journal.capture("tasks", key: taskID) }
            }
            try journal.capture("categories", key: id)
            if try todayFilterID() == category.id {
                try journal.capture("settings", key: Planner.todayFilterKey, keyColumn: "key")
                try db.run("DELETE FROM settings WHERE key = ?", [.text(Planner.todayFilterKey)])
            }
            try db.run("UPDATE tasks SET category_id = NULL, modified_at = ? WHERE category_id = ?",
                       [.text(nowText), .text(id)])
            try Tombstone.remove("categories", id: id, at: nowText, in: db)
        }
        return category
    }

    /// Sets (or, with nil, clears) the Today filter; a task added while it is set inherits its category.
    public func setTodayFilter(_ word: String?) throws -> TaskCategory? {
        let category = try word.map { try self.category(matching: $0) }
        if let category, category.isArchived { throw PlannerError.categoryArchived(category.name) }
        try perform("filter") { journal in
            try journal.capture("settings", key: Planner.todayFilterKey, keyColumn: "key")
            if let category {
                try writeSetting(Planner.todayFilterKey, category.id.lowercasedText)
            } else {
                try db.run("DELETE FROM settings WHERE key = ?", [.text(Planner.todayFilterKey)])
            }
        }
        return category
    }

    /// The active Today filter's category, if any.
    public func todayFilter() throws -> TaskCategory? {
        guard let id = try todayFilterID() else { return nil }
        return try categories().first { $0.id == id && !$0.isArchived }
    }

    func todayFilterID() throws -> UUID? {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.todayFilterKey)])?.text
            .flatMap { UUID(recordText: $0) }
    }

    /// The category a task may be given by name: it must exist and be active.
    func selectableCategory(_ word: String) throws -> TaskCategory {
        let category = try category(matching: word)
        if category.isArchived { throw PlannerError.categoryArchived(category.name) }
        return category
    }

    func seedDefaultCategories() throws {
        for var category in TaskCategory.defaults(now: now) {
            // Every device seeds the same rows, so two devices' defaults are one set after a sync (D18).
            if let key = category.presetKey { category.id = DerivedID.defaultCategory(presetKey: key) }
            try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
        }
    }

    /// One undoable action that saves a change to `category`, its `modifiedAt` stamped with the clock
    /// (the one place a category change sets it); returns the category as saved.
    private func saveCategory(
        _ category: TaskCategory, label: String, also: ((inout UndoJournal) throws -> Void)? = nil
    ) throws -> TaskCategory {
        var category = category
        category.modifiedAt = now
        try perform(label) { journal in
            try journal.capture("categories", key: category.id.lowercasedText)
            try db.run(CategoryRecords.upsertSQL, CategoryRecords.bindings(category))
            try also?(&journal)
        }
        return category
    }
}
