import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Real-shaped `task export` and todo.txt files, mapped into Charflow's tasks (X-4).
@Suite("Exchange · import from Taskwarrior and todo.txt (X-4)")
struct ExchangeImportTests {
    typealias F = ExchangeFixture

    /// Noon in New York on 2026-03-15 (after the switch to daylight time on 8 March).
    static let now = F.utc("2026-03-15T16:00:00Z")
    static let calendar = F.calendar("America/New_York")

    static let template = "5f1c2a3b-0000-4000-8000-0000000000aa"

    /// What `task export` (Taskwarrior 2.6) writes: pending, completed, deleted, waiting and recurring tasks,
    /// a recurring template with a child, annotations, tags, projects, a UDA and the derived id/urgency.
    static let taskwarrior = """
    [
    {"id":1,"description":"Call the plumber","due":"20260305T050000Z","entry":"20260301T091500Z","modified":"20260302T101500Z","priority":"H","project":"Home","status":"pending","tags":["phone","urgent"],"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01","urgency":14.2},
    {"id":0,"annotations":[{"entry":"20260305T140000Z","description":"Sent documents to the accountant"},{"entry":"20260309T101500Z","description":"Signed, returned"}],"description":"File taxes","end":"20260310T170000Z","entry":"20260201T120000Z","modified":"20260310T170000Z","project":"Finance","status":"completed","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e02","urgency":2.1},
    {"id":0,"description":"Learn the banjo","end":"20260220T080000Z","entry":"20260101T080000Z","modified":"20260220T080000Z","status":"deleted","tags":["someday"],"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e03","urgency":0.8},
    {"id":0,"description":"Pay rent","due":"20260131T050000Z","entry":"20260101T100000Z","mask":"--+","modified":"20260301T100000Z","recur":"monthly","status":"recurring","uuid":"\(template)","urgency":9},
    {"id":2,"description":"Pay rent","due":"20260331T040000Z","entry":"20260301T100000Z","imask":2,"modified":"20260301T100000Z","parent":"\(template)","recur":"monthly","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e05","urgency":9.9},
    {"id":3,"description":"Review the budget","entry":"20260302T120000Z","modified":"20260302T120000Z","priority":"M","status":"waiting","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e06","wait":"20260320T040000Z","urgency":3.9},
    {"id":4,"description":"Water the plants","due":"20260306T050000Z","entry":"20260227T120000Z","modified":"20260227T120000Z","recur":"weekly","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e07","urgency":8},
    {"id":5,"description":"Stretch","due":"20260307T050000Z","entry":"20260227T120000Z","modified":"20260227T120000Z","recur":"2w","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e08","urgency":7},
    {"id":6,"description":"  Tagged   only\\n","entry":"20260303T120000Z","estimate":30,"modified":"20260303T120000Z","scheduled":"20260316T040000Z","status":"pending","tags":["errands","town"],"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e09","urgency":1},
    {"id":7,"description":"Fix the gate","entry":"20260303T120000Z","modified":"20260303T120000Z","priority":"L","project":"Home.Garden.Fences.Gate.Hinges","status":"pending","tags":["home"],"uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e10","urgency":1}
    ]
    """

    static func uuid(_ suffix: String) -> UUID {
        UUID(uuidString: "0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e" + suffix)!
    }

    static func importTaskwarrior(_ text: String = taskwarrior) throws -> (tasks: [ImportedTask], summary: ImportSummary) {
        try TaskwarriorImport.parse(Data(text.utf8), calendar: calendar, now: now)
    }

    @Test("X-4 Taskwarrior: uuids kept, titles, live/waiting/completed/deleted, entry/end/modified instants")
    func taskwarriorStatuses() throws {
        let (tasks, _) = try Self.importTaskwarrior()
        expectEqual(tasks.map(\.task.id), ["01", "02", "03", "05", "06", "07", "08", "09", "10"].map(Self.uuid))
        expectEqual(tasks.map(\.task.title), ["Call the plumber", "File taxes", "Learn the banjo", "Pay rent",
                                            "Review the budget", "Water the plants", "Stretch", "Tagged only",
                                            "Fix the gate"])
        expectEqual(tasks.map(\.place), ["task 1", "task 2", "task 3", "task 5", "task 6", "task 7", "task 8", "task 9",
                                       "task 10"])
        let plumber = tasks[0].task
        expectTrue(plumber.isLive)
        expectEqual(plumber.createdAt, F.utc("2026-03-01T09:15:00Z"))
        expectEqual(plumber.modifiedAt, F.utc("2026-03-02T10:15:00Z"))
        expectEqual(plumber.effortMinutes, nil)
        let taxes = tasks[1].task
        #expect(taxes.isCompleted && taxes.completedAt == F.utc("2026-03-10T17:00:00Z") && taxes.droppedAt == nil)
        let banjo = tasks[2].task
        #expect(!banjo.isCompleted && banjo.droppedAt == F.utc("2026-02-20T08:00:00Z"))
        let budget = tasks[4].task
        expectTrue(budget.isLive)
    }

