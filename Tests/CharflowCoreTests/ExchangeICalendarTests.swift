import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Exchange · iCalendar export (X-2)")
struct ExchangeICalendarTests {
    typealias F = ExchangeFixture

    @Test("X-2 the document is a VCALENDAR 2.0 with Charflow's PRODID, Gregorian, CRLF line ends only")
    func envelope() {
        let ics = ICalendarExport.document(tasks: [F.task("One", id: 1)], categoryNames: [:], calendar: F.calendar())
        let lines = F.unfolded(ics)
        expectEqual(Array(lines.prefix(4)), ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Charflow//Charflow//EN",
                                           "CALSCALE:GREGORIAN"])
        expectEqual(lines.last, "END:VCALENDAR")
        expectTrue(ics.hasSuffix("END:VCALENDAR\r\n"))
        let bytes = Array(ics.utf8)
        for (index, byte) in bytes.enumerated() where byte == 10 {
            #expect(index > 0 && bytes[index - 1] == 13, "a bare LF at byte \(index)")
        }
        for (index, byte) in bytes.enumerated() where byte == 13 {
            #expect(index + 1 < bytes.count && bytes[index + 1] == 10, "a bare CR at byte \(index)")
        }
    }

    @Test("X-2 one VTODO per live or completed task, in the order given; dropped tasks are left out")
    func liveAndCompletedOnly() {
        var done = F.task("Done", id: 2)
        done.isCompleted = true
        done.completedAt = F.utc("2026-01-03T12:00:00Z")
        var dropped = F.task("Dropped", id: 3)
        dropped.droppedAt = F.utc("2026-01-03T12:00:00Z")
        let ics = ICalendarExport.document(tasks: [F.task("Live", id: 1), done, dropped, F.task("Later", id: 4)],
                                           categoryNames: [:], calendar: F.calendar())
        let uids = F.unfolded(ics).filter { $0.hasPrefix("UID:") }
        expectEqual(uids, [1, 2, 4].map { "UID:" + F.id($0).uuidString.lowercased() + "@charflow" })
        expectEqual(F.unfolded(ics).filter { $0 == "BEGIN:VTODO" }.count, 3)
        expectLacks(ics, "Dropped")
    }

    @Test("X-2 a live task: UID, UTC stamps, SUMMARY, DESCRIPTION, DUE as a DATE, NEEDS-ACTION, CATEGORIES")
    func liveTaskProperties() {
        var task = F.task("Call the plumber", id: 7, due: "2026-03-05", importance: .high)
        task.notes = "Ask about the boiler"
        task.categoryID = F.id(99)
        task.createdAt = F.utc("2026-03-01T14:05:09Z")
        task.modifiedAt = F.utc("2026-03-02T23:59:59Z")
        let ics = ICalendarExport.document(tasks: [task], categoryNames: [F.id(99): "Home"], calendar: F.calendar())
        let lines = F.todoLines(ics, id: 7)
        expectEqual(lines.first, "UID:00000000-0000-4000-8000-000000000007@charflow")
        expectContains(lines, "DTSTAMP:20260302T235959Z")
        expectContains(lines, "CREATED:20260301T140509Z")
        expectContains(lines, "LAST-MODIFIED:20260302T235959Z")
        expectContains(lines, "SUMMARY:Call the plumber")
        expectContains(lines, "DESCRIPTION:Ask about the boiler")
        expectContains(lines, "DUE;VALUE=DATE:20260305")
        expectContains(lines, "STATUS:NEEDS-ACTION")
        expectContains(lines, "PRIORITY:1")
        expectContains(lines, "CATEGORIES:Home")
        expectTrue(!lines.contains { $0.hasPrefix("COMPLETED") || $0.hasPrefix("RRULE") || $0.hasPrefix("DTSTART") })
    }

    @Test("X-2 a completed task: STATUS:COMPLETED and COMPLETED in UTC; no DUE or CATEGORIES when it has none")
    func completedTask() {
        var task = F.task("Filed", id: 8)
        task.isCompleted = true
        task.completedAt = F.utc("2026-03-10T17:00:00Z")
        task.categoryID = F.id(98)
        let ics = ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar())
        let lines = F.todoLines(ics, id: 8)
        expectContains(lines, "STATUS:COMPLETED")
        expectContains(lines, "COMPLETED:20260310T170000Z")
        expectTrue(!lines.contains { $0.hasPrefix("DUE") || $0.hasPrefix("CATEGORIES") || $0.hasPrefix("DESCRIPTION") })
    }

    @Test("X-2 PRIORITY: high 1, medium 5, low 9",
          arguments: [(Importance.high, 1), (.medium, 5), (.low, 9)])
    func priority(_ importance: Importance, _ expected: Int) {
        expectEqual(ICalendarExport.priority(importance), expected)
        let ics = ICalendarExport.document(tasks: [F.task("P", id: 1, due: "2026-03-05", importance: importance)],
                                           categoryNames: [:], calendar: F.calendar())
        expectContains(F.todoLines(ics, id: 1), "PRIORITY:\(expected)")
        expectContains(F.todoLines(ics, id: 1), "X-CHARFLOW-IMPORTANCE:\(importance.rawValue)")
    }

    @Test("X-2 RRULE for each repeat kind; monthly 29–31 clamp to the month's end with BYSETPOS=-1",
          arguments: [
              (RepeatKind.daily, "", 0, "2026-01-30", "FREQ=DAILY"),
              (.weekly, "1,5", 0, "2026-01-02", "FREQ=WEEKLY;BYDAY=MO,FR"),
              (.weekly, "5,1", 0, "2026-01-02", "FREQ=WEEKLY;BYDAY=MO,FR"),
              (.weekly, "", 0, "2026-01-07", "FREQ=WEEKLY;BYDAY=WE"),
              (.weekly, "7", 0, "2026-01-04", "FREQ=WEEKLY;BYDAY=SU"),
              (.monthly, "", 1, "2026-01-01", "FREQ=MONTHLY;BYMONTHDAY=1"),
              (.monthly, "", 15, "2026-01-15", "FREQ=MONTHLY;BYMONTHDAY=15"),
              (.monthly, "", 28, "2026-01-28", "FREQ=MONTHLY;BYMONTHDAY=28"),
              (.monthly, "", 29, "2026-01-29", "FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1"),
              (.monthly, "", 30, "2026-01-30", "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1"),
              (.monthly, "", 31, "2026-01-31", "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
              (.monthly, "", 31, "2026-02-28", "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
              (.monthly, "", 0, "2026-03-31", "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
              (.monthly, "", 0, "2026-03-12", "FREQ=MONTHLY;BYMONTHDAY=12"),
          ] as [(RepeatKind, String, Int, String, String)])
    func recurrenceRule(_ kind: RepeatKind, _ weekdays: String, _ dayOfMonth: Int, _ due: String, _ rule: String) {
        let task = F.task("Repeat", id: 1, due: due, repeat: kind, weekdays: weekdays, dayOfMonth: dayOfMonth)
        expectEqual(ICalendarExport.recurrenceRule(for: task), rule)
        let lines = F.todoLines(ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar()), id: 1)
        expectContains(lines, "RRULE:" + rule)
        expectContains(lines, "DTSTART;VALUE=DATE:" + due.replacingOccurrences(of: "-", with: ""))
        expectContains(lines, "DUE;VALUE=DATE:" + due.replacingOccurrences(of: "-", with: ""))
        expectLacks(lines, "RRULE:FREQ=MONTHLY;BYMONTHDAY=31", "plain BYMONTHDAY=31 skips short months")
    }

    @Test("X-2 no RRULE for a one-off task or a repeat without a day; a completed instance keeps its rule as X-CHARFLOW-RRULE")
    func ruleOnlyOnLiveRepeats() {
        expectEqual(ICalendarExport.recurrenceRule(for: F.task("Once", id: 1, due: "2026-01-05")), nil)
        expectEqual(ICalendarExport.recurrenceRule(for: F.task("No day", id: 2, repeat: .daily)), nil)
        var done = F.task("Rent", id: 3, due: "2026-01-31", repeat: .monthly, dayOfMonth: 31)
        done.isCompleted = true
        done.completedAt = F.utc("2026-01-31T18:00:00Z")
        let lines = F.todoLines(ICalendarExport.document(tasks: [done], categoryNames: [:], calendar: F.calendar()), id: 3)
        expectTrue(!lines.contains { $0.hasPrefix("RRULE") || $0.hasPrefix("DTSTART") })
        expectContains(lines, "X-CHARFLOW-RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        expectContains(lines, "X-CHARFLOW-SERIES:" + F.id(1003).uuidString.lowercased())
    }

    @Test("X-2 X-CHARFLOW- properties carry what iCalendar lacks: region, bucket, effort, deferrals, series, importance, sort order")
    func charflowProperties() {
        var task = F.task("Placed", id: 5, due: "2026-03-05", importance: .medium, repeat: .daily)
        task.region = .afternoon
        task.bucket = .mustDo
        task.sortOrder = 2
        task.effortMinutes = 45
        task.deferralCount = 3
        let lines = F.todoLines(ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar()), id: 5)
        for expected in ["X-CHARFLOW-REGION:afternoon", "X-CHARFLOW-BUCKET:mustDo", "X-CHARFLOW-SORT-ORDER:2",
                         "X-CHARFLOW-EFFORT:45", "X-CHARFLOW-DEFERRALS:3", "X-CHARFLOW-IMPORTANCE:medium",
                         "X-CHARFLOW-SERIES:" + F.id(1005).uuidString.lowercased()] {
            expectContains(lines, expected, "missing \(expected)")
        }
        var plain = F.task("Backlog", id: 6)
        plain.effortMinutes = nil
        let other = F.todoLines(ICalendarExport.document(tasks: [plain], categoryNames: [:], calendar: F.calendar()), id: 6)
        expectTrue(!other.contains { $0.hasPrefix("X-CHARFLOW-REGION") || $0.hasPrefix("X-CHARFLOW-EFFORT")
                || $0.hasPrefix("X-CHARFLOW-SERIES") || $0.hasPrefix("X-CHARFLOW-SORT-ORDER") })
        expectContains(other, "X-CHARFLOW-DEFERRALS:0")
    }

    @Test("X-2 TEXT escaping: backslash, semicolon, comma and newlines (LF, CRLF, CR)",
          arguments: [
              ("plain words", "plain words"),
              ("a;b", "a\\;b"),
              ("a,b", "a\\,b"),
              ("C:\\temp", "C:\\\\temp"),
              ("line one\nline two", "line one\\nline two"),
              ("dos\r\nline", "dos\\nline"),
              ("old mac\rline", "old mac\\nline"),
              ("\\n is not a newline", "\\\\n is not a newline"),
              ("tab\tkept, bell\u{07} dropped", "tab\tkept\\, bell dropped"),
              ("Meeting: 10:30", "Meeting: 10:30"),
          ])
    func escaping(_ raw: String, _ escaped: String) {
        expectEqual(ICalendarExport.escape(raw), escaped)
        var task = F.task(raw, id: 1)
        task.notes = raw
        task.categoryID = F.id(90)
        let lines = F.todoLines(ICalendarExport.document(tasks: [task], categoryNames: [F.id(90): raw],
                                                         calendar: F.calendar()), id: 1)
        expectContains(lines, "SUMMARY:" + escaped)
        expectContains(lines, "DESCRIPTION:" + escaped)
        expectContains(lines, "CATEGORIES:" + escaped)
    }

    @Test("X-2 folding: a line of 75 octets stays whole, 76 folds; continuations start with a space")
    func foldingBoundary() {
        let exact = "SUMMARY:" + String(repeating: "a", count: 67)
        expectEqual(exact.utf8.count, 75)
        expectEqual(ICalendarExport.fold(exact), exact)
        let over = exact + "b"
        expectEqual(ICalendarExport.fold(over), exact + "\r\n b")
        let long = "DESCRIPTION:" + String(repeating: "0123456789", count: 30)
        let folded = ICalendarExport.fold(long)
        let pieces = folded.components(separatedBy: "\r\n")
        expectEqual(pieces.count, 5)
        expectTrue(pieces.allSatisfy { $0.utf8.count <= 75 })
        expectTrue(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        expectTrue(pieces.dropLast().allSatisfy { $0.utf8.count == 75 })
        expectEqual(folded.replacingOccurrences(of: "\r\n ", with: ""), long)
    }

    @Test("X-2 folding at 75 octets never splits a UTF-8 character (2-, 3- and 4-byte text, combining marks)",
          arguments: [
              String(repeating: "é", count: 120),
              String(repeating: "日本語のテキスト", count: 20),
              String(repeating: "🧭🌙", count: 50),
              "a" + String(repeating: "ß", count: 90) + "z",
              String(repeating: "e\u{301}", count: 80),
              "Mixed ascii, accents (café, naïve), 漢字 and emoji 👩‍💻 in one very long note that must fold",
          ])
    func foldingMultiByte(_ text: String) throws {
        var task = F.task(text, id: 1)
        task.notes = text + "\n" + text
        let ics = ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar())
        for line in F.physicalLines(ics) {
            expectTrue(line.count <= 75, "a line of \(line.count) octets")
            expectNotEqual(String(validating: line, as: UTF8.self), nil, "a fold split a UTF-8 sequence")
        }
        let lines = F.unfolded(ics)
        expectContains(lines, "SUMMARY:" + ICalendarExport.escape(text))
        expectContains(lines, "DESCRIPTION:" + ICalendarExport.escape(text) + "\\n" + ICalendarExport.escape(text))
    }

    @Test("X-2 folding keeps a combining mark with its letter; only a cluster longer than a line is split, between scalars")
    func foldingClusters() throws {
        let accents = "SUMMARY:" + String(repeating: "e\u{301}", count: 80)
        let folded = ICalendarExport.fold(accents)
        for piece in folded.components(separatedBy: "\r\n").dropFirst() {
            let scalars = Array(piece.unicodeScalars)
            #expect(scalars.count > 1 && scalars[0] == " " && scalars[1] == "e", "a fold split e + U+0301")
        }
        let zalgo = "SUMMARY:Z" + String(repeating: "\u{301}", count: 60)
        let split = ICalendarExport.fold(zalgo)
        for line in F.physicalLines(split + "\r\n") {
            expectTrue(line.count <= 75)
            expectNotEqual(String(validating: line, as: UTF8.self), nil)
        }
        expectEqual(F.unfolded(split + "\r\n"), [zalgo])
    }

    @Test("X-2 instants are written in UTC whatever the planner's zone; days are floating DATEs")
    func utcStamps() {
        expectEqual(ICalendarExport.utcText(F.utc("2026-03-08T06:59:59Z")), "20260308T065959Z")
        expectEqual(ICalendarExport.utcText(Date(timeIntervalSince1970: 0.999)), "19700101T000000Z")
        expectEqual(ICalendarExport.utcText(F.utc("1969-12-31T23:59:59Z")), "19691231T235959Z")
        expectEqual(ICalendarExport.dateText(F.day("2028-02-29")), "20280229")
        let task = F.task("Zone", id: 1, due: "2026-03-08")
        let york = ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar("America/New_York"))
        let tokyo = ICalendarExport.document(tasks: [task], categoryNames: [:], calendar: F.calendar("Asia/Tokyo"))
        expectEqual(york, tokyo)
    }
}
