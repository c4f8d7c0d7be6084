import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Categories (core)")
struct CategoryRuleTests {
    static let now = TaskFixture.instant()

    @Test("T-6 the three seeds are Personal accent, Family ochre, Work blue, each with its preset key")
    func seeds() {
        let seeds = TaskCategory.defaults(now: Self.now)
        expectEqual(seeds.map(\.name), ["Personal", "Family", "Work"])
        expectEqual(seeds.map(\.color), [.accent, .ochre, .blue])
        expectEqual(seeds.map(\.presetKey), ["personal", "family", "work"])
        expectTrue(seeds.allSatisfy { $0.isDefault && !$0.isArchived })
    }

    @Test("T-6 the five colours read back as themselves; anything else stored reads slate",
          arguments: [("accent", CategoryColor.accent), ("blue", .blue), ("ochre", .ochre), ("plum", .plum),
                      ("slate", .slate), ("teal", .slate), ("terra", .slate), ("", .slate), ("Blue", .slate)])
    func storedColour(_ stored: String, _ color: CategoryColor) {
        expectEqual(CategoryColor(stored: stored), color)
    }

    @Test("T-6 terra is never a label colour; the hexes are the handoff's")
    func palette() {
        expectEqual(CategoryColor.allCases.map(\.rawValue), ["accent", "blue", "ochre", "plum", "slate"])
        #expect(CategoryColor.accent.hex.light == "#1F6A58" && CategoryColor.accent.hex.dark == "#8FCBB8")
        #expect(CategoryColor.slate.hex.light == "#52636E" && CategoryColor.slate.hex.dark == "#AEBCC6")
    }

    @Test("T-5 names are trimmed and 1–24 characters",
          arguments: [("  Errands ", "Errands"), ("\tGym\n", "Gym"), ("x", "x"),
                      (String(repeating: "n", count: 24), String(repeating: "n", count: 24))])
    func validNames(_ raw: String, _ stored: String) throws {
        try expectEqual(TaskCategory.validName(raw, existing: TaskCategory.defaults(now: Self.now)), stored)
    }

    @Test("T-5 an empty, blank or 25-character name is refused (a two-line one in TextRulesTests)",
          arguments: ["", "   ", String(repeating: "n", count: 25), "  " + String(repeating: "n", count: 25) + "  "])
    func badNames(_ raw: String) {
        #expect(throws: PlannerError.categoryName(raw)) {
            try TaskCategory.validName(raw, existing: [])
        }
    }

    @Test("T-5 names are unique ignoring case, archived included, except the category being renamed")
    func uniqueIgnoringCase() throws {
        var existing = TaskCategory.defaults(now: Self.now)
        existing.append(TaskCategory(name: "Garden", isArchived: true, createdAt: Self.now))
        #expect(throws: PlannerError.duplicateCategory("work")) { try TaskCategory.validName("work", existing: existing) }
        #expect(throws: PlannerError.duplicateCategory("GARDEN")) { try TaskCategory.validName(" GARDEN ", existing: existing) }
        let work = existing[2]
        try expectEqual(TaskCategory.validName("WORK", existing: existing, renaming: work.id), "WORK")
        #expect(throws: PlannerError.duplicateCategory("Family")) {
            try TaskCategory.validName("Family", existing: existing, renaming: work.id)
        }
    }

    @Test("T-7 at most eight active categories; archived ones do not count")
    func eightActive() throws {
        var existing = TaskCategory.defaults(now: Self.now)
        for index in 1...4 { existing.append(TaskCategory(name: "C\(index)", createdAt: Self.now)) }
        try TaskCategory.ensureRoomForActive(existing)   // seven active
        existing.append(TaskCategory(name: "C5", createdAt: Self.now))
        #expect(throws: PlannerError.tooManyCategories) { try TaskCategory.ensureRoomForActive(existing) }
        existing[3].isArchived = true
        try TaskCategory.ensureRoomForActive(existing)
        expectEqual(TaskCategory.maxActive, 8)
    }
}
