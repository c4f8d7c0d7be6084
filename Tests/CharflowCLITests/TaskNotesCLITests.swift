import CharflowTestSupport
import Foundation
import Testing

@Suite("Task notes: note, check, defer --note (charflow CLI)")
struct TaskNotesCLITests {
    static let packing = "Pack for the trip\n- [ ] passport\n- [ ] tickets\n* [x] charger\nRemember **plugs**"

    @Test("T-33 checklist items are numbered in order and toggled by number with `check ID N`")
    func checklistToggle() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Trip", ["--notes", Self.packing], now: "2026-11-30T09:00")

        let shown = try cf.show(id, now: "2026-11-30T09:01")
        let items = shown["checklist"] as? [[String: Any]] ?? []
        expectEqual(items.map { $0["text"] as? String }, ["passport", "tickets", "charger"])
        expectEqual(items.map { $0["isChecked"] as? Bool }, [false, false, true])
        expectEqual(items.map { TaskDocument.int($0, "number") }, [1, 2, 3])

        let ticked = try cf.json(["check", id, "2"], now: "2026-11-30T09:02")
        expectEqual(ticked["notes"] as? String, "Pack for the trip\n- [ ] passport\n- [x] tickets\n* [x] charger\nRemember **plugs**")
        let unticked = try cf.json(["check", id, "3"], now: "2026-11-30T09:03")
        expectEqual(unticked["notes"] as? String, "Pack for the trip\n- [ ] passport\n- [x] tickets\n* [ ] charger\nRemember **plugs**")
        let back = try cf.json(["check", id, "2"], now: "2026-11-30T09:04")
        expectEqual(back["notes"] as? String, "Pack for the trip\n- [ ] passport\n- [ ] tickets\n* [ ] charger\nRemember **plugs**")
    }

    @Test("T-33 a checklist number that is not there is refused and the notes are unchanged")
    func checklistOutOfRange() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Trip", ["--notes", Self.packing], now: "2026-11-30T09:00")
        for number in ["4", "0"] {
            let refusal = try cf.refusedAfterRollover(["check", id, number], now: "2026-11-30T09:01")
            expectEqual(refusal.code, "no_checklist_item")
            expectContains(refusal.message, "1 to 3")
        }
        let plain = try cf.add("No list", ["--notes", "just words"], now: "2026-11-30T09:02")
        try expectEqual(cf.refusedAfterRollover(["check", plain, "1"], now: "2026-11-30T09:03").message, "That task's notes have no checklist.")
    }

    @Test("T-33 `note ID TEXT` appends a timestamped line on the user's wall clock and keeps what was there",
          arguments: [("Europe/London", "2026-03-29T09:15", "2026-03-29 09:15"),
                      ("America/New_York", "2026-03-08T03:15", "2026-03-08 03:15"),
                      ("America/New_York", "2026-11-01T23:40", "2026-11-01 23:40")])
    func appendNote(zone: String, now: String, stamp: String) throws {
        let cf = try CharflowRunner(timeZone: zone)
        defer { cf.removeFolder() }
        let id = try cf.add("Call the council", ["--notes", "- [ ] ask about bins"], now: "2026-03-01T09:00")
        let first = try cf.json(["note", id, "Left a voicemail, call back Tuesday"], now: now)
        expectEqual(first["notes"] as? String, "- [ ] ask about bins\n\(stamp) — Left a voicemail, call back Tuesday")
        let second = try cf.json(["note", id, "Spoke", "to", "Sam"], now: now)
        expectEqual(second["notes"] as? String, "- [ ] ask about bins\n\(stamp) — Left a voicemail, call back Tuesday\n\(stamp) — Spoke to Sam")
        // The checklist survives the appended lines.
        let items = try cf.show(id, now: now)["checklist"] as? [[String: Any]] ?? []
        expectEqual(items.map { $0["text"] as? String }, ["ask about bins"])
    }

    @Test("T-33 a note on a task without notes becomes its first line; an empty note is refused")
    func firstNoteAndEmpty() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Call the council", now: "2026-11-30T09:00")
        let noted = try cf.json(["note", id, "No answer"], now: "2026-11-30T16:05")
        expectEqual(noted["notes"] as? String, "2026-11-30 16:05 — No answer")
        _ = try cf.refusedAfterRollover(["note", id, "   "], now: "2026-11-30T16:06")
    }

    @Test("T-33 defer --note appends a timestamped line to the notes and defers")
    func deferWithNote() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.add("Call the council", ["--due", "today", "--notes", "Ref 4471"], now: "2026-11-30T09:00")
        let deferred = try cf.json(["defer", id, "--note", "Line busy", "--reason", "not-ready"],
                                             now: "2026-11-30T17:20")
        expectEqual(deferred["notes"] as? String, "Ref 4471\n2026-11-30 17:20 — Line busy")
        expectEqual(deferred["dueDate"] as? String, "2026-12-01")
        expectEqual(TaskDocument.int(deferred, "deferralCount"), 1)
    }

    @Test("T-33 notes are stored exactly as written")
    func notesVerbatim() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let text = "  **bold** _it_ [link](https://example.org) `code`\n\n# not a heading\n| not | a table |  "
        let id = try cf.add("Markdown", ["--notes", text], now: "2026-11-30T09:00")
        try expectEqual(cf.show(id, now: "2026-11-30T09:01")["notes"] as? String, text)
    }
}
