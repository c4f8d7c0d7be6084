import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Notes (core)")
struct NotesRuleTests {
    @Test("T-33 checklist items are `- [ ]`, `- [x]` and `* [ ]` lines, numbered in order")
    func checklist() {
        let notes = "Intro\n- [ ] one\n  * [X] two\n- [y] not an item\n-[ ] nor this\n- [x]   three  "
        let items = Notes.checklist(notes)
        expectEqual(items.map(\.text), ["one", "two", "three"])
        expectEqual(items.map(\.isChecked), [false, true, true])
        expectEqual(items.map(\.number), [1, 2, 3])
        expectEmpty(Notes.checklist(nil))
    }

    @Test("T-33 toggling ticks or unticks only the numbered item's box")
    func toggle() throws {
        let notes = "- [ ] milk\n- [x] bread\nkeep [ ] this"
        try expectEqual(Notes.toggle(notes, item: 1), "- [x] milk\n- [x] bread\nkeep [ ] this")
        try expectEqual(Notes.toggle(notes, item: 2), "- [ ] milk\n- [ ] bread\nkeep [ ] this")
        #expect(throws: PlannerError.noChecklistItem(3, 2)) { try Notes.toggle(notes, item: 3) }
        #expect(throws: PlannerError.noChecklistItem(1, 0)) { try Notes.toggle(nil, item: 1) }
    }

    @Test("T-33 unticking an upper-case [X] item changes its own box, not a [x] in its text")
    func toggleUpperCaseBox() throws {
        try expectEqual(Notes.toggle("- [X] compare [x] and [y]", item: 1), "- [ ] compare [x] and [y]")
    }

    @Test("T-33 appended lines carry the wall-clock stamp and never overwrite",
          arguments: [("Europe/London", "2026-03-29", "02:30", "2026-03-29 02:30"),
                      ("America/New_York", "2026-11-01", "01:30", "2026-11-01 01:30"),
                      ("America/New_York", "2026-03-08", "23:59", "2026-03-08 23:59")])
    func appending(_ zone: String, _ day: String, _ time: String, _ stamp: String) {
        let calendar = TaskFixture.calendar(zone, rollover: "04:00")
        let instant = calendar.instant(on: TaskFixture.day(day), at: TimeOfDay(time)!)
        expectEqual(Notes.appending("Left a voicemail", to: nil, at: instant, calendar: calendar), "\(stamp) — Left a voicemail")
        expectEqual(Notes.appending(" call\nback ", to: "Old line", at: instant, calendar: calendar), "Old line\n\(stamp) — call back")
        expectEqual(Notes.appending("x", to: "Ends with newline\n", at: instant, calendar: calendar), "Ends with newline\n\(stamp) — x")
    }
}