    @Test("X-4 Taskwarrior: due → the calendar date in the user's zone (midnight EST and EDT), H/M/L → importance")
    func taskwarriorDueAndPriority() throws {
        let (tasks, _) = try Self.importTaskwarrior()
        expectEqual(tasks[0].task.dueDate, F.day("2026-03-05"))
        expectEqual(tasks[0].task.importance, .high)
        expectEqual(tasks[3].task.dueDate, F.day("2026-03-31"))
        expectEqual(tasks[8].task.importance, .low)
        // Medium with no due date gets today's logical day, as Charflow requires.
        expectEqual(tasks[4].task.importance, .medium)
        expectEqual(tasks[4].task.dueDate, F.day("2026-03-15"))
        // With a 04:00 rollover, a due date at local midnight stays on its date.
        let late = F.calendar("America/New_York", rollover: "04:00")
        let (again, _) = try TaskwarriorImport.parse(Data(Self.taskwarrior.utf8), calendar: late, now: Self.now)
        expectEqual(again[0].task.dueDate, F.day("2026-03-05"))
    }

    @Test("X-4 Taskwarrior: project → category, a hierarchy under its top project; tags and the full project kept in the notes")
    func taskwarriorCategories() throws {
        let (tasks, _) = try Self.importTaskwarrior()
        expectEqual(tasks.map(\.category), ["Home", "Finance", nil, nil, nil, nil, nil, nil, "Home"])
        expectTrue(tasks.allSatisfy { $0.task.categoryID == nil })
        expectEqual(tasks[2].task.notes, "Tags: +someday")
        expectEqual(tasks[7].task.notes, "Tags: +errands +town")
        expectEqual(tasks[8].task.notes, "Project: Home.Garden.Fences.Gate.Hinges\nTags: +home")
    }

    @Test("X-4 Taskwarrior: annotations become timestamped note lines at their own time, in the user's zone")
    func taskwarriorAnnotations() throws {
        let (tasks, _) = try Self.importTaskwarrior()
        expectEqual(tasks[1].task.notes, "2026-03-05 09:00 — Sent documents to the accountant\n"
                + "2026-03-09 06:15 — Signed, returned")
        expectEqual(tasks[1].annotations, ["Sent documents to the accountant", "Signed, returned"])
        expectEqual(tasks[0].task.notes, "Tags: +phone +urgent")
    }

    @Test("X-4 Taskwarrior: recur monthly/weekly → the repeat with its series; the template is skipped; 2w is dropped")
    func taskwarriorRecurrence() throws {
        let (tasks, summary) = try Self.importTaskwarrior()
        let rent = tasks[3].task
        #expect(rent.repeatKind == .monthly && rent.repeatDayOfMonth == 31)
        expectEqual(rent.seriesID, UUID(uuidString: Self.template))
        let plants = tasks[5].task
        #expect(plants.repeatKind == .weekly && plants.repeatWeekdays == "5" && plants.seriesID == plants.id)
        expectEqual(plants.dueDate, F.day("2026-03-06"))
        let stretch = tasks[6].task
        #expect(stretch.repeatKind == .none && stretch.seriesID == nil && stretch.dueDate == F.day("2026-03-07"))
        expectEqual(summary.skipped, ["recurring template": 1])
        expectEqual(summary.dropped["recur 2w"], 1)
    }

    @Test("X-4 Taskwarrior recur spellings", arguments: [
        ("daily", RepeatKind.daily), ("day", .daily), ("1d", .daily), ("weekly", .weekly), ("week", .weekly),
        ("1w", .weekly), ("monthly", .monthly), ("month", .monthly), ("1mo", .monthly), ("Monthly", .monthly),
    ])
    func recurSpellings(_ recur: String, _ kind: RepeatKind) throws {
        let json = #"[{"description":"R","due":"20260131T050000Z","recur":"\#(recur)","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01"}]"#
        let (tasks, summary) = try Self.importTaskwarrior(json)
        expectEqual(tasks.first?.task.repeatKind, kind)
        expectEqual(summary.mapped["recur"], 1)
        if kind == .monthly { expectEqual(tasks.first?.task.repeatDayOfMonth, 31) }
        if kind == .weekly { expectEqual(tasks.first?.task.repeatWeekdays, "6") }
    }

