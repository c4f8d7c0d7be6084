import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("The change version: a number every committed write raises, seen by every process")
struct ChangeVersionTests {
    @Test("a write by one planner raises the version another planner on the same file reads; reads, refusals and dry runs do not")
    func twoPlannersOneFile() throws {
        let store = try TempStore()
        let cli = try store.open("2026-03-02", "09:00")
        let server = try store.open("2026-03-02", "09:00")
        let start = try server.changeVersion()
        try expectEqual(cli.changeVersion(), start)

        let task = try cli.add("written by the command line", region: .morning)
        let afterAdd = try server.changeVersion()
        expectTrue(afterAdd > start)

        _ = try server.app.todayView()
        _ = try server.list(all: true)
        try expectEqual(cli.changeVersion(), afterAdd, "reading changes nothing")

        #expect(throws: PlannerError.self) { try cli.complete("zzzz") }
        try expectEqual(server.changeVersion(), afterAdd, "a refusal changes nothing")

        _ = try cli.importTasks([ImportedTask(task: TaskItem(title: "tried", createdAt: cli.now), place: "task 1")], dryRun: true)
        try expectEqual(server.changeVersion(), afterAdd, "a dry run changes nothing")

        try server.complete(task.id.uuidString)
        let afterDone = try cli.changeVersion()
        expectTrue(afterDone > afterAdd, "the other way round too")
        try cli.undo()
        expectTrue(try server.changeVersion() > afterDone, "an undo is a change")
    }

    @Test("the version survives reopening and keeps growing across processes' connections")
    func persists() throws {
        let store = try TempStore()
        let first: Int
        do {
            let planner = try store.open("2026-03-02")
            try planner.add("one")
            first = try planner.changeVersion()
        }
        let reopened = try store.open("2026-03-02", "10:00")
        try expectEqual(reopened.changeVersion(), first)
        try reopened.add("two")
        try expectEqual(reopened.changeVersion(), first + 1, "one action, one committed transaction")
    }
}
