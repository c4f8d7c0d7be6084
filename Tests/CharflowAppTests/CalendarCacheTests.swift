@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The device's calendar cache through `Charflow`, on a real store file and a real `.ics` file read
/// with libical: what a logical day's events are in a zone with DST and a rollover, how the cache
/// follows a change of zone or rollover, and that its tables are the device's own (rules F-10, F-12).
@Suite("Calendar cache")
struct CalendarCacheTests {
    /// A night shift across the night Berlin's clocks go forward (29 March 2026, 02:00 → 03:00), a
    /// floating lunch, and an event at 02:30 Berlin on 21 March.
    static let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Charflow tests//Cache//EN\r
        BEGIN:VEVENT\r
        UID:night\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Night shift\r
        DTSTART;TZID=Europe/Berlin:20260328T220000\r
        DTEND;TZID=Europe/Berlin:20260329T060000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:lunch\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Lunch\r
        DTSTART:20260320T120000\r
        DTEND:20260320T130000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:small-hours\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Small hours\r
        DTSTART;TZID=Europe/Berlin:20260321T023000\r
        DTEND;TZID=Europe/Berlin:20260321T030000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A store in Berlin with the calendar added on 20 March 2026 at 09:00.
    func berlin() throws -> (AppTestStore, Charflow) {
        let store = try AppTestStore(zone: "Europe/Berlin")
        let file = store.folder.appendingPathComponent("cache.ics")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        let app = try store.open("2026-03-20")
        try app.addCalendar(.init(name: try .reading("Shifts"), source: file.path))
        return (store, app)
    }

    func titles(_ app: Charflow, _ day: String) throws -> [String] {
        try app.calendarEvents(on: try #require(LocalDay(day))).map(\.title)
    }

    @Test("F-10 F-12 a logical day's events follow its rollover and the DST night; a range gives each event once")
    func logicalDays() throws {
        let (_, app) = try berlin()
        try expectEqual(titles(app, "2026-03-20"), ["Lunch"])
        try expectEqual(titles(app, "2026-03-21"), ["Small hours"])
        try expectEqual(titles(app, "2026-03-28"), ["Night shift"])
        try expectEqual(titles(app, "2026-03-29"), ["Night shift"], "it ends at 06:00 on the next day")
        let night = try #require(try app.calendarEvents(on: LocalDay(year: 2026, month: 3, day: 29)!).first)
        let span = night.interval(in: app.calendar)
        expectEqual(span.duration, 7 * 3600, "22:00 to 06:00 across the jump is seven hours")
        let range = try app.calendarEvents(from: LocalDay(year: 2026, month: 3, day: 20)!, through: LocalDay(year: 2026, month: 3, day: 31)!)
        expectEqual(range.map(\.title), ["Lunch", "Small hours", "Night shift"])
    }

    @Test("F-12 a new rollover time or zone expands the kept snapshot again when the store is next opened, without reading the file")
    func rolloverAndZoneMoveTheCache() throws {
        let (store, app) = try berlin()
        try FileManager.default.removeItem(at: store.folder.appendingPathComponent("cache.ics"))
        try app.changeSetting(.init(key: try .reading("rollover-time"), value: "04:00"))
        // With the day starting at 04:00, 02:30 on 21 March is the night of 20 March.
        let later = try store.open("2026-03-20", "10:00")
        try expectEqual(titles(later, "2026-03-20"), ["Lunch", "Small hours"])
        expectTrue(try titles(later, "2026-03-21").isEmpty)
        try expectEqual(titles(later, "2026-03-28"), ["Night shift"])
        try expectEqual(titles(later, "2026-03-29"), ["Night shift"], "it goes on past 04:00, when the 29th begins")

        // In New York the floating lunch stays at noon on the wall clock; the others keep their instants.
        let york = try #require(TimeZone(identifier: "America/New_York"))
        let away = try StoreEnvironment(path: store.path, timeZone: york, localeFirstWeekday: .monday)
            .open(now: PlannerCalendar(timeZone: york).instant(on: LocalDay(year: 2026, month: 3, day: 20)!, at: TimeOfDay("10:00")!))
        let lunch = try #require(try away.calendarEvents(on: LocalDay(year: 2026, month: 3, day: 20)!).first { $0.uid == "lunch" })
        expectEqual(Instant.isoText(lunch.interval(in: away.calendar).start, in: away.calendar), "2026-03-20T12:00:00-04:00")
        try expectEqual(away.readCalendars().entries.first?.failure, nil, "nothing tried to read the file")
    }

    @Test("F-12 B-21 calendar add and calendar remove, undone, leave every record as it was before them")
    func undoneExactly() throws {
        let store = try AppTestStore(zone: "Europe/Berlin")
        let file = store.folder.appendingPathComponent("cache.ics")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        try store.open("2026-03-20", "09:00").addTask(AddTask.Input(title: "Water the plants"))
        let steps: [(String, (Charflow) throws -> Void)] = [
            ("calendar add", { try $0.addCalendar(.init(name: try .reading("Shifts"), source: file.path)) }),
            ("calendar remove", { try $0.removeCalendar(.init(calendar: CalendarRef("shifts"))) }),
        ]
        for (index, (name, run)) in steps.enumerated() {
            let time = String(format: "09:%02d", index + 1)
            let app = try store.open("2026-03-20", time)
            let before = try UndoExactnessTests.records(app)
            try run(app)
            try expectNotEqual(UndoExactnessTests.records(app), before, "\(name) changed nothing")
            let undone = try store.open("2026-03-20", time)
            try expectEqual(undone.undo(UndoAction.Input()).label, name)
            let after = try UndoExactnessTests.records(undone)
            expectTrue(Set(before).subtracting(after).isEmpty && Set(after).subtracting(before).isEmpty, "undo of \(name): missing \(Set(before).subtracting(after).sorted()), left \(Set(after).subtracting(before).sorted())")
            try run(try store.open("2026-03-20", time, seconds: 30))
        }
    }

    @Test("F-9 F-12 the calendar tables are the device's own: no sync trigger, no operation when the store becomes a device, no backup table")
    func notSynced() throws {
        let (store, app) = try berlin()
        let db = try Database(path: store.path)
        try OperationLog.enable(db)
        try expectEqual(db.scalar("SELECT count(*) FROM sync_ops WHERE table_name LIKE 'calendar%'")?.int, 0)
        try expectEqual(db.scalar("SELECT count(*) FROM sync_ops WHERE value LIKE '%Night shift%'")?.int, 0)
        // A device: its triggers cover the synced tables, none of the calendar's.
        let device = try store.open("2026-03-20", "11:00")
        let file = store.folder.appendingPathComponent("more.ics")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        try device.addCalendar(.init(name: try .reading("More"), source: file.path))
        try device.refreshCalendars(.init())
        try expectEqual(db.scalar("SELECT count(*) FROM sync_ops WHERE table_name LIKE 'calendar%' OR value LIKE '%Night shift%'")?.int, 0)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name LIKE 'calendar%'")?.int == 0)
        expectTrue(!OperationLog.syncedTables.contains { $0.hasPrefix("calendar") })
        expectTrue(!Backup.tables.contains { $0.name.hasPrefix("calendar") })
        _ = app
    }
}
