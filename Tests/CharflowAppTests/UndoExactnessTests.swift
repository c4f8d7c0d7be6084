@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Every kind of action a person takes is undone exactly: the store after `undo` holds what it held
/// before the action, row for row (B-21, D8). A save that forgot to capture its row for undo leaves a
/// difference here, whichever use case made it.
@Suite("Undo puts back exactly what each action changed (B-21)")
struct UndoExactnessTests {
    /// The store's rows that an undo answers for: every table but the undo journal itself, the change
    /// counter (which counts the undo too) and the tombstones; every column but `modified_at`.
    ///
    /// An undo is a change of its own as far as sync is concerned (D14): it stamps `modified_at` with its
    /// time and leaves a tombstone for a row it takes away, so that other devices follow it.
    static func records(_ app: Charflow) throws -> [String] {
        let db = app.store.db
        var lines: [String] = []
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].text }
        for table in tables where !["undo_actions", "undo_rows", "change_version", "sqlite_sequence", "tombstones"].contains(table) {
            let columns = try db.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].text }
                .filter { $0 != "modified_at" }.map { "\"\($0)\"" }.joined(separator: ", ")
            // Sorted as text: the order rows happen to be stored in is not what an undo answers for.
            lines += try db.rows("SELECT \(columns) FROM \(table)").map { table + ": " + $0.map { "\($0)" }.joined(separator: "|") }.sorted()
        }
        return lines
    }

    /// One action, named for the failure message.
    struct Step {
        let name: String
        let run: (Charflow) throws -> Void
    }

    static func steps(task: @escaping () -> UUID, habit: @escaping () -> UUID) -> [Step] {
        func place(_ region: Region, _ bucket: Bucket? = nil) -> MoveTask.Destination { .board(region: region, bucket: bucket, day: nil) }
        return [
            Step(name: "add") { var input = AddTask.Input(title: "Draft the letter"); input.region = .afternoon; try $0.addTask(input) },
            Step(name: "add to the Backlog") { try $0.addTask(AddTask.Input(title: "Someday idea")) },
            Step(name: "edit") {
                var input = EditTask.Input(task: task())
                input.title = "Water the ferns"
                input.effort = EffortChoice(minutes: 45)
                input.notes = "- [ ] fern\n- [ ] moss"
                try $0.editTask(input)
            },
            Step(name: "note") { try $0.addNote(AddNote.Input(task: task(), text: "Bought compost")) },
            Step(name: "check") { try $0.tickChecklistItem(TickChecklistItem.Input(task: task(), item: 1)) },
            Step(name: "move") { try $0.moveTask(MoveTask.Input(task: task(), to: place(.evening, .complementary))) },
            Step(name: "reorder") { try $0.reorderTask(ReorderTask.Input(task: task(), position: 1)) },
            Step(name: "defer") { try $0.deferTask(DeferTask.Input(task: task())) },
            Step(name: "move to the Backlog") { try $0.moveTask(MoveTask.Input(task: task(), to: .backlog)) },
            Step(name: "plan tomorrow") { try $0.planTask(PlanTask.Input(task: task(), region: .morning)) },
            Step(name: "begin") { try $0.beginSession(BeginSession.Input(task: task())) },
            Step(name: "pause") { try $0.pauseSession() },
            Step(name: "resume") { try $0.resumeSession() },
            Step(name: "finish, stop") { try $0.finishSession(FinishSession.Input(.stop, note: "half way")) },
            Step(name: "done") { try $0.completeTask(CompleteTask.Input(task: task())) },
            Step(name: "undone") { try $0.reopenTask(ReopenTask.Input(task: task())) },
            Step(name: "delete") { try $0.dropTask(DropTask.Input(task: task())) },
            Step(name: "category add") { try $0.addCategory(AddCategory.Input(name: "Garden", color: .plum)) },
            Step(name: "category rename") { try $0.renameCategory(RenameCategory.Input(category: try CategoryRef.reading("Garden"), name: "Yard")) },
            Step(name: "category color") { try $0.recolorCategory(RecolorCategory.Input(category: try CategoryRef.reading("Yard"), color: .blue)) },
            Step(name: "filter") { try $0.setTodayFilter(SetTodayFilter.Input(category: try CategoryRef.reading("Yard"))) },
            Step(name: "category archive") { try $0.archiveCategory(ArchiveCategory.Input(category: try CategoryRef.reading("Yard"))) },
            Step(name: "category restore") { try $0.restoreCategory(RestoreCategory.Input(category: try CategoryRef.reading("Yard"))) },
            Step(name: "category delete") { try $0.deleteCategory(DeleteCategory.Input(category: try CategoryRef.reading("Yard"))) },
            Step(name: "settings") { try $0.changeSetting(try ChangeSetting.Input(key: "rollover-time", value: "04:00")) },
            Step(name: "habit add") { try $0.addHabit(AddHabit.Input(title: "Stretch", kind: .counted, target: 3)) },
            Step(name: "habit log") { try $0.logHabit(LogHabit.Input(habit: habit(), log: .count(2))) },
            Step(name: "habit pause") {
                try $0.pauseHabit(PauseHabit.Input(habit: habit(), from: $0.today.adding(days: 2), reason: .travel))
            },
            Step(name: "habit archive") { try $0.archiveHabit(ArchiveHabit.Input(habit: habit())) },
            Step(name: "group add") { try $0.addGroup(AddGroup.Input(name: "Mornings")) },
            Step(name: "plan close") { try $0.closePlanning() },
            Step(name: "anchor add") {
                try $0.addAnchor(AddAnchor.Input(title: "Standup", at: TimeOfDay(hour: 9, minute: 30)!, duration: AnchorDuration(minutes: 15)!))
            },
            Step(name: "anchor add --prayers") { try $0.addAnchor(.allPrayers) },
            Step(name: "anchor edit") {
                var input = EditAnchor.Input(anchor: try AnchorRef.reading("Standup"))
                input.at = TimeOfDay(hour: 10, minute: 0)
                input.remind = .minutes(ReminderMinutes(5))
                try $0.editAnchor(input)
            },
            Step(name: "anchor attend") { try $0.attendAnchor(MarkAnchor.Input(anchor: try AnchorRef.reading("Standup"))) },
            Step(name: "anchor miss") { try $0.missAnchor(MarkAnchor.Input(anchor: try AnchorRef.reading("Standup"))) },
            Step(name: "anchor archive") { try $0.archiveAnchor(ArchiveAnchor.Input(anchor: try AnchorRef.reading("Fajr"))) },
            Step(name: "anchor restore") { try $0.restoreAnchor(ArchiveAnchor.Input(anchor: try AnchorRef.reading("Fajr"))) },
            Step(name: "settings evening") { try $0.changeSetting(try ChangeSetting.Input(key: "evening", value: "18:00-23:00")) },
            Step(name: "settings location") { try $0.changeSetting(try ChangeSetting.Input(key: "location", value: "51.5074,-0.1278")) },
            Step(name: "settings prayer-adjust") {
                try $0.adjustPrayerTime(AdjustPrayerTime.Input(prayer: .isha, minutes: PrayerMinutes(2)!))
            },
        ]
    }

    @Test("B-21 D8 F-4 each of 42 kinds of action, undone, leaves every record as it was before it")
    func everyActionUndoneExactly() throws {
        let store = try AppTestStore(zone: "Europe/Berlin")
        let setup = try store.open("2026-11-30", "08:00")
        var plants = AddTask.Input(title: "Water the plants")
        plants.region = .morning
        plants.due = .today
        let task = try setup.addTask(plants).task.id
        var call = AddTask.Input(title: "Call Sam")
        call.region = .evening
        call.bucket = .complementary
        try setup.addTask(call)
        let habit = try setup.addHabit(AddHabit.Input(title: "Water", kind: .counted, target: 8)).habit.id
        var minute = 0
        for step in Self.steps(task: { task }, habit: { habit }) {
            minute += 1
            let app = try store.open("2026-11-30", String(format: "09:%02d", minute))
            let before = try Self.records(app)
            try step.run(app)
            try expectNotEqual(Self.records(app), before, "\(step.name) changed nothing, so its undo proves nothing")
            // Undone at the same instant: a finish's undo counts the time since it as paused (S-6), none here.
            let undone = try store.open("2026-11-30", String(format: "09:%02d", minute))
            _ = try undone.undo(UndoAction.Input())
            let after = try Self.records(undone)
            let lost = Set(before).subtracting(after).sorted(), extra = Set(after).subtracting(before).sorted()
            expectTrue(lost.isEmpty && extra.isEmpty, "undo of \(step.name) did not put the store back: missing \(lost), left \(extra)")
            // Done again, so the next step builds on it.
            try step.run(try store.open("2026-11-30", String(format: "09:%02d", minute), seconds: 40))
        }
    }
}
