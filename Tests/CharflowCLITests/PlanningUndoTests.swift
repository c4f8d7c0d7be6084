import CharflowTestSupport
import Foundation
import Testing

/// B-21 / D8: `undo` reverts the night-planning steps and this other actions exactly.
@Suite("Night planning: undo")
struct PlanningUndoTests {
    /// An action on a store holding "Due" ($A, due today), "Spare" ($B, in the Backlog) and the counted
    /// habit "Water" ($H), with optional steps before it that are not undone.
    struct Action: CustomTestStringConvertible, Sendable {
        let name: String
        let before: [[String]]
        let arguments: [String]

        init(_ name: String, before: [[String]] = [], _ arguments: [String]) {
            self.name = name
            self.before = before
            self.arguments = arguments
        }

        var testDescription: String { name }
    }

    static let actions: [Action] = [
        Action("plan carry --keep", ["plan", "carry", "$A", "--keep"]),
        Action("plan carry --later with a reason", ["plan", "carry", "$A", "--later", "next-week", "--reason", "not-ready"]),
        Action("plan carry --drop", ["plan", "carry", "$A", "--drop"]),
        Action("plan carry refining a same-day deferral", before: [["plan", "carry", "$A", "--keep"]],
               ["plan", "carry", "$A", "--later", "2026-12-05", "--reason", "too-much"]),
        Action("plan tomorrow with region, bucket and importance",
               ["plan", "tomorrow", "$B", "--region", "morning", "--bucket", "must", "--importance", "high"]),
        Action("plan tomorrow of today's task (a deferral and a placement)", ["plan", "tomorrow", "$A", "--region", "evening"]),
        Action("plan move", ["plan", "move", "$B", "--to", "2026-12-04"]),
        Action("plan close", ["plan", "close"]),
        Action("plan skip", ["plan", "skip"]),
        Action("plan skip after a close", before: [["plan", "close"]], ["plan", "skip"]),
        Action("habit log", ["habit", "log", "$H", "--count", "2"]),
        Action("category add", ["category", "add", "Garden", "--color", "plum"]),
        Action("settings morning", ["settings", "morning", "07:00-11:00"]),
        Action("settings review-time off", ["settings", "review-time", "off"]),
        Action("settings color off", ["settings", "color", "off"]),
    ]

    @Test("B-21 D8 P-1 P-7 undo reverts the action exactly (every row, modified_at aside)", arguments: actions)
    func undoRevertsExactly(_ action: Action) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let setup = "2026-11-30T20:00"
        let ids = [
            "$A": try cf.add("Due", ["--due", "today"], now: setup),
            "$B": try cf.add("Spare", now: setup),
            "$H": try cf.addHabit("Water", ["--kind", "counted", "--target", "3"], now: setup),
        ]
        func resolved(_ words: [String]) -> [String] { words.map { ids[$0] ?? $0 } }
        for step in action.before { try cf.ok(resolved(step), now: "2026-11-30T21:00") }

        let before = try cf.planningContents()
        try cf.ok(resolved(action.arguments), now: "2026-11-30T21:01")
        let changed = try cf.planningContents()
        expectNotEqual(changed, before, "\(action.name) changed nothing, so its undo proves nothing")

        let undo = try cf.run(["undo"], now: "2026-11-30T21:02")
        expectEqual(undo.status, 0, "\(undo.stderr)")
        let after = try cf.planningContents()
        expectEqual(after, before, "undo after \(action.name) left the store different:\n\(Self.difference(before, after))")
        // An undone insert may leave a tombstone (for sync); it must never name a row that still exists.
        for (table, tombstoned) in try cf.planningTombstones() {
            for id in tombstoned {
                expectTrue(try !cf.planningRowExists(table, id: id), "tombstone for a live \(table) row \(id)")
            }
        }
    }

    @Test("B-21 P-2 a dropped task comes back with undo, and the night's review offers it again")
    func undoDropInTheReview() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Maybe", ["--due", "today"], now: "2026-11-30T09:00")
        try cf.ok(["plan", "carry", id, "--drop"], now: "2026-11-30T21:00")
        expectTrue(JSONPath.tasks(try cf.json(["plan", "review"], now: "2026-11-30T21:01"), "open").isEmpty)
        try cf.ok(["undo"], now: "2026-11-30T21:02")
        let review = try cf.json(["plan", "review"], now: "2026-11-30T21:03")
        expectEqual(JSONPath.titles(JSONPath.tasks(review, "open")), ["Maybe"])
        expectTrue(try cf.show(id, now: "2026-11-30T21:03")["droppedAt"] is NSNull)
    }

    /// The first differing lines, for a readable failure.
    static func difference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n"), right = b.split(separator: "\n")
        let onlyLeft = left.filter { !right.contains($0) }.prefix(5)
        let onlyRight = right.filter { !left.contains($0) }.prefix(5)
        return (onlyLeft.map { "- " + $0 } + onlyRight.map { "+ " + $0 }).joined(separator: "\n")
    }
}
