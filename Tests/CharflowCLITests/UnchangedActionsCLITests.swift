import CharflowTestSupport
import Foundation
import Testing

/// B-21 / D8: an action that finds things already as asked says so and records nothing, so the next
/// `undo` reaches the last real change.
@Suite("Actions that change nothing")
struct UnchangedActionsCLITests {
    /// A no-op on a store holding "Spare" ($B, in the Backlog), the counted habit "Water" ($H), the
    /// timed habit "Read" ($T) and the binary habit "Stretch" ($S), after the steps `before`.
    struct Action: CustomTestStringConvertible, Sendable {
        let name: String
        let before: [[String]]
        let arguments: [String]
        let says: String

        init(_ name: String, before: [[String]] = [], _ arguments: [String], says: String) {
            self.name = name
            self.before = before
            self.arguments = arguments
            self.says = says
        }

        var testDescription: String { name }
    }

    static let actions: [Action] = [
        Action("habit restore of an active habit", ["habit", "restore", "$H"], says: "“Water” is not archived; nothing was changed."),
        Action("habit archive twice", before: [["habit", "archive", "$H"]], ["habit", "archive", "$H"],
               says: "“Water” is already archived; nothing was changed."),
        Action("group restore of an active group", before: [["group", "add", "Health"]], ["group", "restore", "Health"],
               says: "The group Health is not archived; nothing was changed."),
        Action("group archive twice", before: [["group", "add", "Health"], ["group", "archive", "Health"]],
               ["group", "archive", "Health"], says: "The group Health is already archived; nothing was changed."),
        Action("move --backlog of a Backlog task", ["move", "$B", "--backlog"],
               says: "“Spare” is already in the Backlog; nothing was changed."),
        Action("plan close twice", before: [["plan", "close"]], ["plan", "close"],
               says: "Tonight's planning is already closed; nothing was changed."),
        Action("plan skip twice", before: [["plan", "skip"]], ["plan", "skip"],
               says: "Tonight's planning is already skipped; nothing was changed."),
        Action("habit log --undo of a counted habit with nothing logged", ["habit", "log", "$H", "--undo"],
               says: "Water holds nothing to take back today; nothing was changed."),
        Action("habit log --undo of a timed habit with no minutes logged", ["habit", "log", "$T", "--undo"],
               says: "Read holds nothing to take back today; nothing was changed."),
        Action("habit log --undo of an unticked binary habit", ["habit", "log", "$S", "--undo"],
               says: "Stretch holds nothing to take back today; nothing was changed."),
        Action("habit log --undo of a past day with nothing logged", ["habit", "log", "$H", "--undo", "--date", "yesterday"],
               says: "Water holds nothing to take back on 2026-11-29; nothing was changed."),
    ]

    @Test("B-21 D8 an action that changes nothing says so, records no undo entry and no sync operation, and undo reaches the last real change",
          arguments: actions)
    func changesNothing(_ action: Action) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let setup = "2026-11-28T20:00"
        let ids = [
            "$B": try cf.add("Spare", now: setup),
            "$H": try cf.addHabit("Water", ["--kind", "counted", "--target", "3"], now: setup),
            "$T": try cf.addHabit("Read", ["--kind", "timed", "--target", "20"], now: setup),
            "$S": try cf.addHabit("Stretch", now: setup),
        ]
        func resolved(_ words: [String]) -> [String] { words.map { ids[$0] ?? $0 } }
        for step in action.before { try cf.ok(resolved(step), now: "2026-11-30T21:00") }
        let last = try cf.add("Last real change", now: "2026-11-30T21:01")

        let before = try cf.contents()
        let said = try cf.ok(resolved(action.arguments), now: "2026-11-30T21:02")
        expectEqual(said.stdout, action.says + "\n")
        let json = try cf.ok(resolved(action.arguments) + ["--json"], now: "2026-11-30T21:03")
        expectTrue(json.stdout.hasPrefix("{"), "the JSON form answers with the record as it stands: \(json.stdout)")
        try expectEqual(cf.contents(), before, "\(action.name) changed the store")

        let undone = try cf.ok(["undo"], now: "2026-11-30T21:04")
        expectEqual(undone.stdout, "Undid add.\n")
        try expectNotEqual(cf.run(["show", last], now: "2026-11-30T21:05").status, 0, "the undo took back the last real change")
    }

    @Test("H-5 habit log --undo of a past day says the day was not done, not \"not yet\"; today's still says not yet")
    func pastDayUndoneWords() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let habit = try cf.addHabit("Stretch", now: "2026-11-28T20:00")
        try cf.ok(["habit", "log", habit, "--date", "2026-11-29"], now: "2026-11-30T09:00")
        let undone = try cf.ok(["habit", "log", habit, "--date", "2026-11-29", "--undo"], now: "2026-11-30T09:01")
        expectEqual(undone.stdout, "Stretch: not done 2026-11-29.\n")
        try cf.ok(["habit", "log", habit], now: "2026-11-30T09:02")
        try expectEqual(cf.ok(["habit", "log", habit, "--undo"], now: "2026-11-30T09:03").stdout, "Stretch: not yet today.\n")
    }
}