    @Test("X-4 Taskwarrior: the summary counts what mapped, what was dropped and what was skipped")
    func taskwarriorSummary() throws {
        let (_, summary) = try Self.importTaskwarrior()
        expectEqual(summary.imported, 9)
        expectEqual(summary.mapped, ["due": 4, "priority": 3, "project": 3, "tags (kept in notes)": 6, "annotations": 2,
                                   "recur": 2, ImportSummary.dueForImportance: 1])
        expectEqual(summary.dropped, ["wait": 1, "recur 2w": 1, "scheduled": 1, "estimate": 1])
        expectEqual(summary.lines, [
            "Imported 9 tasks.",
            "Mapped: annotations 2, due 4, due added for priority 1, priority 3, project 3, recur 2, tags (kept in notes) 6.",
            "Dropped: estimate 1, recur 2w 1, scheduled 1, wait 1.",
            "Skipped: recurring template 1.",
        ])
    }

    @Test("X-4 Taskwarrior: one object a line (older exports) reads the same as the array; importing twice is identical")
    func taskwarriorObjectPerLine() throws {
        let lines = Self.taskwarrior.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n")
        let (fromLines, summaryLines) = try Self.importTaskwarrior(lines)
        let (fromArray, summaryArray) = try Self.importTaskwarrior()
        expectEqual(fromLines, fromArray)
        try expectEqual(Self.importTaskwarrior(lines.replacingOccurrences(of: "\n", with: "\r\n")).tasks, fromArray)
        try expectEqual(Self.importTaskwarrior(Self.taskwarrior.replacingOccurrences(of: "\n", with: "\r\n")).tasks, fromArray)
        expectEqual(summaryLines, summaryArray)
        let (again, _) = try Self.importTaskwarrior()
        expectEqual(again, fromArray)
        try expectEmpty(Self.importTaskwarrior("[]").tasks)
        expectTrue(try Self.importTaskwarrior("  \n").tasks.isEmpty)
        let single = try Self.importTaskwarrior(#"{"description":"Alone","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01"}"#)
        expectEqual(single.tasks.map(\.task.title), ["Alone"])
    }

    // MARK: - todo.txt

    static let todoTxt = """
    (A) 2026-03-01 Call Mom +Family @phone due:2026-03-03
    (B) Schedule annual checkup +Health @phone @computer
    x 2026-03-02 2026-02-27 Submit expense report +Work pri:C
    2026-02-20 Read "Deep Work" +Books +Learning t:2026-03-10
    x Take out recycling
    (C) Water plants @home rec:1w

    Research flights https://example.com/flights +Travel
    (D) 2026-03-10 +Errands @town
    """

    static func importTodo(_ text: String = todoTxt) throws -> (tasks: [ImportedTask], summary: ImportSummary) {
        try TodoTxtImport.parse(text, calendar: calendar, now: now)
    }

    @Test("X-4 todo.txt: titles without tags, priorities (A) high, (B) medium, (C)–(Z) low, places by line")
    func todoTitlesAndPriorities() throws {
        let (tasks, _) = try Self.importTodo()
        expectEqual(tasks.map(\.task.title), ["Call Mom", "Schedule annual checkup", "Submit expense report",
                                            "Read \"Deep Work\"", "Take out recycling", "Water plants",
                                            "Research flights https://example.com/flights", "+Errands @town"])
        expectEqual(tasks.map(\.task.importance), [.high, .medium, .low, .low, .low, .low, .low, .low])
        expectEqual(tasks.map(\.place), ["line 1", "line 2", "line 3", "line 4", "line 5", "line 6", "line 8", "line 9"])
        expectTrue(tasks.allSatisfy { $0.task.effortMinutes == nil })
    }

    @Test("X-4 todo.txt: creation and completion dates at noon on the wall clock; done lines; due:")
    func todoDates() throws {
        let (tasks, _) = try Self.importTodo()
        expectEqual(tasks[0].task.createdAt, F.utc("2026-03-01T17:00:00Z"))
        expectEqual(tasks[0].task.dueDate, F.day("2026-03-03"))
        expectTrue(tasks[0].task.isLive)
        expectTrue(tasks[2].task.isCompleted)
        expectEqual(tasks[2].task.completedAt, F.utc("2026-03-02T17:00:00Z"))
        expectEqual(tasks[2].task.createdAt, F.utc("2026-02-27T17:00:00Z"))
        expectEqual(tasks[3].task.createdAt, F.utc("2026-02-20T17:00:00Z"))
        #expect(tasks[4].task.isCompleted && tasks[4].task.completedAt == Self.now && tasks[4].task.createdAt == Self.now)
        expectEqual(tasks[7].task.createdAt, F.utc("2026-03-10T16:00:00Z"))
        // (B) has no due date, so it gets today's.
        expectEqual(tasks[1].task.dueDate, F.day("2026-03-15"))
        expectEqual(tasks[5].task.dueDate, nil)
    }

    @Test("X-4 todo.txt: the first +project is the category, @contexts go to a notes line")
    func todoProjectsAndContexts() throws {
        let (tasks, _) = try Self.importTodo()
        expectEqual(tasks.map(\.category), ["Family", "Health", "Work", "Books", nil, nil, "Travel", "Errands"])
        expectEqual(tasks.map(\.task.notes), ["Contexts: @phone", "Contexts: @phone @computer", nil, nil, nil,
                                            "Contexts: @home", nil, "Contexts: @town"])
    }

    @Test("X-4 todo.txt: the summary counts priorities, dates, projects, contexts and dropped key:value tags")
    func todoSummary() throws {
        let (_, summary) = try Self.importTodo()
        expectEqual(summary.imported, 8)
        expectEqual(summary.mapped, ["priority": 5, "creation date": 4, "completion date": 1, "due:": 1, "@context": 5,
                                   "+project": 6, ImportSummary.dueForImportance: 1])
        expectEqual(summary.dropped, ["+project": 1, "t:": 1, "rec: without due:": 1])
        expectEqual(summary.lines, [
            "Imported 8 tasks.",
            "Mapped: +project 6, @context 5, completion date 1, creation date 4, due added for priority 1, due: 1, "
                + "priority 5.",
            "Dropped: +project 1, rec: without due: 1, t: 1.",
        ])
    }

    @Test("X-4 todo.txt: ids are name-based UUIDs (version 5), the same on every import, CRLF or LF")
    func todoStableIDs() throws {
        let first = try Self.importTodo().tasks.map(\.task.id)
        let second = try Self.importTodo().tasks.map(\.task.id)
        let crlf = try Self.importTodo(Self.todoTxt.replacingOccurrences(of: "\n", with: "\r\n")).tasks.map(\.task.id)
        expectEqual(first, second)
        expectEqual(first, crlf)
        expectEqual(Set(first).count, first.count)
        for id in first {
            let text = id.uuidString
            expectEqual(Array(text)[14], "5", "version 5: \(text)")
            expectContains("89AB", Array(text)[19], "RFC 4122 variant: \(text)")
        }
        // Pinned, so a change to the hash (which would break merging on re-import) is noticed.
        expectEqual(StableID.uuid("todo.txt:2026-03-01 Call Mom"), StableID.uuid("todo.txt:2026-03-01 Call Mom"))
        expectEqual(StableID.uuid("charflow"), UUID(uuidString: Self.pinnedCharflowID))
    }

    static let pinnedCharflowID = "CC627D72-AFF6-5FAE-993B-D6E1FC292461"

    @Test("X-4 todo.txt: ticking a task off or changing its priority keeps its id; a repeated line gets its own")
    func todoIDsFollowTheTask() throws {
        let open = try Self.importTodo("(A) 2026-03-01 Call Mom +Family @phone due:2026-03-03").tasks[0]
        let done = try Self.importTodo("x 2026-03-04 2026-03-01 Call Mom +Family @phone due:2026-03-03 pri:A").tasks[0]
        let lower = try Self.importTodo("(C) 2026-03-01 Call Mom +Family @phone due:2026-03-03").tasks[0]
        #expect(open.task.id == done.task.id && open.task.id == lower.task.id)
        #expect(done.task.isCompleted && done.task.importance == .high)
        expectTrue(done.task.modifiedAt > open.task.modifiedAt, "the done line wins a merge by modification")
        let twice = try Self.importTodo("Buy milk\nBuy milk\n").tasks
        #expect(twice.count == 2 && twice[0].task.id != twice[1].task.id)
        try expectEqual(Self.importTodo("Buy milk\nBuy milk\n").tasks.map(\.task.id), twice.map(\.task.id))
        try expectEqual(Self.importTodo("Buy milk").tasks[0].task.id, twice[0].task.id)
    }

    @Test("X-4 todo.txt read from bytes: a UTF-8 byte order mark is dropped; empty files import nothing")
    func todoFromData() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("(A) Café au lait +Personal\n".utf8)
        let (tasks, summary) = try TodoTxtImport.parse(data, calendar: Self.calendar, now: Self.now)
        expectEqual(tasks.map(\.task.title), ["Café au lait"])
        expectEqual(tasks.map(\.category), ["Personal"])
        expectEqual(summary.imported, 1)
        try expectEmpty(Self.importTodo("").tasks)
        try expectEqual(Self.importTodo("\n\n   \n").summary.lines, ["Imported 0 tasks."])
    }
}

