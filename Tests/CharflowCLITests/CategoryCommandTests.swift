import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

extension CharflowRunner {
    /// `category list --json` (with `--all` when asked).
    func categoryList(all: Bool = false, now: String = "2026-11-30T09:00") throws -> [[String: Any]] {
        let object = try json(["category", "list"] + (all ? ["--all"] : []), now: now)
        return object["categories"] as? [[String: Any]] ?? []
    }
}

@Suite("category: categories and the Today filter (charflow CLI)")
struct CategoryCommandTests {
    static let now = "2026-11-30T09:00"

    @Test("T-6 a new store is seeded with Personal (accent), Family (ochre) and Work (blue)")
    func seeded() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let categories = try cf.categoryList()
        expectEqual(categories.map { $0["name"] as? String }, ["Personal", "Family", "Work"])
        expectEqual(categories.map { $0["colorKey"] as? String }, ["accent", "ochre", "blue"])
        expectEqual(categories.map { $0["presetKey"] as? String }, ["personal", "family", "work"])
        expectTrue(categories.allSatisfy { $0["isArchived"] as? Bool == false })
    }

    @Test("T-6 a colour must be one of the five keys", arguments: ["accent", "blue", "ochre", "plum", "slate"])
    func fiveColours(_ colour: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let added = try cf.json(["category", "add", "Garden", "--color", colour], now: Self.now)
        expectEqual(added["colorKey"] as? String, colour)
    }

    @Test("T-6 any other colour is refused: terra, teal, a hex value")
    func otherColoursRefused() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.categoryList()
        for colour in ["terra", "teal", "#1F6A58"] {
            let refusal = try cf.refusedAfterRollover(["category", "add", "Garden", "--color", colour], now: Self.now)
            expectEqual(refusal.code, "bad_color")
        }
    }

    @Test("T-6 an unknown colour stored in the categories table reads as slate")
    func unknownStoredColourIsSlate() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.categoryList()
        let id = UUID().uuidString.lowercased()
        try cf.storeSQL("""
            INSERT INTO categories (id, name, preset_key, color_key, sort_order, is_archived, created_at, modified_at)
            VALUES (?, 'Garden', NULL, 'teal', 9, 0, '2026-11-30T09:00:00.000Z', '2026-11-30T09:00:00.000Z')
            """, [.text(id)])
        let garden = try #require(try cf.categoryList().first { $0["name"] as? String == "Garden" })
        expectEqual(garden["colorKey"] as? String, "slate")
    }

    @Test("T-5 a name is trimmed and kept to 1–24 characters")
    func namesTrimmedAndBounded() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let trimmed = try cf.json(["category", "add", "  Errands  "], now: Self.now)
        expectEqual(trimmed["name"] as? String, "Errands")
        let longest = String(repeating: "x", count: 24)
        let kept = try cf.json(["category", "add", longest], now: Self.now)
        expectEqual(kept["name"] as? String, longest)
        for bad in ["", "   ", String(repeating: "y", count: 25)] {
            let refusal = try cf.refusedAfterRollover(["category", "add", bad], now: Self.now)
            expectEqual(refusal.code, "bad_category_name", "'\(bad)'")
        }
        let renamed = try cf.refusedAfterRollover(["category", "rename", "Errands", String(repeating: "z", count: 25)], now: Self.now)
        expectEqual(renamed.code, "bad_category_name")
    }

    @Test("T-5 names are unique ignoring case, archived categories included")
    func namesUniqueIgnoringCase() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["category", "add", "Errands"], now: Self.now)
        try expectEqual(cf.refusedAfterRollover(["category", "add", "work"], now: Self.now).code, "duplicate_category")
        try expectEqual(cf.refusedAfterRollover(["category", "add", " ERRANDS "], now: Self.now).code, "duplicate_category")
        try expectEqual(cf.refusedAfterRollover(["category", "rename", "Personal", "family"], now: Self.now).code, "duplicate_category")

        _ = try cf.json(["category", "archive", "Errands"], now: Self.now)
        try expectEqual(cf.refusedAfterRollover(["category", "add", "errands"], now: Self.now).code, "duplicate_category")

        // A category may change the case of its own name.
        let recased = try cf.json(["category", "rename", "Personal", "PERSONAL"], now: Self.now)
        expectEqual(recased["name"] as? String, "PERSONAL")
    }

    @Test("T-7 at most eight active categories: the 9th is refused, archiving one makes room")
    func eightActive() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        for name in ["One", "Two", "Three", "Four", "Five"] {
            _ = try cf.json(["category", "add", name], now: Self.now)
        }
        try expectEqual(cf.categoryList().count, 8)
        let refusal = try cf.refusedAfterRollover(["category", "add", "Six"], now: Self.now)
        expectEqual(refusal.code, "too_many_categories")
        expectEqual(refusal.message, "You have eight categories; archive one before adding another.")

        _ = try cf.json(["category", "archive", "One"], now: Self.now)
        _ = try cf.json(["category", "add", "Six"], now: Self.now)
        try expectEqual(cf.categoryList().count, 8)
        // Restoring would make nine active.
        try expectEqual(cf.refusedAfterRollover(["category", "restore", "One"], now: Self.now).code, "too_many_categories")
    }

    @Test("T-7 the defaults can be renamed and archived but never deleted; a user category can be",
          arguments: ["Personal", "Family", "Work"])
    func defaultsKept(_ name: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let refusal = try cf.refusedAfterRollover(["category", "delete", name], now: Self.now)
        expectEqual(refusal.code, "default_category")
        let renamed = try cf.json(["category", "rename", name, "My \(name)"], now: Self.now)
        expectEqual(renamed["presetKey"] as? String, name.lowercased())
        let archived = try cf.json(["category", "archive", "My \(name)"], now: Self.now)
        expectEqual(archived["isArchived"] as? Bool, true)
        try expectEqual(cf.refusedAfterRollover(["category", "delete", "My \(name)"], now: Self.now).code, "default_category")
        try expectEqual(cf.categoryList(all: true).count, 3)
    }

    @Test("T-7 deleting a user-made category takes its label off its tasks")
    func deleteUserCategory() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["category", "add", "Garden"], now: Self.now)
        let id = try cf.add("Prune roses", ["--category", "garden"], now: Self.now)
        try expectEqual(cf.show(id, now: Self.now)["category"] as? String, "Garden")
        _ = try cf.json(["category", "delete", "Garden"], now: Self.now)
        expectTrue(TaskDocument.isNull(try cf.show(id, now: Self.now), "category"))
        expectTrue(!(try cf.categoryList(all: true)).contains { $0["name"] as? String == "Garden" })
    }

    @Test("T-8 an archived category leaves the list and the pickers; its tasks keep the label, shown \"— archived\"")
    func archived() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Quarterly report", ["--category", "Work", "--due", "today"], now: Self.now)
        _ = try cf.json(["category", "archive", "Work"], now: Self.now)

        expectTrue(!(try cf.categoryList()).contains { $0["name"] as? String == "Work" })
        let all = try cf.categoryList(all: true)
        expectEqual(all.first { $0["name"] as? String == "Work" }?["isArchived"] as? Bool, true)

        try expectEqual(cf.show(id, now: Self.now)["category"] as? String, "Work")
        let text = try cf.run(["show", id], now: Self.now)
        expectContains(text.stdout, "Work — archived")

        // Absent from the pickers: no new task, edit or filter can choose it.
        try expectEqual(cf.refusedAfterRollover(["add", "Another", "--category", "Work"], now: Self.now).code, "category_archived")
        try expectEqual(cf.refusedAfterRollover(["filter", "Work"], now: Self.now).code, "category_archived")
        // …but editing the task leaves its current label alone.
        let edited = try cf.json(["edit", id, "--title", "Q4 report"], now: Self.now)
        expectEqual(edited["category"] as? String, "Work")
    }

    @Test("T-9 a task added while the Today filter is Work inherits Work; with no filter it has none")
    func filterInherited() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let plain = try cf.json(["add", "No label"], now: Self.now)
        expectTrue(TaskDocument.isNull(plain, "category"))

        let filter = try cf.json(["filter", "Work"], now: Self.now)
        expectEqual(filter["filter"] as? String, "Work")
        let inherited = try cf.json(["add", "Standup notes", "--due", "today"], now: Self.now)
        expectEqual(inherited["category"] as? String, "Work")
        let chosen = try cf.json(["add", "Birthday card", "--category", "Family"], now: Self.now)
        expectEqual(chosen["category"] as? String, "Family")

        let today = try cf.json(["today"], now: Self.now)
        expectEqual(today["filter"] as? String, "Work")
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "due")), ["Standup notes"])

        _ = try cf.json(["filter", "--clear"], now: Self.now)
        let after = try cf.json(["add", "After the filter"], now: Self.now)
        expectTrue(TaskDocument.isNull(after, "category"))
    }

    @Test("T-8 T-9 archiving the filtered category clears the filter")
    func archivingClearsFilter() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["filter", "Family"], now: Self.now)
        _ = try cf.json(["category", "archive", "Family"], now: Self.now)
        expectTrue(TaskDocument.isNull(try cf.json(["filter"], now: Self.now), "filter"))
        let added = try cf.json(["add", "Unlabelled"], now: Self.now)
        expectTrue(TaskDocument.isNull(added, "category"))
    }
}
