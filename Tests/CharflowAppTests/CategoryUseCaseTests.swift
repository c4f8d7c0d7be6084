@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The category use cases and Today's filter through `Charflow`, on a real store file.
@Suite("Category use cases")
struct CategoryUseCaseTests {
    private func id(_ app: Charflow, _ name: String) throws -> UUID {
        try #require(try app.categories(all: true).categories.first { $0.name == name }).id
    }

    private func add(_ app: Charflow, _ title: String, category: String? = nil) throws -> TaskItem {
        var request = Store.NewTask(title: title)
        request.category = category
        return try app.store.add(request)
    }

    @Test("T-7 a ninth active category and restoring into eight active are refused; the defaults are kept")
    func eightActive() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        for name in ["A1", "A2", "A3", "A4", "A5"] { try app.addCategory(.init(name: name)) }
        #expect(throws: PlannerError.tooManyCategories) { try app.addCategory(.init(name: "A6")) }
        try app.archiveCategory(.init(category: try id(app, "A1")))
        try app.addCategory(.init(name: "A6", color: .plum))
        #expect(throws: PlannerError.tooManyCategories) { try app.restoreCategory(.init(category: try id(app, "A1"))) }
        try expectEqual(app.categories(all: false).categories.count, 8)
        try expectEqual(app.categories(all: true).categories.count, 9)
        #expect(throws: PlannerError.defaultCategoryKept("Work")) { try app.deleteCategory(.init(category: try id(app, "Work"))) }
    }

    @Test("T-6 a name is unique ignoring case, archived ones included; a rename may change only its case")
    func uniqueNames() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        let garden = try app.addCategory(.init(name: "Garden")).category
        try app.archiveCategory(.init(category: garden.id))
        #expect(throws: PlannerError.duplicateCategory("garden")) { try app.addCategory(.init(name: "garden")) }
        #expect(throws: PlannerError.duplicateCategory("Work")) {
            try app.renameCategory(.init(category: garden.id, name: "Work"))
        }
        try expectEqual(app.renameCategory(.init(category: garden.id, name: "GARDEN")).category.name, "GARDEN")
    }

    @Test("T-8 an archived category keeps its label on tasks, cannot be chosen, and leaves Today's filter")
    func archivedKeepsLabel() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        let task = try add(app, "Invoice", category: "Work")
        let work = try id(app, "Work")
        try app.setTodayFilter(.init(category: work))
        try app.archiveCategory(.init(category: work))
        try expectEqual(app.store.task(id: task.id)?.categoryID, work)
        try expectEqual(app.categoryNames()[work], "Work")
        try expectEqual(app.categories(all: false).filter, nil)
        #expect(throws: PlannerError.categoryArchived("Work")) { try add(app, "New", category: "Work") }
        #expect(throws: PlannerError.categoryArchived("Work")) { try app.setTodayFilter(.init(category: work)) }
        // Undo of the archive brings the category and the filter back as one action.
        try expectEqual(app.store.undo(), "category archive")
        try expectEqual(app.categories(all: false).filter?.id, work)
    }

    @Test("T-9 a task added while the Today filter is set takes its category; cleared, none")
    func filterInherits() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        try expectEqual(add(app, "Plain").categoryID, nil)
        let work = try id(app, "Work")
        try expectEqual(app.setTodayFilter(.init(category: work)).filter?.id, work)
        try expectEqual(add(app, "Standup").categoryID, work)
        let reopened = try store.open("2026-11-30", "10:00")
        try expectEqual(reopened.categories(all: false).filter?.id, work)
        try expectEqual(reopened.readToday().filter, "Work")
        try reopened.setTodayFilter(.init(category: nil as CategoryRef?))
        try expectEqual(add(reopened, "After").categoryID, nil)
    }

    @Test("T-7 deleting a category takes the label off its tasks; undo brings both back, stamped")
    func deleteAndUndo() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        let garden = try app.addCategory(.init(name: "Garden", color: .ochre)).category
        let task = try add(app, "Weed", category: "Garden")
        try app.setTodayFilter(.init(category: garden.id))
        let later = try store.open("2026-11-30", "10:00")
        try later.deleteCategory(.init(category: garden.id))
        try expectEqual(later.store.task(id: task.id)?.categoryID, nil)
        try expectEqual(later.categories(all: true).categories.contains { $0.id == garden.id }, false)
        try expectEqual(later.categories(all: false).filter, nil)
        let tombstones = try later.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'categories'")?.int
        expectEqual(tombstones, 1)
        try expectEqual(later.store.undo(), "category delete")
        try expectEqual(later.store.task(id: task.id)?.categoryID, garden.id)
        try expectEqual(later.categories(all: false).filter?.id, garden.id)
    }

    @Test("T-6 a change stamps the category's modifiedAt with the action's clock, and undo reverts it")
    func stampsAndUndoes() throws {
        let store = try AppTestStore()
        let garden = try store.open("2026-11-30", "09:00").addCategory(.init(name: "Garden")).category
        let app = try store.open("2026-11-30", "11:00")
        let recolored = try app.recolorCategory(.init(category: garden.id, color: .blue)).category
        expectEqual(recolored.modifiedAt, (try store.instant("2026-11-30", "11:00")))
        try expectEqual(app.categories(all: false).categories.first { $0.id == garden.id }?.color, .blue)
        try expectEqual(app.store.undo(), "category color")
        try expectEqual(app.categories(all: false).categories.first { $0.id == garden.id }?.color, .accent)
    }

    @Test("T-6 a category action's input is read from its words before any name is looked up: a missing word or a bad colour first")
    func inputOrder() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        func read<T: Decodable>(_ type: T.Type, _ words: [String], _ positions: [String],
                                options: [String: [String]] = [:]) throws -> T {
            var asked: Set<String> = []
            return try WordsDecoder(words: words, positions: positions, options: options).decode(type, asked: &asked)
        }
        #expect(throws: UsageRefusal.missing("to")) { try read(RenameCategory.Input.self, ["Nope"], ["category", "to"]) }
        #expect(throws: InputError.badColor("teal")) { try read(RecolorCategory.Input.self, ["Nope", "teal"], ["category", "color"]) }
        #expect(throws: PlannerError.noCategoryMatches("Nope")) {
            try app.archiveCategory(try read(ArchiveCategory.Input.self, ["Nope"], ["category"]))
        }
        let added = try app.addCategory(try read(AddCategory.Input.self, ["Garden"], ["name"], options: ["color": ["plum"]]))
        expectEqual(added.category.color, .plum)
    }
}