/// What the imports keep that they used to drop or refuse (issue 17, items 8–10).
@Suite("Exchange · imports keep what they can (X-4)")
struct ExchangeKeepTests {
    typealias F = ExchangeFixture

    static let now = F.utc("2026-03-15T16:00:00Z")
    static let calendar = F.calendar("America/New_York")

    static func taskwarrior(_ json: String) throws -> (tasks: [ImportedTask], summary: ImportSummary) {
        try TaskwarriorImport.parse(Data(json.utf8), calendar: calendar, now: now)
    }

    @Test("X-4 T-26 todo.txt rec:1d, rec:1w, rec:+1m repeat from the due date", arguments: [
        ("rec:1d", RepeatKind.daily), ("rec:1w", .weekly), ("rec:+1w", .weekly), ("rec:1m", .monthly), ("rec:+1d", .daily),
    ])
    func todoRecurrence(_ tag: String, _ kind: RepeatKind) throws {
        let (tasks, summary) = try TodoTxtImport.parse("Water plants due:2026-03-20 \(tag)", calendar: Self.calendar, now: Self.now)
        expectEqual(tasks.first?.task.repeatKind, kind)
        expectEqual(tasks.first?.task.title, "Water plants")
        expectEqual(summary.mapped["rec:"], 1)
        if kind == .weekly { expectEqual(tasks.first?.task.repeatWeekdays, "5") }
        if kind == .monthly { expectEqual(tasks.first?.task.repeatDayOfMonth, 20) }
    }

    @Test("X-4 T-26 Taskwarrior recur:weekdays repeats Monday to Friday; until is kept in the notes and said")
    func weekdaysAndUntil() throws {
        let (tasks, summary) = try Self.taskwarrior(#"""
            [{"description":"Stand-up","due":"20260316T130000Z","recur":"weekdays","until":"20260630T040000Z","status":"pending",
              "uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01"}]
            """#)
        let task = try #require(tasks.first?.task)
        #expect(task.repeatKind == .weekly && task.repeatWeekdays == "1,2,3,4,5")
        expectEqual(task.notes?.contains("Repeats until 2026-06-30"), true, "\(task.notes ?? "")")
        expectEqual(task.notes?.contains("Due at 09:00"), true, "the due time is said: \(task.notes ?? "")")
        expectEqual(summary.dropped["until (kept in notes)"], 1)
        expectEqual(summary.dropped["due time (kept in notes)"], 1)
    }

    @Test("X-4 T-28 two pending children of one recurrence: the one due first is kept, the other named")
    func oneLiveInstance() throws {
        let template = "5f1c2a3b-0000-4000-8000-0000000000aa"
        let (tasks, summary) = try Self.taskwarrior(#"""
            [{"description":"Pay rent","due":"20260430T040000Z","recur":"monthly","parent":"\#(template)","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e02"},
             {"description":"Pay rent","due":"20260331T040000Z","recur":"monthly","parent":"\#(template)","status":"pending","uuid":"0b6c1f2e-8a4d-4c1e-9f3a-1a2b3c4d5e01"}]
            """#)
        expectEqual(tasks.map { $0.task.dueDate }, [F.day("2026-03-31")])
        expectEqual(summary.problems.map(\.place), ["task 1"])
    }

    @Test("X-4 X-5 a todo.txt with one bad line imports the rest and names the line; nothing readable refuses the file")
    func skipAndReport() throws {
        let (tasks, summary) = try TodoTxtImport.parse("Buy milk\nPay bill due:2026-02-30\nCall mum", calendar: Self.calendar, now: Self.now)
        expectEqual(tasks.map(\.task.title), ["Buy milk", "Call mum"])
        expectEqual(summary.problems.map(\.place), ["line 2"])
        expectTrue(summary.lines.contains { $0.hasPrefix("Not imported: line 2: due:2026-02-30") }, "\(summary.lines)")
        #expect(throws: ImportError.self) { try TodoTxtImport.parse("Pay bill due:2026-02-30", calendar: Self.calendar, now: Self.now) }
    }
}
